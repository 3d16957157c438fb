import type { PostCard } from '../contract/posts'
import type { SearchHighlight } from '../contract/search'
import { normalise, type QueryTerm } from './tokenizer'

/*
 * Where a search result matched: [start, end) ranges (UTF-16 indexes, as JavaScript strings count) of the
 * query's words in the card's title, and a short excerpt of its content around the first match with the
 * ranges in it. Plain text and numbers only: a client marks them up itself (never as HTML from us).
 * Matching is on the NFKC / lower-case form the index uses, mapped back to the original characters.
 */

/** Characters of context kept before the first match in the excerpt, and the excerpt's length at most. */
const EXCERPT_BEFORE = 12
const EXCERPT_MAX = 60

type Range = [number, number]

/**
 * One character's normalised form. ASCII (lower-cased) and the CJK Unified Ideographs block (U+4E00–U+9FFF, which
 * NFKC leaves as they are) are most of a note's text and skip String.normalize, called once per character of
 * every card's content: bench --reads, search 学习 (signed in), 1.90 → 1.48 ms of server CPU per page.
 */
function stableForm(ch: string): string {
  const code = ch.charCodeAt(0)
  if (code < 0x80) return ch.toLowerCase()
  if (code >= 0x4e00 && code <= 0x9fff) return ch
  return normalise(ch)
}

/** The text normalised character by character, with each normalised index's original [start, end). */
function normalisedWithMap(text: string): { norm: string; from: number[]; to: number[] } {
  let norm = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const ch of text) {
    const n = stableForm(ch)
    for (let k = 0; k < n.length; k++) {
      from.push(i)
      to.push(i + ch.length)
    }
    norm += n
    i += ch.length
  }
  return { norm, from, to }
}

/** Ranges of every occurrence of the words in `text`, sorted and merged. */
export function matchRanges(text: string, words: readonly string[]): Range[] {
  if (!text || words.length === 0) return []
  const { norm, from, to } = normalisedWithMap(text)
  const found: Range[] = []
  for (const w of words) {
    if (!w) continue
    for (let at = norm.indexOf(w); at >= 0; at = norm.indexOf(w, at + 1)) found.push([from[at]!, to[at + w.length - 1]!])
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: Range[] = []
  for (const r of found) {
    const last = merged[merged.length - 1]
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1])
    else merged.push([r[0], r[1]])
  }
  return merged
}

/** The words to mark for the query's terms. */
export function wordsOf(terms: readonly QueryTerm[]): string[] {
  return [...new Set(terms.map((t) => t.token))]
}

/** `at`, moved back one if it would split a surrogate pair (an emoji). */
function notInPair(text: string, at: number): number {
  const code = text.charCodeAt(at)
  return at > 0 && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at
}

/**
 * Highlights made lately, per note and query words, with the title and content they were made from: a common
 * query shows the same cards to everyone, and marking a card's text cost ~0.1 ms per page (bench --reads,
 * search 学习). A note whose text changed no longer matches its entry and is marked again.
 */
const MEMO_MAX = 5000
const memo = new Map<string, { title: string; content: string; highlight: SearchHighlight }>()

/** `highlightOf`, remembered per note id and words (see memo). The result is shared: callers must not change it. */
export function noteHighlight(card: Pick<PostCard, 'id' | 'title' | 'content'>, words: readonly string[]): SearchHighlight {
  const key = `${card.id}\n${words.join('\n')}`
  const content = card.content ?? ''
  const known = memo.get(key)
  if (known && known.title === card.title && known.content === content) return known.highlight
  const highlight = highlightOf(card, words)
  if (memo.size >= MEMO_MAX) memo.clear()
  memo.set(key, { title: card.title, content, highlight })
  return highlight
}

export function highlightOf(card: Pick<PostCard, 'title' | 'content'>, words: readonly string[]): SearchHighlight {
  const title = matchRanges(card.title, words)
  const content = card.content ?? ''
  const inContent = matchRanges(content, words)
  if (inContent.length === 0) return { title, excerpt: '', excerpt_ranges: [] }
  const start = notInPair(content, Math.max(0, inContent[0]![0] - EXCERPT_BEFORE))
  const end = notInPair(content, Math.min(content.length, start + EXCERPT_MAX))
  const excerpt = content.slice(start, end)
  const excerptRanges = inContent.filter(([s, e]) => s >= start && e <= end).map(([s, e]): Range => [s - start, e - start])
  return { title, excerpt, excerpt_ranges: excerptRanges }
}

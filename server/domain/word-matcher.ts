import AhoCorasick from 'modern-ahocorasick'
import type { WatchAction } from '../contract/admin/moderation'

/*
 * The watched-word automaton: every word of the list in one Aho–Corasick automaton, each text checked in
 * one pass over it. Matching ignores case and width: the text and the words are folded the same way, one
 * code point at a time (NFKC, then lower case: 'ＡＢＣ' and 'Abc' are 'abc', '①' is '1'), and a map from the
 * folded text back to the original lets a replacement cut exactly the original characters. Chinese needs
 * no word boundaries: a word matches wherever its characters appear in a row.
 */

export interface WatchEntry {
  word: string
  action: WatchAction
}

/** One code point folded: NFKC, then lower case (ASCII and common CJK ideographs without the normaliser: they fold to themselves or to lower case). */
function foldPoint(point: string): string {
  const code = point.codePointAt(0)!
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : point
  if (code >= 0x4e00 && code <= 0x9fff) return point
  return point.normalize('NFKC').toLowerCase()
}

/** A word as the automaton stores it, and as the unique column of the list keeps it. */
export function foldWord(word: string): string {
  let out = ''
  for (const point of word.trim()) out += foldPoint(point)
  return out
}

interface Folded {
  text: string
  /** For each UTF-16 unit of `text`: the start and end of the original code point it came from. */
  from: number[]
  to: number[]
}

function foldText(text: string): Folded {
  let folded = ''
  const from: number[] = []
  const to: number[] = []
  let at = 0
  for (const point of text) {
    const out = foldPoint(point)
    folded += out
    for (let i = 0; i < out.length; i++) {
      from.push(at)
      to.push(at + point.length)
    }
    at += point.length
  }
  return { text: folded, from, to }
}

/** How a text fares: the strongest action among its matches (block > review > replace), or null. */
export interface Screening {
  verdict: 'block' | 'review' | null
  /** Original ranges [start, end) of the replace words found, in order, not overlapping. */
  replace: Array<[number, number]>
}

const RANK: Record<WatchAction, number> = { replace: 1, review: 2, block: 3 }

export const MASK = '***'

export class WordMatcher {
  readonly size: number
  readonly #automaton: AhoCorasick<WatchAction>

  constructor(entries: readonly WatchEntry[]) {
    const patterns = entries.map((e) => ({ pattern: foldWord(e.word), data: e.action })).filter((p) => p.pattern.length > 0)
    this.size = patterns.length
    this.#automaton = new AhoCorasick(patterns)
  }

  /** One pass over the text: the strongest verdict and where the replace words are. */
  screen(text: string): Screening {
    const result: Screening = { verdict: null, replace: [] }
    if (!this.size || !text) return result
    const folded = foldText(text)
    // Most texts hold no word: the early-exit test first, the full pass only when there is something to find.
    if (!this.#automaton.match(folded.text)) return result
    let strongest = 0
    const replaced: Array<[number, number]> = []
    // Every match, overlapping ones included: a block word inside a longer replace word still blocks.
    for (const match of this.#automaton.iterate(folded.text)) {
      const action = match.data ?? 'replace'
      strongest = Math.max(strongest, RANK[action])
      if (action === 'replace') replaced.push([folded.from[match.start]!, folded.to[match.end - 1]!])
    }
    result.verdict = strongest === RANK.block ? 'block' : strongest === RANK.review ? 'review' : null
    result.replace = leftmostLongest(replaced)
    return result
  }
}

/** Non-overlapping ranges: the earliest start wins, the longest at the same start. */
function leftmostLongest(ranges: Array<[number, number]>): Array<[number, number]> {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const kept: Array<[number, number]> = []
  for (const range of ranges) if (!kept.length || range[0] >= kept[kept.length - 1]![1]) kept.push(range)
  return kept
}

/** The text with each range replaced by the mask (ranges in order, not overlapping). */
export function maskRanges(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  if (!ranges.length) return text
  let out = ''
  let at = 0
  for (const [start, end] of ranges) {
    if (start < at) continue
    out += text.slice(at, start) + MASK
    at = end
  }
  return out + text.slice(at)
}

/** A text after screening: the verdict, and the text with its replace words masked. */
export interface Screened {
  verdict: Screening['verdict']
  text: string
}

export function screenPlain(matcher: WordMatcher, text: string): Screened {
  const { verdict, replace } = matcher.screen(text)
  return { verdict, text: maskRanges(text, replace) }
}

/** Tags, entities and single characters of sanitised markup. */
const HTML_UNITS = /<[^>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);|[\s\S]/giu
const ENTITY_TEXT: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function entityText(entity: string): string {
  const name = entity.slice(1, -1).toLowerCase()
  if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 0x20)
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)) || 0x20)
  return ENTITY_TEXT[name] ?? entity
}

/**
 * Rich text (already sanitised) screened on its visible text, never its markup: a word matches across
 * emphasis tags ('广<b>告</b>'), and a replace word's characters are masked where they stand (the mask in
 * the first text piece of the match, the rest removed), so every tag stays in place.
 */
export function screenHtml(matcher: WordMatcher, html: string): Screened {
  if (!matcher.size || !html) return { verdict: null, text: html }
  const units = html.match(HTML_UNITS) ?? []
  let visible = ''
  /** For each text unit: its index in `units` and its range in `visible`. */
  const textUnits: Array<{ unit: number; start: number; end: number }> = []
  units.forEach((unit, i) => {
    if (unit.startsWith('<') && unit.length > 1) return
    const text = unit.length > 1 && unit.startsWith('&') ? entityText(unit) : unit
    textUnits.push({ unit: i, start: visible.length, end: visible.length + text.length })
    visible += text
  })
  const { verdict, replace } = matcher.screen(visible)
  if (!replace.length) return { verdict, text: html }
  const out = [...units]
  let r = 0
  for (const t of textUnits) {
    while (r < replace.length && replace[r]![1] <= t.start) r++
    const range = replace[r]
    if (!range || t.end <= range[0]) continue
    out[t.unit] = t.start <= range[0] ? MASK : ''
  }
  return { verdict, text: out.join('') }
}

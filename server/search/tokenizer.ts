import { createRequire } from 'node:module'
import type { Jieba } from '@node-rs/jieba'

/**
 * Word-aware tokenizer (ARCHITECTURE.md §4, docs/discovery.md "Search"). Text is NFKC-normalised and
 * lower-cased; Latin/digit runs become words; each run of CJK characters is cut into dictionary words by
 * jieba (@node-rs/jieba, its bundled dictionary, HMM off so the cut is deterministic and every piece is a
 * dictionary word or a single character). A document's tokens, space-separated in posts.search_text, are:
 *   1. the words in text order, repeated as often as they occur (term frequency feeds BM25 / ts_rank);
 *   2. after them, once each: the dictionary sub-words of longer words (search mode: 图书馆 → 图书, 书馆),
 *      so a query for a part of a compound finds it; the character bigrams of every stretch of single
 *      characters the dictionary did not know (names, slang: 李/华 → 李华), so those still match; and every
 *      CJK character, so a one-character query (书, 锅) finds it anywhere, as before.
 * Queries are cut the same way; a query word must match an indexed word (大学生活 = 大学 + 生活, never the
 * pair 学生), an unknown stretch matches by its bigrams (as the old pair search did, but only there), and a
 * query of one character matches that character. Lone characters between words of a longer query (的, 和,
 * 在) are not required.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/** CJK runs, and runs of other letters and digits (so Python入门 is two segments). */
const SEGMENT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu

let jieba: Jieba | null = null

/** The segmenter, built on first use (loading the dictionary takes ~0.2 s and ~30 MB). */
function segmenter(): Jieba {
  if (!jieba) {
    // The packages are CommonJS without an exports map; required lazily so that a process that never
    // searches or writes a note never loads the dictionary.
    const require = createRequire(import.meta.url)
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba')
    const { dict } = require('@node-rs/jieba/dict.js') as { dict: Uint8Array }
    jieba = JiebaClass.withDict(dict)
  }
  return jieba
}

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

const isCjk = (run: string): boolean => CJK.test(run[0]!)
const length = (word: string): number => [...word].length

/** A CJK run cut into dictionary words and single characters, in order. */
export function cutWords(run: string): string[] {
  return segmenter().cut(run, false)
}

/**
 * Maximal stretches (2+ items) of consecutive single characters in a cut, as [start, end) indexes: what the
 * dictionary did not know (names, slang), or particles next to each other.
 */
function unknownStretches(words: string[]): Array<[number, number]> {
  const stretches: Array<[number, number]> = []
  let start = 0
  for (let i = 0; i <= words.length; i++) {
    if (i < words.length && length(words[i]!) === 1) continue
    if (i - start > 1) stretches.push([start, i])
    start = i + 1
  }
  return stretches
}

function bigrams(chars: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!)
  return out
}

/** Tokens of a document: its words in order (with repeats), then its sub-words and unknown-stretch bigrams once each. */
export function tokenize(text: string): string[] {
  const words: string[] = []
  const extra = new Set<string>()
  for (const [run] of normalise(text).matchAll(SEGMENT)) {
    if (!isCjk(run)) {
      words.push(run)
      continue
    }
    const cut = cutWords(run)
    words.push(...cut)
    for (const w of cut) {
      if (length(w) > 2) for (const sub of segmenter().cutForSearch(w, false)) if (sub !== w) extra.add(sub)
    }
    for (const [from, to] of unknownStretches(cut)) for (const pair of bigrams(cut.slice(from, to))) extra.add(pair)
    for (const ch of run) extra.add(ch)
  }
  const seen = new Set(words)
  return [...words, ...[...extra].filter((t) => !seen.has(t))]
}

/** The value stored in posts.search_text for arbitrary text parts. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return tokenize(parts.filter(Boolean).join(' ')).join(' ')
}

/**
 * posts.search_text of a published note: title and tag names count twice (a word in the title or a tag says
 * more about the note than one in the body; BM25 / ts_rank see it as term frequency).
 */
export function noteSearchText(title: string, body: string, tags: readonly string[]): string {
  const tagText = tags.join(' ')
  return searchText(title, title, body, tagText, tagText)
}

export interface QueryTerm {
  token: string
  /** Match any indexed token starting with `token` (the last Latin word, while typing). */
  prefix: boolean
}

/** Queries cut lately (the same words are searched again and again: a page, the next page, everyone's 学习). */
const QUERY_MEMO_MAX = 1000
const queryMemo = new Map<string, readonly QueryTerm[]>()

/**
 * Terms of a search query; every term must match. Empty when the query has no searchable characters. The cut
 * depends on the text alone (jieba's fixed dictionary, HMM off), so it is remembered per query text.
 */
export function queryTerms(query: string): QueryTerm[] {
  let terms = queryMemo.get(query)
  if (!terms) {
    if (queryMemo.size >= QUERY_MEMO_MAX) queryMemo.clear()
    queryMemo.set(query, (terms = Object.freeze(cutQuery(query).map((t) => Object.freeze(t)))))
  }
  return [...terms]
}

function cutQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = []
  const runs = [...normalise(query).matchAll(SEGMENT)].map((m) => m[0])
  runs.forEach((run, index) => {
    if (!isCjk(run)) {
      terms.push({ token: run, prefix: index === runs.length - 1 })
      return
    }
    if (length(run) === 1) {
      terms.push({ token: run, prefix: false })
      return
    }
    const cut = cutWords(run)
    const inStretch = new Set<number>()
    for (const [from, to] of unknownStretches(cut)) {
      for (let k = from; k < to; k++) inStretch.add(k)
      for (const pair of bigrams(cut.slice(from, to))) terms.push({ token: pair, prefix: false })
    }
    // Dictionary words must match as words; lone characters between words (的, 和) are left out.
    cut.forEach((w, k) => {
      if (!inStretch.has(k) && length(w) > 1) terms.push({ token: w, prefix: false })
    })
  })
  const seen = new Set<string>()
  return terms.filter((t) => !seen.has(t.token + t.prefix) && seen.add(t.token + t.prefix))
}

/** The words a query's terms stand for, for highlighting (bigrams of an unknown stretch are merged back). */
export function highlightWords(terms: QueryTerm[]): string[] {
  return [...new Set(terms.map((t) => t.token))]
}

/** FTS5 MATCH expression for the terms (each quoted, so no FTS syntax leaks from user input). */
export function fts5Match(terms: QueryTerm[]): string {
  return terms.map((t) => `"${t.token.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' AND ')
}

/** PostgreSQL to_tsquery('simple', ...) expression for the terms. */
export function tsQuery(terms: QueryTerm[]): string {
  return terms.map((t) => `'${t.token.replace(/'/g, "''").replace(/\\/g, '\\\\')}'${t.prefix ? ':*' : ''}`).join(' & ')
}

/**
 * MySQL/MariaDB: the FULLTEXT index is on posts.search_ft, search_text with every token prefixed by `zz`
 * (a generated column, migration 1797200000000), because InnoDB does not index words shorter than 3
 * characters (innodb_ft_min_token_size) and most Chinese words have 2. Tokens are letters and digits only
 * (SEGMENT), so no boolean-mode syntax can come from user input.
 */
export const MYSQL_TOKEN_PREFIX = 'zz'

export function mysqlBooleanQuery(terms: QueryTerm[]): string {
  return terms.map((t) => `+${MYSQL_TOKEN_PREFIX}${t.token}${t.prefix ? '*' : ''}`).join(' ')
}

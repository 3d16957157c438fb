/**
 * Chinese-aware tokenizer (ARCHITECTURE.md §4). Text is NFKC-normalised and lower-cased; each run of CJK
 * characters becomes its overlapping bigrams plus the run's last character, and Latin/digit runs become
 * words. The tokens are stored space-separated in posts.search_text and indexed by FTS5 (SQLite) or a GIN
 * tsvector (PostgreSQL). Queries are tokenised the same way, so:
 *   - a query of 2+ CJK characters matches documents containing all of its bigrams;
 *   - a 1-character query matches every token starting with it (prefix), since each character of a document
 *     starts a bigram or is the last character of its run.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const SEGMENT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** Tokens of a document, deduplicated, in first-seen order. */
export function tokenize(text: string): string[] {
  const tokens = new Set<string>()
  for (const [run] of normalise(text).matchAll(SEGMENT)) {
    if (CJK.test(run[0]!)) {
      const chars = [...run]
      for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i]! + chars[i + 1]!)
      tokens.add(chars[chars.length - 1]!)
    } else {
      tokens.add(run)
    }
  }
  return [...tokens]
}

/** The value stored in posts.search_text for a note. */
export function searchText(...parts: Array<string | null | undefined>): string {
  return tokenize(parts.filter(Boolean).join(' ')).join(' ')
}

export interface QueryTerm {
  token: string
  /** Match any indexed token starting with `token` (single CJK characters and the last Latin word). */
  prefix: boolean
}

/** Terms of a search query; every term must match. Empty when the query has no searchable characters. */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = []
  const runs = [...normalise(query).matchAll(SEGMENT)].map((m) => m[0])
  runs.forEach((run, index) => {
    if (CJK.test(run[0]!)) {
      const chars = [...run]
      if (chars.length === 1) terms.push({ token: chars[0]!, prefix: true })
      for (let i = 0; i + 1 < chars.length; i++) terms.push({ token: chars[i]! + chars[i + 1]!, prefix: false })
    } else {
      terms.push({ token: run, prefix: index === runs.length - 1 })
    }
  })
  const seen = new Set<string>()
  return terms.filter((t) => !seen.has(t.token + t.prefix) && seen.add(t.token + t.prefix))
}

/** FTS5 MATCH expression for the terms (each quoted, so no FTS syntax leaks from user input). */
export function fts5Match(terms: QueryTerm[]): string {
  return terms.map((t) => `"${t.token.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' AND ')
}

/** PostgreSQL to_tsquery('simple', ...) expression for the terms. */
export function tsQuery(terms: QueryTerm[]): string {
  return terms.map((t) => `'${t.token.replace(/'/g, "''").replace(/\\/g, '\\\\')}'${t.prefix ? ':*' : ''}`).join(' & ')
}

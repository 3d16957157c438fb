// The judged set (tests/search-judgements/queries.json) and the relevance of the demo notes to each query,
// by construction: a note is relevant when the corpus template it was written from carries one of the
// query's tags or has one of its title fragments. A demo note's title is its template's title plus an
// optional suffix, which is how a note finds its template.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { NOTE_TEMPLATES } from '../../server/seed/corpus'

export interface JudgedQuery {
  q: string
  kind: string
  tags?: string[]
  titles?: string[]
}

export function loadQueries(root: string): JudgedQuery[] {
  const file = path.join(root, 'tests/search-judgements/queries.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: JudgedQuery[] }).queries
}

/** The template a note title was made from (the longest template title it starts with), or null. */
function templateOf(title: string): (typeof NOTE_TEMPLATES)[number] | null {
  let best: (typeof NOTE_TEMPLATES)[number] | null = null
  for (const t of NOTE_TEMPLATES) if (title.startsWith(t.title) && (!best || t.title.length > best.title.length)) best = t
  return best
}

/** Ids of the notes relevant to each query, among the listed notes given. */
export function relevantIds(queries: JudgedQuery[], notes: Array<{ id: number; title: string }>): Map<string, Set<number>> {
  const byQuery = new Map<string, Set<number>>()
  for (const q of queries) {
    const ids = new Set<number>()
    for (const n of notes) {
      const t = templateOf(n.title)
      if (!t) continue
      if ((q.tags ?? []).some((tag) => t.tags.includes(tag)) || (q.titles ?? []).some((part) => t.title.includes(part))) ids.add(n.id)
    }
    byQuery.set(q.q, ids)
  }
  return byQuery
}

export function precisionAt(k: number, ranked: number[], relevant: Set<number>): number {
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / k
}

/** NDCG@k with binary relevance; the ideal ranking puts min(k, |relevant|) relevant notes first. */
export function ndcgAt(k: number, ranked: number[], relevant: Set<number>): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0)
  let ideal = 0
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2)
  return ideal === 0 ? 0 : dcg / ideal
}

/** One ranker over an evaluation set: its lists for every evaluated member, and the metrics of those lists. */
import { listedNote } from '../../server/db/visibility'
import { toIso, type SqlReader } from '../../server/db/reader'
import { coverage, freshShare, mean, ndcgAt, recallAt } from './metrics'
import type { Ranker } from './rankers'
import type { EvalSet } from './split'

export const K = 20
export const FRESH_MS = 48 * 3600 * 1000

export interface RankerResult {
  name: string
  recall: number
  ndcg: number
  coverage: number
  fresh: number
  members: number
  /** Members whose list had fewer than K notes. */
  shortLists: number
  seconds: number
}

/** The catalogue at the cut: every listed note, with its creation time (ms). */
export async function catalogueOf(reader: SqlReader): Promise<Map<number, number>> {
  const rows = await reader.all<{ id: number; created_at: string | Date }>(`SELECT p.id, p.created_at FROM posts p WHERE ${listedNote('p')}`)
  return new Map(rows.map((r) => [Number(r.id), Date.parse(toIso(r.created_at))]))
}

export async function evaluate(ranker: Ranker, set: EvalSet): Promise<RankerResult> {
  const started = Date.now()
  const recalls: number[] = []
  const ndcgs: number[] = []
  const lists: number[][] = []
  let shortLists = 0
  const none = new Set<number>()
  for (const member of [...set.relevant.keys()].sort((a, b) => a - b)) {
    const relevant = set.relevant.get(member)!
    const exclude = set.train.get(member) ?? none
    // Only catalogue notes count (a ranker must not recommend what did not exist at the cut).
    const list = (await ranker.rank(member, exclude, K)).filter((id) => set.catalogue.has(id) && !exclude.has(id)).slice(0, K)
    if (list.length < K) shortLists++
    lists.push(list)
    recalls.push(recallAt(list, relevant, K))
    ndcgs.push(ndcgAt(list, relevant, K))
  }
  return {
    name: ranker.name,
    recall: mean(recalls),
    ndcg: mean(ndcgs),
    coverage: coverage(lists, set.catalogue.size, K),
    fresh: freshShare(lists, set.catalogue, set.cut, FRESH_MS, K),
    members: lists.length,
    shortLists,
    seconds: (Date.now() - started) / 1000,
  }
}

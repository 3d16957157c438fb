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
  /** Recall@K and member count per bucket of training history (BUCKETS). */
  byHistory: Array<{ bucket: string; members: number; recall: number; ndcg: number }>
  /** Each evaluated member's values, in member id order (the same order for every ranker). */
  perMember: { recall: number[]; ndcg: number[] }
}

/** Members grouped by how many notes they had met before the cut: cold start to heavy users. */
export const BUCKETS: ReadonlyArray<{ label: string; min: number; max: number }> = [
  { label: 'no history', min: 0, max: 0 },
  { label: '1–9 notes', min: 1, max: 9 },
  { label: '10–49 notes', min: 10, max: 49 },
  { label: '50+ notes', min: 50, max: Infinity },
]

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
  const history: number[] = []
  let shortLists = 0
  const none = new Set<number>()
  for (const member of [...set.relevant.keys()].sort((a, b) => a - b)) {
    const relevant = set.relevant.get(member)!
    const exclude = set.train.get(member) ?? none
    // Only catalogue notes count (a ranker must not recommend what did not exist at the cut).
    const list = (await ranker.rank(member, exclude, K)).filter((id) => set.catalogue.has(id) && !exclude.has(id)).slice(0, K)
    if (list.length < K) shortLists++
    lists.push(list)
    history.push(exclude.size)
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
    perMember: { recall: recalls, ndcg: ndcgs },
    byHistory: BUCKETS.map((b) => {
      const members = history.flatMap((n, i) => (n >= b.min && n <= b.max ? [i] : []))
      return { bucket: b.label, members: members.length, recall: mean(members.map((i) => recalls[i]!)), ndcg: mean(members.map((i) => ndcgs[i]!)) }
    }),
  }
}

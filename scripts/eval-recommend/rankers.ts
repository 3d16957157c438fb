/**
 * The two rankings the offline evaluation compares, both read from the database as the product would:
 * - the baseline, global hot: GET /api/posts?recommend=1 as a visitor sees it (listFeed itself, page after
 *   page, so the same statement, filter and ORDER BY hot_score DESC, id DESC), the same list for everyone;
 * - the personalised ranker of server/domain/discovery, called as the 推荐 channel calls it, "as of" the cut.
 * Both lists leave out the notes the member interacted with before the cut (the product does not
 * recommend them back), and both rank the whole catalogue.
 */
import type { DatabaseKind } from '../../server/config'
import { postListQuery } from '../../server/contract/posts'
import type { SqlReader } from '../../server/db/reader'
import { listFeed } from '../../server/domain/feed'

export interface Ranker {
  name: string
  /** The member's first k notes, without the excluded ones. */
  rank(memberId: number, exclude: ReadonlySet<number>, k: number): Promise<number[]>
}

const PAGE = 100

/** Global hot, fetched once page by page (as deep as the members' exclusions need) and shared by every member. */
export function globalHot(reader: SqlReader, kind: DatabaseKind): Ranker {
  const order: number[] = []
  let exhausted = false
  const fetchPage = async () => {
    const q = postListQuery.parse({ category: 'recommend', page: String(order.length / PAGE + 1), limit: String(PAGE) })
    const page = await listFeed(reader, kind, null, q)
    order.push(...page.posts.map((p) => p.id))
    if (page.posts.length < PAGE) exhausted = true
  }
  return {
    name: 'global hot (baseline)',
    async rank(_memberId, exclude, k) {
      const out: number[] = []
      for (let i = 0; out.length < k; i++) {
        if (i >= order.length) {
          if (exhausted) break
          await fetchPage()
          if (i >= order.length) break
        }
        if (!exclude.has(order[i]!)) out.push(order[i]!)
      }
      return out
    },
  }
}

/** The personalised ranker's entry point (server/domain/discovery/index.ts). */
export type PersonalisedNoteIds = (reader: SqlReader, kind: DatabaseKind, memberId: number, options: { limit: number; now?: Date }) => Promise<Array<{ id: number }>>

/** Most notes asked of the personalised ranker for one member (its list before the exclusions). */
const MAX_ASKED = 500

/**
 * The personalised ranker as of `now`. It is asked for k notes more than it may have to drop; when its
 * own list still runs short after the exclusions, it is asked once more for enough to cover them all.
 */
export function personalised(reader: SqlReader, kind: DatabaseKind, personalisedNoteIds: PersonalisedNoteIds, now: Date): Ranker {
  return {
    name: 'personalised',
    async rank(memberId, exclude, k) {
      const ask = async (limit: number) => {
        const rows = await personalisedNoteIds(reader, kind, memberId, { limit, now })
        return { returned: rows.length, kept: rows.map((r) => r.id).filter((id) => !exclude.has(id)) }
      }
      let limit = 2 * k
      let result = await ask(limit)
      if (result.kept.length < k && result.returned >= limit && limit < k + exclude.size) {
        limit = Math.min(MAX_ASKED, k + exclude.size)
        result = await ask(limit)
      }
      return [...new Set(result.kept)].slice(0, k)
    },
  }
}

/** What the hidden-model reference knows of a note: its topic and its hidden weight as of the cut. */
export interface HiddenNote {
  topic: number
  /** quality × recency at the cut, as the world draws interactions (world.ts, hiddenWeight). */
  weight: number
}

/**
 * A reference, not a product ranker (generated data only): it ranks by the world's own hidden model, the
 * member's taste of the note's topic × the note's hidden quality and recency at the cut, which no stored
 * signal gives. It bounds, roughly, what any ranker can reach on this data: if it is not 2× the baseline,
 * no product ranker will be either.
 */
export function hiddenModel(notes: ReadonlyMap<number, HiddenNote>, tasteOf: ReadonlyMap<number, Float64Array>): Ranker {
  const byTopic = new Map<number, Array<{ id: number; weight: number }>>()
  for (const [id, n] of notes) {
    let list = byTopic.get(n.topic)
    if (!list) byTopic.set(n.topic, (list = []))
    list.push({ id, weight: n.weight })
  }
  for (const list of byTopic.values()) list.sort((a, b) => b.weight - a.weight || b.id - a.id)
  return {
    name: 'hidden model (reference)',
    async rank(memberId, exclude, k) {
      const taste = tasteOf.get(memberId)
      if (!taste) return []
      const candidates: Array<{ id: number; score: number }> = []
      for (const [topic, list] of byTopic) {
        let taken = 0
        for (const n of list) {
          if (taken >= k) break
          if (exclude.has(n.id)) continue
          candidates.push({ id: n.id, score: n.weight * taste[topic]! })
          taken++
        }
      }
      return candidates.sort((a, b) => b.score - a.score || b.id - a.id).slice(0, k).map((c) => c.id)
    },
  }
}

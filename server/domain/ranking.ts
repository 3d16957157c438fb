import type { EntityManager } from 'typeorm'
import { toIso } from '../db/reader'
import { execute, KEEP_UPDATED_AT, query } from '../db/sql'

/*
 * Recommend-channel rank (docs/decisions.md "Recommend ranking"):
 *
 *   hot_score = log10(1 + likes + 2·collects + 3·comments + views/10) + created_epoch_seconds / 45000
 *
 * Engagement counts logarithmically (the 10th like matters as much as the next 90), and every 45,000 s
 * (12.5 h) of age costs one order of magnitude of engagement: a note needs 10× the engagement to rank
 * level with one posted 12.5 h later. Because the time term is fixed at creation, the score only changes
 * when engagement does, so it is a plain indexed column (idx_posts_hot, idx_posts_category_hot) that the
 * commands recompute in the transaction that changes a counter, and the feed pages by
 * (hot_score DESC, id DESC) stably.
 */

export const HOT_DECAY_SECONDS = 45_000

export interface Engagement {
  likes: number
  collects: number
  comments: number
  views: number
  createdAt: Date
}

export function hotScore(e: Engagement): number {
  const engagement = Math.max(0, e.likes + 2 * e.collects + 3 * e.comments + e.views / 10)
  return Math.log10(1 + engagement) + e.createdAt.getTime() / 1000 / HOT_DECAY_SECONDS
}

interface CountsRow {
  like_count: number | string
  collect_count: number | string
  comment_count: number | string
  view_count: number | string
  created_at: Date | string
}

/** Recompute the hot_score of notes from their stored counters (call after changing them, same transaction). */
export async function refreshHotScores(manager: EntityManager, postIds: readonly number[]): Promise<void> {
  for (const postId of new Set(postIds)) {
    const [row] = await query<CountsRow>(manager, 'SELECT like_count, collect_count, comment_count, view_count, created_at FROM posts WHERE id = ?', [postId])
    if (!row) continue
    const score = hotScore({
      likes: Number(row.like_count),
      collects: Number(row.collect_count),
      comments: Number(row.comment_count),
      views: Number(row.view_count),
      createdAt: new Date(toIso(row.created_at)),
    })
    await execute(manager, `UPDATE posts SET hot_score = ?, ${KEEP_UPDATED_AT} WHERE id = ?`, [score, postId])
  }
}

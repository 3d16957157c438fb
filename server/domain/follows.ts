import type { EntityManager } from 'typeorm'
import { NOTIFICATION_TYPE, Follow, User } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { notify } from './notifications'

/*
 * Follow and unfollow (ARCHITECTURE.md §4 idempotent toggles): POST sets the state and DELETE clears it;
 * repeating either changes nothing. The row, both counters and the notification change in one transaction,
 * and the counters move only when a row was really inserted or deleted, so they never drift.
 */

async function bump(m: EntityManager, followerId: number, followingId: number, delta: 1 | -1): Promise<void> {
  const change = (column: string) => (delta > 0 ? `${column} + 1` : `CASE WHEN ${column} > 0 THEN ${column} - 1 ELSE 0 END`)
  await m.createQueryBuilder().update(User).set({ follow_count: () => change('follow_count') }).where('id = :id', { id: followerId }).execute()
  await m.createQueryBuilder().update(User).set({ fans_count: () => change('fans_count') }).where('id = :id', { id: followingId }).execute()
}

/** Follow; true when a new follow was created (false when it already existed). */
export async function follow(deps: AppDeps, followerId: number, followingId: number): Promise<boolean> {
  return inTransaction(deps.db, async (m) => {
    const [sql, params] = m.createQueryBuilder().insert().into(Follow).values({ follower_id: followerId, following_id: followingId }).orIgnore().getQueryAndParameters()
    // The driver's affected-row count tells whether the insert happened or the unique pair already existed.
    const result = await m.queryRunner!.query(sql, params, true)
    const inserted = Number(result.affected ?? 0) > 0
    if (inserted) {
      await bump(m, followerId, followingId, 1)
      // Deduplicated per (follower, followee): follow, unfollow, follow again notifies once.
      await notify(m, { userId: followingId, senderId: followerId, type: NOTIFICATION_TYPE.follow })
    }
    return inserted
  })
}

/** Unfollow; true when a follow was removed (false when there was none). */
export async function unfollow(deps: AppDeps, followerId: number, followingId: number): Promise<boolean> {
  return inTransaction(deps.db, async (m) => {
    const { affected } = await m.getRepository(Follow).delete({ follower_id: followerId, following_id: followingId })
    if (affected) await bump(m, followerId, followingId, -1)
    return Boolean(affected)
  })
}

export interface Relation {
  /** viewer follows them */
  iFollow: boolean
  /** they follow the viewer */
  theyFollow: boolean
}

/** Follow relations between the viewer and each of `userIds`, in one query. */
export async function relations(deps: AppDeps, viewerId: number | null, userIds: readonly number[]): Promise<Map<number, Relation>> {
  const out = new Map<number, Relation>()
  for (const id of userIds) out.set(id, { iFollow: false, theyFollow: false })
  if (!viewerId || userIds.length === 0) return out
  const rows = await deps.db
    .getRepository(Follow)
    .createQueryBuilder('f')
    .select(['f.follower_id AS follower_id', 'f.following_id AS following_id'])
    .where('(f.follower_id = :viewer AND f.following_id IN (:...ids)) OR (f.following_id = :viewer AND f.follower_id IN (:...ids))', {
      viewer: viewerId,
      ids: [...new Set(userIds)],
    })
    .getRawMany<{ follower_id: number | string; following_id: number | string }>()
  for (const r of rows) {
    const follower = Number(r.follower_id)
    const following = Number(r.following_id)
    if (follower === viewerId) {
      const rel = out.get(following)
      if (rel) rel.iFollow = true
    } else {
      const rel = out.get(follower)
      if (rel) rel.theyFollow = true
    }
  }
  return out
}

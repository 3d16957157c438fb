import type { EntityManager } from 'typeorm'
import { NOTIFICATION_TYPE, Follow } from '../db/entities'
import { execute, insertIgnore, KEEP_UPDATED_AT, kindOf } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { USER_MESSAGES } from '../contract/users'
import { NotFound } from '../errors'
import { refuseIfBlocked } from './block-policy'
import { lockRows } from './locks'
import { notify } from './notifications'
import { authorFollowed, authorUnfollowed } from './discovery/affinity'

/*
 * Follow and unfollow (ARCHITECTURE.md §4 idempotent toggles): POST sets the state and DELETE clears it;
 * repeating either changes nothing. The row, both counters and the notification change in one transaction,
 * and the counters move by one only when a row was really inserted or deleted, under both users' row locks,
 * so they never drift.
 */

async function bump(m: EntityManager, followerId: number, followingId: number, delta: 1 | -1): Promise<void> {
  const change = (column: string) => (delta > 0 ? `${column} = ${column} + 1` : `${column} = CASE WHEN ${column} > 0 THEN ${column} - 1 ELSE 0 END`)
  await execute(m, `UPDATE users SET ${change('follow_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [followerId])
  await execute(m, `UPDATE users SET ${change('fans_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [followingId])
}

/** Follow; true when a new follow was created (false when it already existed). */
export async function follow(deps: AppDeps, followerId: number, followingId: number): Promise<boolean> {
  return inTransaction(deps.db, async (m) => {
    // Both users' rows first, in id order (server/domain/locks.ts); the affected-row count of the
    // insert-or-ignore tells whether the follow is new.
    if ((await lockRows(m, 'users', [followerId, followingId])).length < 2) throw NotFound(USER_MESSAGES.notFound)
    // Nobody follows a member who blocked them (checked under the locks a concurrent block takes too).
    await refuseIfBlocked(m, followerId, [followingId])
    const inserted = (await execute(m, insertIgnore(kindOf(m), 'follows', ['follower_id', 'following_id']), [followerId, followingId])) > 0
    if (inserted) {
      await bump(m, followerId, followingId, 1)
      await authorFollowed(m, followerId, followingId, new Date())
      // Deduplicated per (follower, followee): follow, unfollow, follow again notifies once.
      await notify(m, { userId: followingId, senderId: followerId, type: NOTIFICATION_TYPE.follow })
    }
    return inserted
  }, { changesCards: false })
}

/**
 * Remove a follow inside the caller's transaction, which holds both users' row locks (unfollow, and a block
 * removing the follows both ways): the counters move only when a row really went.
 */
export async function removeFollow(m: EntityManager, followerId: number, followingId: number): Promise<boolean> {
  const removed = (await execute(m, 'DELETE FROM follows WHERE follower_id = ? AND following_id = ?', [followerId, followingId])) > 0
  if (removed) {
    await bump(m, followerId, followingId, -1)
    await authorUnfollowed(m, followerId, followingId)
  }
  return removed
}

/** Unfollow; true when a follow was removed (false when there was none). */
export async function unfollow(deps: AppDeps, followerId: number, followingId: number): Promise<boolean> {
  return inTransaction(deps.db, async (m) => {
    await lockRows(m, 'users', [followerId, followingId])
    return removeFollow(m, followerId, followingId)
  }, { changesCards: false })
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

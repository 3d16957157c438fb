import type { EntityManager } from 'typeorm'
import type { BlockEntry } from '../contract/blocks'
import { USER_MESSAGES } from '../contract/users'
import { invalidateFeedCounts } from '../db/list-cache'
import { readerFor, toIso, toNum } from '../db/reader'
import { execute, insertIgnore, kindOf, limitClause, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { sessionStale } from './discovery/session'
import type { AppDeps } from '../deps'
import { NotFound } from '../errors'
import { avatarOf, bioOf } from '../presenters/user'
import { removeFollow } from './follows'
import { lockRows } from './locks'

/*
 * Block and unblock (拉黑 / 解除拉黑, issue 18). Both set a state: repeating one is a success that changes
 * nothing. Blocking removes the follows both ways in the same transaction, through the follow command's
 * own removal, so both members' follow and fan counters move exactly as an unfollow moves them. What a
 * block hides from the blocker is decided where lists are read (server/db/blocks.ts); what it refuses to
 * the blocked member, in the write commands (./block-policy.ts).
 */

/** Block; true when the block is new. Follows between the two go, both ways. */
export async function block(deps: AppDeps, blockerId: number, blockedId: number): Promise<boolean> {
  const added = await inTransaction(deps.db, async (m: EntityManager) => {
    if ((await lockRows(m, 'users', [blockerId, blockedId])).length < 2) throw NotFound(USER_MESSAGES.notFound)
    const inserted = (await execute(m, insertIgnore(kindOf(m), 'user_blocks', ['blocker_id', 'blocked_id']), [blockerId, blockedId])) > 0
    await removeFollow(m, blockerId, blockedId)
    await removeFollow(m, blockedId, blockerId)
    // The blocker's next 推荐 page 1 ranks again (without the blocked member's notes).
    await sessionStale(m, blockerId)
    return inserted
  }, { changesCards: false })
  // Cached totals (feed, search) were counted without this block.
  invalidateFeedCounts()
  return added
}

/** Unblock; true when there was a block to remove. */
export async function unblock(deps: AppDeps, blockerId: number, blockedId: number): Promise<boolean> {
  const removed = await inTransaction(deps.db, async (m: EntityManager) => {
    await lockRows(m, 'users', [blockerId, blockedId])
    await sessionStale(m, blockerId)
    return (await execute(m, 'DELETE FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?', [blockerId, blockedId])) > 0
  }, { changesCards: false })
  invalidateFeedCounts()
  return removed
}

/** Whether `blockerId` blocks `blockedId` (one indexed lookup; false for visitors). */
export async function isBlocking(deps: AppDeps, blockerId: number | null, blockedId: number): Promise<boolean> {
  if (!blockerId || blockerId === blockedId) return false
  const row = await readerFor(deps.db).one<{ n: number }>('SELECT 1 AS n FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?', [blockerId, blockedId])
  return row !== undefined && row !== null
}

interface BlockRow {
  id: number
  user_id: string
  nickname: string
  avatar: string | null
  bio: string | null
  verified: number
  blocked_at: Date | string
}

/** One page of the members `blockerId` blocks, newest block first, and their number (two queries). */
export async function blockList(deps: AppDeps, blockerId: number, page: number, limit: number): Promise<{ rows: BlockEntry[]; total: number }> {
  const from = 'FROM user_blocks b INNER JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ?'
  const [countRow] = await query<{ total: number | string }>(deps.db, `SELECT COUNT(*) AS total ${from}`, [blockerId])
  const rows = await query<BlockRow>(
    deps.db,
    `SELECT u.id AS id, u.user_id AS user_id, u.nickname AS nickname, u.avatar AS avatar, u.bio AS bio, u.verified AS verified, b.created_at AS blocked_at
     ${from} ORDER BY b.created_at DESC, b.id DESC ${limitClause(limit, (page - 1) * limit)}`,
    [blockerId],
  )
  return {
    total: toNum(countRow?.total),
    rows: rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id,
      nickname: r.nickname,
      avatar: avatarOf(r.avatar),
      bio: bioOf(r.bio),
      verified: toNum(r.verified),
      blocked_at: toIso(r.blocked_at),
    })),
  }
}

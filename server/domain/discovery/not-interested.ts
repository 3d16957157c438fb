import type { DataSource } from 'typeorm'
import type { NotInterestedReply } from '../../contract/posts'
import { toIso } from '../../db/reader'
import { dateParam, execute, insertIgnore, kindOf, query } from '../../db/sql'
import { inTransaction } from '../../db/transaction'
import { NotFound } from '../../errors'
import { lockNote } from '../locks'
import { ENGAGEMENT, noteEngaged } from './affinity'

/*
 * 不感兴趣 (POST / DELETE /posts/{id}/not-interested), an idempotent toggle like likes: POST sets the state,
 * DELETE clears it, repeating either changes nothing. Marking hides the note from the member's 推荐 and pushes
 * its author and tags down for them (ENGAGEMENT.notInterested); clearing takes exactly that back. The row and
 * the signals change in one transaction, under the note's row lock.
 */

async function lockVisible(m: Parameters<typeof lockNote>[0], userId: number, postId: number): Promise<void> {
  const note = await lockNote(m, postId)
  if (!note || (!note.listed && note.user_id !== userId)) throw NotFound('笔记不存在')
}

export async function markNotInterested(db: DataSource, userId: number, postId: number): Promise<NotInterestedReply> {
  await inTransaction(db, async (m) => {
    await lockVisible(m, userId, postId)
    const at = new Date()
    const added = await execute(m, insertIgnore(kindOf(m), 'not_interested', ['user_id', 'post_id', 'created_at']), [userId, postId, dateParam(kindOf(m), at)])
    if (added) await noteEngaged(m, userId, postId, { weight: ENGAGEMENT.notInterested, at, skipCategory: true })
  }, { changesCards: false })
  return { not_interested: true }
}

export async function clearNotInterested(db: DataSource, userId: number, postId: number): Promise<NotInterestedReply> {
  await inTransaction(db, async (m) => {
    await lockVisible(m, userId, postId)
    const [row] = await query<{ created_at: unknown }>(m, 'SELECT created_at FROM not_interested WHERE user_id = ? AND post_id = ?', [userId, postId])
    if (!row) return
    const removed = await execute(m, 'DELETE FROM not_interested WHERE user_id = ? AND post_id = ?', [userId, postId])
    if (removed) await noteEngaged(m, userId, postId, { weight: -ENGAGEMENT.notInterested, at: new Date(toIso(row.created_at)), skipCategory: true })
  }, { changesCards: false })
  return { not_interested: false }
}

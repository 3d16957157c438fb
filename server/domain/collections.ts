import type { DataSource, EntityManager } from 'typeorm'
import { execute, insertIgnore, KEEP_UPDATED_AT, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { NotFound } from '../errors'
import { listsChanged } from '../db/list-cache'
import { refuseIfBlocked } from './block-policy'
import { lockNote, lockRows } from './locks'
import { notify } from './notifications'
import { refreshHotScores } from './ranking'
import { ENGAGEMENT, noteEngaged } from './discovery/affinity'
import { toIso } from '../db/reader'

/*
 * Collect / uncollect (POST / DELETE /posts/:id/collect). Both set a state, never toggle: repeating one is
 * a success that changes nothing. The note's collect_count, its author's collect_count and the note's
 * hot_score move by one only when a row was really inserted or deleted, under the note's row lock, in the
 * same transaction; the author is notified (type 3) once per collector and note, however often it is undone
 * and redone.
 */

export interface CollectState {
  collected: boolean
  collectCount: number
  collect_count: number
}

/**
 * Lock the note a user wants to interact with, then the users whose rows the job touches (the actor and the
 * note's author: server/domain/locks.ts). 404 unless the note exists and is published, or is the user's own draft.
 */
export async function lockInteractableNote(manager: EntityManager, postId: number, userId: number, alsoLock: ReadonlyArray<number | null> = []): Promise<{ authorId: number }> {
  const note = await lockNote(manager, postId)
  if (!note || (!note.listed && note.user_id !== userId)) throw NotFound('笔记不存在')
  await lockRows(manager, 'users', [userId, note.user_id, ...alsoLock])
  return { authorId: note.user_id }
}

async function state(manager: EntityManager, postId: number, collected: boolean): Promise<CollectState> {
  const [row] = await query<{ collect_count: number }>(manager, 'SELECT collect_count FROM posts WHERE id = ?', [postId])
  const n = Number(row?.collect_count ?? 0)
  return { collected, collectCount: n, collect_count: n }
}

export async function collectNote(db: DataSource, userId: number, postId: number): Promise<CollectState> {
  const result = await inTransaction(db, async (manager) => {
    const { authorId } = await lockInteractableNote(manager, postId, userId)
    // Nobody collects the notes of a member who blocked them.
    await refuseIfBlocked(manager, userId, [authorId])
    const added = await execute(manager, insertIgnore(kindOf(manager), 'collections', ['user_id', 'post_id']), [userId, postId])
    if (added) {
      await execute(manager, `UPDATE posts SET collect_count = collect_count + 1, ${KEEP_UPDATED_AT} WHERE id = ?`, [postId])
      await execute(manager, `UPDATE users SET collect_count = collect_count + 1, ${KEEP_UPDATED_AT} WHERE id = ?`, [authorId])
      await refreshHotScores(manager, [postId])
      await noteEngaged(manager, userId, postId, { weight: ENGAGEMENT.collect, at: new Date(), pair: true })
      await notify(manager, { userId: authorId, senderId: userId, type: 3, postId })
    }
    return state(manager, postId, true)
  }, { changesCards: false })
  listsChanged()
  return result
}

export async function uncollectNote(db: DataSource, userId: number, postId: number): Promise<CollectState> {
  const result = await inTransaction(db, async (manager) => {
    const { authorId } = await lockInteractableNote(manager, postId, userId)
    const [existing] = await query<{ created_at: unknown }>(manager, 'SELECT created_at FROM collections WHERE user_id = ? AND post_id = ?', [userId, postId])
    const removed = await execute(manager, 'DELETE FROM collections WHERE user_id = ? AND post_id = ?', [userId, postId])
    if (removed) {
      await execute(manager, `UPDATE posts SET collect_count = CASE WHEN collect_count > 0 THEN collect_count - 1 ELSE 0 END, ${KEEP_UPDATED_AT} WHERE id = ?`, [postId])
      await execute(manager, `UPDATE users SET collect_count = CASE WHEN collect_count > 0 THEN collect_count - 1 ELSE 0 END, ${KEEP_UPDATED_AT} WHERE id = ?`, [authorId])
      await refreshHotScores(manager, [postId])
      if (existing) await noteEngaged(manager, userId, postId, { weight: -ENGAGEMENT.collect, at: new Date(toIso(existing.created_at)) })
    }
    return state(manager, postId, false)
  }, { changesCards: false })
  listsChanged()
  return result
}

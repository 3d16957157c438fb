import type { DataSource, EntityManager } from 'typeorm'
import { toBool } from '../db/reader'
import { execute, insertIgnore, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { NotFound } from '../http/errors'
import { listsChanged } from './feed'
import { notify } from './notifications'
import { refreshHotScores } from './ranking'

/*
 * Collect / uncollect (POST / DELETE /posts/:id/collect). Both set a state, never toggle: repeating one is
 * a success that changes nothing. The note's collect_count, its author's collect_count and the note's
 * hot_score move only when a row was really inserted or deleted, in the same transaction; the author is
 * notified (type 3) once per collector and note, however often it is undone and redone.
 */

export interface CollectState {
  collected: boolean
  collectCount: number
  collect_count: number
}

interface NoteRow {
  user_id: number
  is_draft: boolean | number
}

/** A note the user may interact with: it exists and is published (or is the user's own draft). */
export async function interactableNote(manager: EntityManager, postId: number, userId: number): Promise<{ authorId: number }> {
  const [note] = await query<NoteRow>(manager, 'SELECT user_id, is_draft FROM posts WHERE id = ?', [postId])
  if (!note || (toBool(note.is_draft) && Number(note.user_id) !== userId)) throw NotFound('笔记不存在')
  return { authorId: Number(note.user_id) }
}

async function state(manager: EntityManager, postId: number, collected: boolean): Promise<CollectState> {
  const [row] = await query<{ collect_count: number }>(manager, 'SELECT collect_count FROM posts WHERE id = ?', [postId])
  const n = Number(row?.collect_count ?? 0)
  return { collected, collectCount: n, collect_count: n }
}

export async function collectNote(db: DataSource, userId: number, postId: number): Promise<CollectState> {
  const result = await inTransaction(db, async (manager) => {
    const { authorId } = await interactableNote(manager, postId, userId)
    const added = await execute(manager, insertIgnore(kindOf(manager), 'collections', ['user_id', 'post_id']), [userId, postId])
    if (added) {
      await execute(manager, 'UPDATE posts SET collect_count = collect_count + 1 WHERE id = ?', [postId])
      await execute(manager, 'UPDATE users SET collect_count = collect_count + 1 WHERE id = ?', [authorId])
      await refreshHotScores(manager, [postId])
      await notify(manager, { userId: authorId, senderId: userId, type: 3, postId })
    }
    return state(manager, postId, true)
  })
  listsChanged()
  return result
}

export async function uncollectNote(db: DataSource, userId: number, postId: number): Promise<CollectState> {
  const result = await inTransaction(db, async (manager) => {
    const { authorId } = await interactableNote(manager, postId, userId)
    const removed = await execute(manager, 'DELETE FROM collections WHERE user_id = ? AND post_id = ?', [userId, postId])
    if (removed) {
      await execute(manager, 'UPDATE posts SET collect_count = CASE WHEN collect_count > 0 THEN collect_count - 1 ELSE 0 END WHERE id = ?', [postId])
      await execute(manager, 'UPDATE users SET collect_count = CASE WHEN collect_count > 0 THEN collect_count - 1 ELSE 0 END WHERE id = ?', [authorId])
      await refreshHotScores(manager, [postId])
    }
    return state(manager, postId, false)
  })
  listsChanged()
  return result
}

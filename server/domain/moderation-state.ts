import type { DataSource } from 'typeorm'
import { invalidateFeedCounts, listsChanged } from '../db/list-cache'
import { execute, KEEP_UPDATED_AT, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Moderation, type ModerationState } from '../db/visibility'
import { lockNote, lockRows } from './locks'
import { movePublishedCounters } from './notes'
import { refreshHotScores } from './ranking'

/*
 * The one place that moves a note or a comment between moderation states (server/db/visibility.ts): hidden
 * by a moderator, held for review, rejected, visible again. Each change is one write job that also moves
 * every counter that counts listed rows (the author's and the category's note counts; the note's comment
 * count and the parent's reply count), so `npm run recount` never finds a difference. Callers (the
 * moderation queue, the review screens) own the notifications and the audit log.
 */

export interface StateChange {
  before: ModerationState
  after: ModerationState
  /** The author: whom the caller tells. */
  authorId: number
}

const reasonFor = (state: ModerationState, reason: string | null): string | null => (state === Moderation.visible ? null : (reason?.slice(0, 200) ?? null))

/** Set a note's state; null when the note does not exist. */
export async function setNoteModeration(db: DataSource, postId: number, state: ModerationState, reason: string | null): Promise<StateChange | null> {
  const change = await inTransaction(db, async (manager) => {
    const note = await lockNote(manager, postId)
    if (!note) return null
    const listedAfter = !note.is_draft && state === Moderation.visible
    await lockRows(manager, 'users', [note.user_id])
    if (note.listed !== listedAfter) await lockRows(manager, 'categories', [note.category_id])
    await execute(manager, 'UPDATE posts SET moderation = ?, moderation_reason = ? WHERE id = ?', [state, reasonFor(state, reason), postId])
    await movePublishedCounters(manager, note.user_id, { published: note.listed, category: note.category_id }, { published: listedAfter, category: note.category_id })
    return { before: note.moderation, after: state, authorId: note.user_id }
  })
  invalidateFeedCounts()
  return change
}

/** Set a comment's state; null when the comment does not exist. Its replies keep their own states. */
export async function setCommentModeration(db: DataSource, commentId: number, state: ModerationState, reason: string | null): Promise<StateChange | null> {
  // A comment's note never changes: read it first so that the note's lock is the job's first statement.
  const [found] = await query<{ post_id: number }>(db, 'SELECT post_id FROM comments WHERE id = ?', [commentId])
  if (!found) return null
  const postId = Number(found.post_id)
  const change = await inTransaction(db, async (manager) => {
    if (!(await lockNote(manager, postId))) return null
    const [comment] = await query<{ user_id: number; parent_id: number | null; moderation: number }>(manager, 'SELECT user_id, parent_id, moderation FROM comments WHERE id = ? AND post_id = ?', [commentId, postId])
    if (!comment) return null
    const parentId = comment.parent_id === null ? null : Number(comment.parent_id)
    await lockRows(manager, 'comments', [commentId, parentId])
    const before = Number(comment.moderation) as ModerationState
    await execute(manager, 'UPDATE comments SET moderation = ?, moderation_reason = ? WHERE id = ?', [state, reasonFor(state, reason), commentId])
    const delta = Number(state === Moderation.visible) - Number(before === Moderation.visible)
    if (delta) {
      const move = (col: string) => `${col} = CASE WHEN ${col} + ? < 0 THEN 0 ELSE ${col} + ? END`
      await execute(manager, `UPDATE posts SET ${move('comment_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [delta, delta, postId])
      if (parentId !== null) await execute(manager, `UPDATE comments SET ${move('reply_count')} WHERE id = ?`, [delta, delta, parentId])
      await refreshHotScores(manager, [postId])
    }
    return { before, after: state, authorId: Number(comment.user_id) }
  }, { changesCards: false })
  listsChanged()
  return change
}

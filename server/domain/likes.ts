import type { DataSource, EntityManager } from 'typeorm'
import { execute, insertIgnore, KEEP_UPDATED_AT, kindOf, query } from '../db/sql'
import { toIso } from '../db/reader'
import { inTransaction } from '../db/transaction'
import { NotFound } from '../errors'
import { listsChanged } from '../db/list-cache'
import { refuseIfBlocked } from './block-policy'
import { forUpdate, lockNote, lockRows } from './locks'
import { notify } from './notifications'
import { refreshHotScores } from './ranking'
import { Moderation } from '../db/visibility'
import { ENGAGEMENT, noteEngaged } from './discovery/affinity'

/*
 * Likes of notes (target_type 1) and comments (2). POST /likes sets, DELETE /likes clears; repeating either
 * is a success that changes nothing (never a toggle). Counters move by one only when a row really was
 * inserted or deleted (affected rows), under the note's row lock (server/domain/locks.ts), in the same transaction: note like → posts.like_count, the author's users.like_count and the note's hot_score;
 * comment like → comments.like_count. Notifications (type 1 / 2) are deduplicated per liker and target,
 * so like, unlike, like again notifies once.
 */

export type LikeTarget = 1 | 2

/** Public lists show like counts: let their short caches know once the write committed. */
async function changed<T>(work: Promise<T>): Promise<T> {
  const result = await work
  listsChanged()
  return result
}

export interface LikeState {
  liked: boolean
  isLiked: boolean
  likeCount: number
  like_count: number
}

interface Target {
  /** Who receives the notification and, for notes, the like_count. */
  ownerId: number
  postId: number
  commentId: number | null
  /** The author of the note concerned. */
  noteAuthorId: number
}

/**
 * Lock the note (for a comment: the comment's note, then the comment), then the liker and the owner
 * (server/domain/locks.ts), and check the target may be liked. A comment's note never changes, so it is read
 * before the transaction's first lock.
 */
async function lockTarget(manager: EntityManager, type: LikeTarget, targetId: number, userId: number, commentNote: number | null): Promise<Target> {
  if (type === 1) {
    const note = await lockNote(manager, targetId)
    if (!note || (!note.listed && note.user_id !== userId)) throw NotFound('笔记不存在')
    await lockRows(manager, 'users', [userId, note.user_id])
    return { ownerId: note.user_id, postId: targetId, commentId: null, noteAuthorId: note.user_id }
  }
  const note = commentNote === null ? null : await lockNote(manager, commentNote)
  const [comment] = note ? await query<{ user_id: number; moderation: number }>(manager, `SELECT user_id, moderation FROM comments WHERE id = ? AND post_id = ? ${forUpdate(kindOf(manager))}`, [targetId, note.id]) : []
  const commentSeen = comment && (Number(comment.moderation) === Moderation.visible || Number(comment.user_id) === userId)
  if (!note || !comment || !commentSeen || (!note.listed && note.user_id !== userId)) throw NotFound('评论不存在')
  await lockRows(manager, 'users', [userId, Number(comment.user_id)])
  return { ownerId: Number(comment.user_id), postId: note.id, commentId: targetId, noteAuthorId: note.user_id }
}

/** The note a comment belongs to (immutable), read outside the write job; null for notes or unknown comments. */
async function noteOfComment(db: DataSource, type: LikeTarget, targetId: number): Promise<number | null> {
  if (type === 1) return null
  const [row] = await query<{ post_id: number }>(db, 'SELECT post_id FROM comments WHERE id = ?', [targetId])
  return row ? Number(row.post_id) : null
}

async function state(manager: EntityManager, type: LikeTarget, targetId: number, liked: boolean): Promise<LikeState> {
  const table = type === 1 ? 'posts' : 'comments'
  const [row] = await query<{ like_count: number }>(manager, `SELECT like_count FROM ${table} WHERE id = ?`, [targetId])
  const n = Number(row?.like_count ?? 0)
  return { liked, isLiked: liked, likeCount: n, like_count: n }
}

export async function like(db: DataSource, userId: number, type: LikeTarget, targetId: number): Promise<LikeState> {
  const commentNote = await noteOfComment(db, type, targetId)
  return changed(inTransaction(db, async (manager) => {
    const target = await lockTarget(manager, type, targetId, userId, commentNote)
    // No likes for the notes or comments of a member who blocked the liker, nor on the notes of one.
    await refuseIfBlocked(manager, userId, [target.ownerId, target.noteAuthorId])
    const added = await execute(manager, insertIgnore(kindOf(manager), 'likes', ['user_id', 'target_type', 'target_id']), [userId, type, targetId])
    if (added) {
      if (type === 1) {
        await execute(manager, `UPDATE posts SET like_count = like_count + 1, ${KEEP_UPDATED_AT} WHERE id = ?`, [targetId])
        await execute(manager, `UPDATE users SET like_count = like_count + 1, ${KEEP_UPDATED_AT} WHERE id = ?`, [target.ownerId])
        await refreshHotScores(manager, [targetId])
        // The liker's 推荐 signals (domain/discovery): affinity for the note's tags, category and author, co-engagement.
        await noteEngaged(manager, userId, targetId, { weight: ENGAGEMENT.like, at: new Date(), pair: true })
      } else {
        await execute(manager, 'UPDATE comments SET like_count = like_count + 1 WHERE id = ?', [targetId])
      }
      await notify(manager, { userId: target.ownerId, senderId: userId, type: type === 1 ? 1 : 2, postId: target.postId, commentId: target.commentId })
    }
    return state(manager, type, targetId, true)
  }, { changesCards: false }))
}

export async function unlike(db: DataSource, userId: number, type: LikeTarget, targetId: number): Promise<LikeState> {
  const commentNote = await noteOfComment(db, type, targetId)
  return changed(inTransaction(db, async (manager) => {
    const target = await lockTarget(manager, type, targetId, userId, commentNote)
    const [existing] = type === 1 ? await query<{ created_at: unknown }>(manager, 'SELECT created_at FROM likes WHERE user_id = ? AND target_type = 1 AND target_id = ?', [userId, targetId]) : []
    const removed = await execute(manager, 'DELETE FROM likes WHERE user_id = ? AND target_type = ? AND target_id = ?', [userId, type, targetId])
    if (removed) {
      const dec = (col: string) => `${col} = CASE WHEN ${col} > 0 THEN ${col} - 1 ELSE 0 END`
      if (type === 1) {
        await execute(manager, `UPDATE posts SET ${dec('like_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [targetId])
        await execute(manager, `UPDATE users SET ${dec('like_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [target.ownerId])
        await refreshHotScores(manager, [targetId])
        // Take back what the like added to the 推荐 signals (at its own time, so the lift cancels).
        if (existing) await noteEngaged(manager, userId, targetId, { weight: -ENGAGEMENT.like, at: new Date(toIso(existing.created_at)) })
      } else {
        await execute(manager, `UPDATE comments SET ${dec('like_count')} WHERE id = ?`, [targetId])
      }
    }
    return state(manager, type, targetId, false)
  }, { changesCards: false }))
}

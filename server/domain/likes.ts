import type { DataSource, EntityManager } from 'typeorm'
import { toBool } from '../db/reader'
import { execute, insertIgnore, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { NotFound } from '../http/errors'
import { interactableNote } from './collections'
import { listsChanged } from './feed'
import { notify } from './notifications'
import { refreshHotScores } from './ranking'

/*
 * Likes of notes (target_type 1) and comments (2). POST /likes sets, DELETE /likes clears; repeating either
 * is a success that changes nothing (never a toggle). Counters move only when a row really changed, in the
 * same transaction: note like → posts.like_count, the author's users.like_count and the note's hot_score;
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
}

async function resolveTarget(manager: EntityManager, type: LikeTarget, targetId: number, userId: number): Promise<Target> {
  if (type === 1) {
    const { authorId } = await interactableNote(manager, targetId, userId)
    return { ownerId: authorId, postId: targetId, commentId: null }
  }
  const [row] = await query<{ user_id: number; post_id: number; is_draft: boolean | number; author_id: number }>(
    manager,
    'SELECT c.user_id, c.post_id, p.is_draft, p.user_id AS author_id FROM comments c INNER JOIN posts p ON p.id = c.post_id WHERE c.id = ?',
    [targetId],
  )
  if (!row || (toBool(row.is_draft) && Number(row.author_id) !== userId)) throw NotFound('评论不存在')
  return { ownerId: Number(row.user_id), postId: Number(row.post_id), commentId: targetId }
}

async function state(manager: EntityManager, type: LikeTarget, targetId: number, liked: boolean): Promise<LikeState> {
  const table = type === 1 ? 'posts' : 'comments'
  const [row] = await query<{ like_count: number }>(manager, `SELECT like_count FROM ${table} WHERE id = ?`, [targetId])
  const n = Number(row?.like_count ?? 0)
  return { liked, isLiked: liked, likeCount: n, like_count: n }
}

export function like(db: DataSource, userId: number, type: LikeTarget, targetId: number): Promise<LikeState> {
  return changed(inTransaction(db, async (manager) => {
    const target = await resolveTarget(manager, type, targetId, userId)
    const added = await execute(manager, insertIgnore(kindOf(manager), 'likes', ['user_id', 'target_type', 'target_id']), [userId, type, targetId])
    if (added) {
      if (type === 1) {
        await execute(manager, 'UPDATE posts SET like_count = like_count + 1 WHERE id = ?', [targetId])
        await execute(manager, 'UPDATE users SET like_count = like_count + 1 WHERE id = ?', [target.ownerId])
        await refreshHotScores(manager, [targetId])
      } else {
        await execute(manager, 'UPDATE comments SET like_count = like_count + 1 WHERE id = ?', [targetId])
      }
      await notify(manager, { userId: target.ownerId, senderId: userId, type: type === 1 ? 1 : 2, postId: target.postId, commentId: target.commentId })
    }
    return state(manager, type, targetId, true)
  }))
}

export function unlike(db: DataSource, userId: number, type: LikeTarget, targetId: number): Promise<LikeState> {
  return changed(inTransaction(db, async (manager) => {
    const target = await resolveTarget(manager, type, targetId, userId)
    const removed = await execute(manager, 'DELETE FROM likes WHERE user_id = ? AND target_type = ? AND target_id = ?', [userId, type, targetId])
    if (removed) {
      const dec = (col: string) => `${col} = CASE WHEN ${col} > 0 THEN ${col} - 1 ELSE 0 END`
      if (type === 1) {
        await execute(manager, `UPDATE posts SET ${dec('like_count')} WHERE id = ?`, [targetId])
        await execute(manager, `UPDATE users SET ${dec('like_count')} WHERE id = ?`, [target.ownerId])
        await refreshHotScores(manager, [targetId])
      } else {
        await execute(manager, `UPDATE comments SET ${dec('like_count')} WHERE id = ?`, [targetId])
      }
    }
    return state(manager, type, targetId, false)
  }))
}

import type { DataSource } from 'typeorm'
import type { CommentCreateBody, CommentListQuery, CommentView, ReplyListQuery } from '../contract/comments'
import { Comment } from '../db/entities'
import { toBool, type SqlReader } from '../db/reader'
import { execute, KEEP_UPDATED_AT, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Forbidden, Invalid, NotFound } from '../errors'
import { listPage, pagination, type ListReply } from '../presenters/list'
import { loadComment, loadCommentPage, loadReplyPage, markNoteAuthor } from '../presenters/comment'
import { listsChanged } from '../db/list-cache'
import { commentSeenBy, listedComment, Moderation, type ModerationState } from '../db/visibility'
import { andNotBlocked } from '../db/blocks'
import { allowedMentions, refuseIfBlocked } from './block-policy'
import { lockNote, lockRows } from './locks'
import { notify } from './notifications'
import { refreshHotScores } from './ranking'
import { ENGAGEMENT, noteEngaged } from './discovery/affinity'
import { mentionedUserIds, sanitizeRichText } from './richtext'

/*
 * Comments are one level deep: a reply to a reply attaches to the top-level comment and keeps whom it
 * answers in reply_to_user_id. Creating one bumps posts.comment_count (all comments, replies included),
 * the top-level comment's reply_count and the note's hot_score, and notifies: the note's author (4), the
 * answered user (5) and mentioned users (7), each person at most once per comment, never the actor.
 */

/** How a new comment starts: visible (the default), or held for review (the watched words' review action). */
export interface InitialModeration {
  moderation: ModerationState
  reason: string | null
}

export async function createComment(db: DataSource, reader: SqlReader, userId: number, input: CommentCreateBody, initial: InitialModeration = { moderation: Moderation.visible, reason: null }): Promise<CommentView> {
  const listed = initial.moderation === Moderation.visible
  const content = sanitizeRichText(input.content)
  if (!/<img\b/i.test(content) && !content.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim()) throw Invalid('请输入评论内容或上传图片')
  const mentioned = mentionedUserIds(content)
  const { id, authorId } = await inTransaction(db, async (manager) => {
    // The note first, then the users this comment notifies (server/domain/locks.ts).
    const note = await lockNote(manager, input.post_id)
    if (!note || (!note.listed && note.user_id !== userId)) throw NotFound('笔记不存在')
    const authorId = note.user_id
    let topId: number | null = null
    let answeredUserId: number | null = null
    if (input.parent_id) {
      const [parent] = await query<{ id: number; post_id: number; parent_id: number | null; user_id: number; moderation: number }>(manager, 'SELECT id, post_id, parent_id, user_id, moderation FROM comments WHERE id = ?', [input.parent_id])
      if (!parent || (Number(parent.moderation) !== Moderation.visible && Number(parent.user_id) !== userId)) throw NotFound('回复的评论不存在')
      if (Number(parent.post_id) !== input.post_id) throw Invalid('回复的评论不属于这篇笔记')
      topId = parent.parent_id === null ? Number(parent.id) : Number(parent.parent_id)
      answeredUserId = Number(parent.user_id)
    }
    // Mentions of members who blocked the writer stay as plain text and notify nobody.
    const mentions = await allowedMentions(manager, userId, content, mentioned)
    const mentionedIds = mentions.ids
    if (topId) await lockRows(manager, 'comments', [topId])
    await lockRows(manager, 'users', [userId, authorId, answeredUserId, ...mentionedIds])
    // Nobody comments on the notes, or replies to the comments, of a member who blocked them.
    await refuseIfBlocked(manager, userId, [authorId, answeredUserId])
    const inserted = await manager.insert(Comment, {
      post_id: input.post_id,
      user_id: userId,
      parent_id: topId,
      reply_to_user_id: answeredUserId,
      content: mentions.html,
      like_count: 0,
      reply_count: 0,
      moderation: initial.moderation,
      moderation_reason: initial.reason,
    })
    const commentId = Number(inserted.identifiers[0]!.id)
    // A held comment counts and notifies once it is approved (domain/moderation-state.ts).
    if (!listed) return { id: commentId, authorId }
    await execute(manager, `UPDATE posts SET comment_count = comment_count + 1, ${KEEP_UPDATED_AT} WHERE id = ?`, [input.post_id])
    if (topId) await execute(manager, 'UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?', [topId])
    await refreshHotScores(manager, [input.post_id])
    // Commenting tells the 推荐 what the member cares about (a deleted comment is not taken back: the interest was real).
    await noteEngaged(manager, userId, input.post_id, { weight: ENGAGEMENT.comment, at: new Date() })
    const notified = new Set<number>([userId])
    const tell = async (receiver: number | null, type: 4 | 5 | 7) => {
      if (receiver === null || notified.has(receiver)) return
      notified.add(receiver)
      await notify(manager, { userId: receiver, senderId: userId, type, postId: input.post_id, commentId })
    }
    await tell(answeredUserId, 5)
    await tell(authorId, 4)
    for (const receiver of mentionedIds) await tell(receiver, 7)
    return { id: commentId, authorId }
  }, { changesCards: false })
  listsChanged()
  const view = await loadComment(reader, id, userId)
  if (!view) throw NotFound('评论不存在')
  return markNoteAuthor([view], authorId)[0]!
}

/**
 * Delete an own comment (with its replies) or reply, the likes and notifications hanging off them, and
 * correct posts.comment_count, the parent's reply_count and the note's hot_score. Returns how many
 * comments went.
 */
export async function deleteComment(db: DataSource, userId: number, commentId: number): Promise<number> {
  const [comment] = await query<{ user_id: number; post_id: number; parent_id: number | null }>(db, 'SELECT user_id, post_id, parent_id FROM comments WHERE id = ?', [commentId])
  if (!comment) throw NotFound('评论不存在')
  if (Number(comment.user_id) !== userId) throw Forbidden(comment.parent_id === null ? '只能删除自己发布的评论' : '只能删除自己发布的回复')
  return removeComment(db, commentId)
}

/**
 * Deletion without the owner check (shared with the admin API). Under the note's row lock, the counters lose
 * exactly the rows this job deleted (a concurrent deletion of the same comment, its parent or the note finds
 * them gone and changes nothing).
 */
export async function removeComment(db: DataSource, commentId: number): Promise<number> {
  // A comment's note never changes: read it before the job so that the note's lock is the job's first statement.
  const [found] = await query<{ post_id: number }>(db, 'SELECT post_id FROM comments WHERE id = ?', [commentId])
  if (!found) return 0
  const postId = Number(found.post_id)
  const removed = await inTransaction(db, async (manager) => {
    if (!(await lockNote(manager, postId))) return 0
    const [comment] = await query<{ parent_id: number | null }>(manager, 'SELECT parent_id FROM comments WHERE id = ? AND post_id = ?', [commentId, postId])
    if (!comment) return 0
    const parentId = comment.parent_id === null ? null : Number(comment.parent_id)
    await lockRows(manager, 'comments', [commentId, parentId])
    const replies = await query<{ id: number }>(manager, 'SELECT id FROM comments WHERE parent_id = ?', [commentId])
    const ids = [commentId, ...replies.map((r) => Number(r.id))]
    // The counters count listed comments only (server/db/visibility.ts).
    const [{ n: listedGone } = { n: 0 }] = await query<{ n: number | string }>(manager, `SELECT COUNT(*) AS n FROM comments c WHERE (c.id = ? OR c.parent_id = ?) AND ${listedComment('c')}`, [commentId, commentId])
    const listedCount = Number(listedGone)
    for (const id of ids) {
      await execute(manager, 'DELETE FROM likes WHERE target_type = 2 AND target_id = ?', [id])
      await execute(manager, 'DELETE FROM notifications WHERE comment_id = ?', [id])
    }
    const gone = (await execute(manager, 'DELETE FROM comments WHERE parent_id = ?', [commentId])) + (await execute(manager, 'DELETE FROM comments WHERE id = ?', [commentId]))
    const dec = (col: string) => `${col} = CASE WHEN ${col} > ? THEN ${col} - ? ELSE 0 END`
    if (gone && listedCount) {
      await execute(manager, `UPDATE posts SET ${dec('comment_count')}, ${KEEP_UPDATED_AT} WHERE id = ?`, [listedCount, listedCount, postId])
      if (parentId !== null) await execute(manager, `UPDATE comments SET ${dec('reply_count')} WHERE id = ?`, [listedCount, listedCount, parentId])
    }
    await refreshHotScores(manager, [postId])
    return gone
  }, { changesCards: false })
  listsChanged()
  return removed
}

interface VisibleNote {
  author_id: number
  is_draft: boolean | number
  moderation: number
  total: number
}

/** A note's comments are readable where the note is: listed, or the viewer's own. */
function assertVisible(note: VisibleNote | undefined, viewerId: number | null): asserts note is VisibleNote {
  if (!note || ((toBool(note.is_draft) || Number(note.moderation) !== Moderation.visible) && Number(note.author_id) !== viewerId)) throw NotFound('笔记不存在')
}

export async function listComments(reader: SqlReader, postId: number, viewerId: number | null, q: CommentListQuery): Promise<ListReply<'comments', CommentView>> {
  const blocks = andNotBlocked(viewerId, 'c.user_id')
  const [note, comments] = await Promise.all([
    reader.one<VisibleNote>(
      `SELECT p.user_id AS author_id, p.is_draft, p.moderation, (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.parent_id IS NULL AND ${commentSeenBy('c')}${blocks.sql}) AS total FROM posts p WHERE p.id = ?`,
      [viewerId ?? 0, ...blocks.params, postId],
    ),
    loadCommentPage(reader, { postId, order: q.sort, limit: q.limit, offset: (q.page - 1) * q.limit }, viewerId),
  ])
  assertVisible(note, viewerId)
  return listPage('comments', markNoteAuthor(comments, Number(note.author_id)), pagination(q.page, q.limit, Number(note.total)))
}

export async function listReplies(reader: SqlReader, commentId: number, viewerId: number | null, q: ReplyListQuery): Promise<ListReply<'replies', CommentView>> {
  const blocks = andNotBlocked(viewerId, 'r.user_id')
  const parent = await reader.one<VisibleNote & { parent_id: number | null }>(
    `SELECT c.parent_id, p.user_id AS author_id, p.is_draft, p.moderation, (SELECT COUNT(*) FROM comments r WHERE r.parent_id = c.id AND ${commentSeenBy('r')}${blocks.sql}) AS total
     FROM comments c INNER JOIN posts p ON p.id = c.post_id WHERE c.id = ? AND ${commentSeenBy('c')}`,
    [viewerId ?? 0, ...blocks.params, commentId, viewerId ?? 0],
  )
  if (!parent) throw NotFound('评论不存在')
  assertVisible(parent, viewerId)
  const replies = markNoteAuthor(await loadReplyPage(reader, commentId, q.limit, (q.page - 1) * q.limit, viewerId), Number(parent.author_id))
  return listPage('replies', replies, pagination(q.page, q.limit, Number(parent.total)))
}

import type { DataSource, EntityManager } from 'typeorm'
import { query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Moderation } from '../db/visibility'
import { allowedMentions, blockersOf } from './block-policy'
import { setCommentModeration, setNoteModeration } from './moderation-state'
import { notify, notifyMany, notifySystem } from './notifications'
import { mentionedUserIds, plainText } from './richtext'
import { msg } from '../i18n/message'

/*
 * The back-office's decisions on held notes and comments (/admin/posts-audit, /admin/comments-audit).
 * Approving makes the row visible (setNoteModeration / setCommentModeration move the counters) and then sends
 * what its publication would have sent (mentions; for a comment, its note's author and the answered user),
 * plus a system notification to the author. Rejecting sets the state 未通过 with the reason, which the author
 * reads on the note and in the notification; the author may edit and resubmit (it is held again).
 */

const short = (text: string, max = 20) => ([...text].length > max ? `${[...text].slice(0, max).join('')}…` : text)

/** Who the text mentions, less those who block its writer (they are never told: domain/block-policy.ts). */
async function usersMentioned(manager: EntityManager, writerId: number, html: string): Promise<number[]> {
  return (await allowedMentions(manager, writerId, html, mentionedUserIds(html))).ids
}

export async function approveNote(db: DataSource, postId: number): Promise<void> {
  const change = await setNoteModeration(db, postId, Moderation.visible, null)
  if (!change) return
  await inTransaction(db, async (m) => {
    const [note] = await query<{ title: string; content: string; is_draft: boolean | number }>(m, 'SELECT title, content, is_draft FROM posts WHERE id = ?', [postId])
    if (!note) return
    await notifyMany(m, await usersMentioned(m, change.authorId, note.content), { senderId: change.authorId, type: 8, postId })
    await notifySystem(m, change.authorId, msg('你的笔记「{title}」已通过审核', { title: short(note.title || plainText(note.content)) }), postId)
  }, { changesCards: false })
}

export async function rejectNote(db: DataSource, postId: number, reason: string): Promise<void> {
  const change = await setNoteModeration(db, postId, Moderation.rejected, reason)
  if (!change) return
  await inTransaction(db, async (m) => {
    const [note] = await query<{ title: string; content: string }>(m, 'SELECT title, content FROM posts WHERE id = ?', [postId])
    await notifySystem(m, change.authorId, msg('你的笔记「{title}」未通过审核：{reason}', { title: short(note?.title || plainText(note?.content ?? '')), reason }), postId)
  }, { changesCards: false })
}

export async function approveComment(db: DataSource, commentId: number): Promise<void> {
  const change = await setCommentModeration(db, commentId, Moderation.visible, null)
  if (!change) return
  await inTransaction(db, async (m) => {
    const [row] = await query<{ post_id: number; content: string; reply_to_user_id: number | null; note_author: number }>(
      m,
      'SELECT c.post_id, c.content, c.reply_to_user_id, p.user_id AS note_author FROM comments c INNER JOIN posts p ON p.id = c.post_id WHERE c.id = ?',
      [commentId],
    )
    if (!row) return
    const postId = Number(row.post_id)
    // As createComment notifies: the answered user, the note's author, the mentioned; each once, never the
    // author, nobody who blocks the author.
    const told = new Set<number>([change.authorId])
    const receivers: Array<[number | null, 4 | 5 | 7]> = [[row.reply_to_user_id === null ? null : Number(row.reply_to_user_id), 5], [Number(row.note_author), 4], ...(await usersMentioned(m, change.authorId, row.content)).map((id): [number, 7] => [id, 7])]
    const blockers = await blockersOf(m, change.authorId, receivers.map(([id]) => id))
    for (const [receiver, type] of receivers) {
      if (receiver === null || told.has(receiver) || blockers.has(receiver)) continue
      told.add(receiver)
      await notify(m, { userId: receiver, senderId: change.authorId, type, postId, commentId })
    }
    await notifySystem(m, change.authorId, msg('你的评论「{excerpt}」已通过审核', { excerpt: short(plainText(row.content)) }), postId)
  }, { changesCards: false })
}

export async function rejectComment(db: DataSource, commentId: number, reason: string): Promise<void> {
  const change = await setCommentModeration(db, commentId, Moderation.rejected, reason)
  if (!change) return
  await inTransaction(db, async (m) => {
    const [row] = await query<{ post_id: number; content: string }>(m, 'SELECT post_id, content FROM comments WHERE id = ?', [commentId])
    await notifySystem(m, change.authorId, msg('你的评论「{excerpt}」未通过审核：{reason}', { excerpt: short(plainText(row?.content ?? '')), reason }), row ? Number(row.post_id) : null)
  }, { changesCards: false })
}

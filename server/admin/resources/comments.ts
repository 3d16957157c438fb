import { In } from 'typeorm'
import { commentCreateBody, commentUpdateBody } from '../../contract/admin/content'
import { intFilter } from '../../contract/admin/list'
import { Comment, Post, User } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { readerFor } from '../../db/reader'
import { createComment, removeComment } from '../../domain/comments'
import { sanitizeRichText } from '../../domain/richtext'
import { date, int, str } from '../fields'
import { requireUser } from '../refs'
import { createWith, updateWith, type AdminResource } from '../resource'

/** The columns every comment table shows (comments, and the moderation queue's held comments). */
export const COMMENT_FIELDS = {
  id: int('c.id'),
  content: str('c.content'),
  user_id: int('c.user_id', { description: '评论者数字ID' }),
  user_display_id: str('u.user_id'),
  nickname: str('u.nickname'),
  post_id: int('c.post_id'),
  post_title: str('p.title'),
  parent_id: int('c.parent_id', { nullable: true }),
}

/**
 * Comments and replies. Created through the member comment command (counters, reply_count, hot score,
 * notifications) as the named user; deleted through removeComment (replies, likes and notifications go
 * too, counters are recounted). An edit changes only the (sanitised) text.
 */
export const comments: AdminResource = {
  name: 'comments',
  label: '评论',
  description: '评论与回复（parent_id 为空表示一级评论）',
  entity: Comment,
  alias: 'c',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = c.user_id').leftJoin(Post, 'p', 'p.id = c.post_id'),
  fields: {
    ...COMMENT_FIELDS,
    reply_to_user_id: int('c.reply_to_user_id', { nullable: true }),
    like_count: int('c.like_count'),
    reply_count: int('c.reply_count'),
    moderation: int('c.moderation', { description: '审核状态：0 正常，1 已隐藏，2 审核中，3 未通过' }),
    moderation_reason: str('c.moderation_reason', { nullable: true }),
    created_at: date('c.created_at'),
  },
  filters: { post_id: { sql: 'c.post_id', schema: intFilter }, parent_id: { sql: 'c.parent_id', schema: intFilter }, moderation: { sql: 'c.moderation', schema: intFilter } },
  search: ['c.content'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'like_count', 'reply_count', 'post_id'],
  create: createWith(commentCreateBody, async ({ deps }, input) => {
    const userId = await requireUser(deps.db, input, 'user', '评论者不存在')
    const view = await createComment(deps.db, readerFor(deps.db), userId, { post_id: input.post_id, content: input.content, parent_id: input.parent_id })
    return view.id
  }),
  update: updateWith(commentUpdateBody, async ({ deps }, id, input) => {
    const content = sanitizeRichText(input.content)
    await inTransaction(deps.db, (m) => m.getRepository(Comment).update({ id }, { content }))
  }),
  async remove({ deps }, ids) {
    // Top-level comments first is not needed: removing one that already went with its parent is a no-op.
    const rows = await deps.db.getRepository(Comment).find({ select: { id: true }, where: { id: In(ids) } })
    for (const row of rows) await removeComment(deps.db, row.id)
  },
}

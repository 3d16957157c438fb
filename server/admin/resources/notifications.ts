import { In } from 'typeorm'
import { notificationCreateBody, notificationUpdateBody } from '../../contract/admin/interactions'
import { flagFilter, intFilter, textFilter } from '../../contract/admin/list'
import { Notification, User } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { bool, date, int, str } from '../fields'
import { requireUser, resolveUser } from '../refs'
import { createWith, updateWith, type AdminResource } from '../resource'

/**
 * Notifications. An administrator writes the row as given (title included); unlike member actions it is
 * never deduplicated, and no counter depends on notifications.
 */
export const notifications: AdminResource = {
  name: 'notifications',
  label: '通知',
  description: '用户通知（类型：1 赞笔记，2 赞评论，3 收藏，4 评论笔记，5 回复评论，6 关注，7 评论@，8 笔记@）',
  entity: Notification,
  alias: 'n',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = n.user_id').leftJoin(User, 'snd', 'snd.id = n.sender_id'),
  fields: {
    id: int('n.id'),
    user_id: int('n.user_id'),
    user_display_id: str('u.user_id'),
    nickname: str('u.nickname'),
    sender_id: int('n.sender_id', { nullable: true }),
    sender_display_id: str('snd.user_id', { nullable: true }),
    sender_nickname: str('snd.nickname', { nullable: true }),
    type: int('n.type'),
    title: str('n.title'),
    target_id: int('n.target_id', { nullable: true, description: '笔记ID' }),
    comment_id: int('n.comment_id', { nullable: true }),
    is_read: bool('n.is_read'),
    created_at: date('n.created_at'),
  },
  filters: {
    type: { sql: 'n.type', schema: intFilter },
    is_read: { sql: 'n.is_read', schema: flagFilter },
    sender_display_id: { sql: 'snd.user_id', schema: textFilter },
    target_id: { sql: 'n.target_id', schema: intFilter },
  },
  search: ['n.title', 'u.user_id', 'u.nickname', 'snd.user_id', 'snd.nickname'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'type', 'is_read'],
  create: createWith(notificationCreateBody, async ({ deps }, input) => {
    const userId = await requireUser(deps.db, input, 'user', '接收者不存在')
    const senderId = await requireUser(deps.db, input, 'sender', '发送者不存在')
    const saved = await inTransaction(deps.db, (m) => {
      const repo = m.getRepository(Notification)
      return repo.save(
        repo.create({
          user_id: userId,
          sender_id: senderId,
          type: input.type,
          title: input.title,
          target_id: input.target_id ?? null,
          comment_id: input.comment_id ?? null,
          is_read: input.is_read ?? false,
          dedupe_key: null,
        }),
      )
    })
    return saved.id
  }),
  update: updateWith(notificationUpdateBody, async ({ deps }, id, input) => {
    const patch: Partial<Notification> = {}
    const userId = await resolveUser(deps.db, input, 'user', '接收者不存在')
    const senderId = await resolveUser(deps.db, input, 'sender', '发送者不存在')
    if (userId !== undefined) patch.user_id = userId
    if (senderId !== undefined) patch.sender_id = senderId
    for (const key of ['type', 'title', 'target_id', 'comment_id', 'is_read'] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] })
    }
    if (Object.keys(patch).length) await inTransaction(deps.db, (m) => m.getRepository(Notification).update({ id }, patch))
  }),
  async remove({ deps }, ids) {
    await inTransaction(deps.db, (m) => m.getRepository(Notification).delete({ id: In(ids) }))
  },
}

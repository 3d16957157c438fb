import { z } from 'zod'
import { listReplySchema, pageQuery } from './common'

/* Notification centre calls (member-and-visitor.md §3 Notification, §7 Notifications). */

export const NOTIFICATION_TABS = ['comments', 'likes', 'collections', 'follows', 'system'] as const
export type NotificationTab = (typeof NOTIFICATION_TABS)[number]

export const NOTIFICATION_MESSAGES = {
  notFound: '通知不存在',
  readAll: '已将所有通知标记为已读',
  read: '已标记为已读',
  deleted: '通知已删除',
} as const

export const notificationListQuery = pageQuery(20)
export type NotificationListQuery = z.infer<typeof notificationListQuery>

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 赞笔记 2 赞评论 3 收藏 4 评论笔记 5 回复评论 6 关注 7 评论@ 8 笔记@ 9 系统通知（无发送者）'),
  title: z.string().describe('动作文字；系统通知为通知内容或标题'),
  content: z.string().nullable().describe('系统通知的内容（如管理员的说明）；其他类型为 null'),
  from_user_id: z.string().nullable().describe('发送者石榴号'),
  from_user_auto_id: z.number().int().nullable(),
  from_nickname: z.string().nullable(),
  from_avatar: z.string().nullable(),
  from_verified: z.number().int(),
  created_at: z.string(),
  is_read: z.number().int().describe('1 已读 0 未读'),
  target_id: z.number().int().nullable().describe('相关笔记ID'),
  target_type: z.number().int().nullable().describe('1 笔记 2 评论；关注通知为 null'),
  comment_id: z.number().int().nullable(),
  comment_content: z.string().nullable(),
  comment_is_liked: z.boolean(),
  comment_like_count: z.number().int(),
  parent_comment_content: z.string().nullable(),
  post_image: z.string().nullable(),
  post_author_id: z.string().nullable().describe('笔记作者石榴号'),
  post_title: z.string().nullable(),
  follow_count: z.number().int().describe('发送者的关注数'),
  fans_count: z.number().int().describe('发送者的粉丝数'),
})
export type NotificationReply = z.infer<typeof notificationSchema>
export const notificationListReply = listReplySchema('notifications', notificationSchema)

export const unreadCountSchema = z.object({ count: z.number().int() })
export const unreadByTypeSchema = z.object({
  comments: z.number().int(),
  likes: z.number().int(),
  collections: z.number().int(),
  follows: z.number().int(),
  system: z.number().int().describe('系统通知（举报处理结果、警告、账号限制）'),
  total: z.number().int(),
})
export type UnreadByType = z.infer<typeof unreadByTypeSchema>

/** POST /notifications/stream-ticket: a single-use ticket for the stream URL. */
export const streamTicketSchema = z.object({
  ticket: z.string().describe('一次性连接凭证，用于 GET /notifications/stream?ticket=…'),
  expires_in: z.number().int().describe('有效期（秒）'),
})

/** GET /notifications/stream: a ticket (or the Authorization header) and where to resume. */
export const streamQuery = z.object({
  ticket: z.string().optional().describe('POST /notifications/stream-ticket 取得的一次性凭证（浏览器 EventSource 无法发送请求头）'),
  lastEventId: z.string().regex(/^\d+$/).optional().describe('从该事件之后续传（等同 Last-Event-ID 请求头）'),
})

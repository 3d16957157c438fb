import { z } from 'zod'
import { multiLine } from '../common'
import { dateQuery, withoutEmpty } from './list'

/* Verification audit and the activity monitor (admin-back-office.md §4, §7). */

const adminNote = z.string().trim().max(500, '审核备注最多500个字符').refine(...multiLine('审核备注'))

/** Approve: the note is optional. */
export const verificationApproveBody = z.object({ admin_note: z.preprocess((v) => (v === '' ? undefined : v), adminNote.optional()) })
/**
 * Reject: the reason is optional. The documentation asks for one, but the admin screen's own reject call
 * sends no body (A §4), so a missing reason stores an empty note (docs/decisions.md). `reject_reason`, a
 * documented field name, is read when `admin_note` is absent.
 */
export const verificationRejectBody = z
  .object({ admin_note: adminNote.nullish(), reject_reason: adminNote.nullish() })
  .transform((b) => ({ admin_note: b.admin_note || b.reject_reason || '' }))
/** POST /admin/audit/{id}/reveal: the unmasked application table (the reveal is written to the audit log). */
export const verificationRevealReply = z.object({ id: z.number().int(), content: z.string().describe('申请内容（未打码的 HTML 表格）') })
export type VerificationRevealReply = z.infer<typeof verificationRevealReply>

export type VerificationApproveBody = z.infer<typeof verificationApproveBody>
export type VerificationRejectBody = z.infer<typeof verificationRejectBody>

/** The spec's three, then the moderation ones (issue 18): reports filed, queue actions, bans. */
export const ACTIVITY_TYPES = ['user_register', 'post_publish', 'comment_publish', 'report_submit', 'moderation_action', 'user_ban'] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]
export const MONITOR_DEFAULT_LIMIT = 50
export const MONITOR_MAX_LIMIT = 200

export const monitorQuery = withoutEmpty(
  z.object({
    date_from: dateQuery.optional().describe('起始日期（含）'),
    date_to: dateQuery.optional().describe('截止日期（含当天）'),
    activity_type: z.enum(ACTIVITY_TYPES, { error: '不支持的动态类型' }).optional(),
    limit: z.coerce
      .number({ error: 'limit 必须是正整数' })
      .int('limit 必须是正整数')
      .min(1, 'limit 必须是正整数')
      .max(MONITOR_MAX_LIMIT, `limit 不能超过${MONITOR_MAX_LIMIT}`)
      .optional()
      .describe(`条数，默认${MONITOR_DEFAULT_LIMIT}`),
  }),
)
export type MonitorQuery = z.infer<typeof monitorQuery>

export const activitySchema = z.object({
  id: z.number().int().describe('用户、笔记或评论的ID'),
  type: z.enum(ACTIVITY_TYPES),
  user_id: z.string().describe('小石榴号'),
  target_id: z.number().int().nullable().describe('笔记ID（注册、用户举报与封禁为 null）'),
  avatar: z.string().nullable(),
  nickname: z.string().nullable(),
  description: z.string(),
  content: z.string().nullable(),
  created_at: z.iso.datetime(),
})
export type Activity = z.infer<typeof activitySchema>

/** GET /admin/monitor/summary: the back-office's headline numbers (the queue badge reads open_reports). */
export const monitorSummarySchema = z.object({
  users: z.number().int(),
  posts: z.number().int().describe('已发布且可见的笔记'),
  comments: z.number().int(),
  open_reports: z.number().int().describe('待处理的举报组（审核队列）'),
  active_bans: z.number().int().describe('当前生效的账号限制'),
})
export type MonitorSummary = z.infer<typeof monitorSummarySchema>

import { z } from 'zod'
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, REPORT_TARGET_TYPES, type ReportReason, type ReportTargetType } from './report-reasons'
import { selfSchema } from './users'
import { fixed } from '../i18n/message'

/*
 * Reports and bans as members see them (issue 18): the report form's reasons, the request and reply shapes,
 * and the messages of the refusals, shared by the server and the member app.
 */

export { REPORT_DESCRIPTION_MAX, REPORT_REASONS, REPORT_TARGET_TYPES, type ReportReason, type ReportTargetType }
/** Reports one member may file in 24 hours. */
export const REPORTS_PER_DAY = 20

export const MODERATION_MESSAGES = {
  reported: '举报成功，我们会尽快处理',
  duplicate: '你已举报过该内容',
  self: '不能举报自己或自己的内容',
  reasonRequired: '请选择举报原因',
  descriptionRequired: '请填写举报说明',
  descriptionTooLong: fixed('举报说明不能超过{max}个字', { max: REPORT_DESCRIPTION_MAX }),
  targetType: '举报对象类型无效',
  postNotFound: '笔记不存在',
  commentNotFound: '评论不存在',
  userNotFound: '用户不存在',
} as const

const targetType = z.enum(REPORT_TARGET_TYPES, { error: MODERATION_MESSAGES.targetType })

/** A display id for users (the 石榴号), a numeric id for notes and comments. */
const BAD_TARGET = '举报对象无效'
const targetId = z.union(
  [z.string().trim().min(1, BAD_TARGET).max(32, BAD_TARGET), z.number({ error: BAD_TARGET }).int(BAD_TARGET).positive(BAD_TARGET).max(2_147_483_647, BAD_TARGET)],
  { error: BAD_TARGET },
)

export const reportCreateBody = z
  .object({
    target_type: targetType,
    target_id: targetId,
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
    description: z.string({ error: MODERATION_MESSAGES.descriptionTooLong }).trim().max(REPORT_DESCRIPTION_MAX, MODERATION_MESSAGES.descriptionTooLong).nullish(),
  })
  .refine((b) => b.reason !== '其他' || !!b.description, { message: MODERATION_MESSAGES.descriptionRequired, path: ['description'] })
  // For the OpenAPI document: the reason 其他 needs a description that is not blank.
  .meta({ if: { properties: { reason: { const: '其他' } }, required: ['reason'] }, then: { required: ['description'], properties: { description: { type: 'string', pattern: '\\S' } } } })
export type ReportCreateBody = z.infer<typeof reportCreateBody>

export const reportStatusQuery = z.object({ target_type: targetType, target_id: z.string({ error: BAD_TARGET }).trim().min(1, BAD_TARGET).max(32, BAD_TARGET) })
export type ReportStatusQuery = z.infer<typeof reportStatusQuery>

export const reportReply = z.object({ id: z.number().int(), reported: z.literal(true) })
export const reportStatusReply = z.object({ reported: z.boolean().describe('当前用户对该对象有未处理的举报（显示“已举报”）') })

/** A standing ban as the member sees it: until (ISO time, null = permanent) and the moderator's reason. */
export const banSchema = z.object({
  until: z.string().nullable().describe('限制结束时间，null 为永久'),
  reason: z.string(),
})
export type BanInfo = z.infer<typeof banSchema>

/** GET /auth/me: the member and the ban in force (null when none), so the app shows the banner instead of forms. */
export const meReplySchema = selfSchema.extend({ ban: banSchema.nullable() })
export type MeReply = z.infer<typeof meReplySchema>

export { banEndText, banMessage, banNotice } from './ban-text'

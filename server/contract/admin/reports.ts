import { z } from 'zod'
import { fixed } from '../../i18n/message'

/*
 * The moderation queue's actions and the ban routes of the back-office (issue 18 parts 3, 4 and 7). Every
 * action takes the moderator's reason; the ban actions also take how long.
 */

export const REASON_MAX = 200
export const BAN_DURATIONS = ['1d', '7d', '30d', 'permanent'] as const
export type BanDuration = (typeof BAN_DURATIONS)[number]
export const BAN_DURATION_LABELS: Record<BanDuration, string> = { '1d': '1 天', '7d': '7 天', '30d': '30 天', permanent: '永久' }
const DAY_MS = 24 * 60 * 60 * 1000
const DURATION_MS: Record<Exclude<BanDuration, 'permanent'>, number> = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS }

/** A ban's end for a duration from `now` (null: permanent). */
export function banEnd(duration: BanDuration, now: number = Date.now()): Date | null {
  return duration === 'permanent' ? null : new Date(now + DURATION_MS[duration])
}

export const MODERATION_ADMIN_MESSAGES = {
  reasonRequired: '请填写处理理由',
  reasonTooLong: fixed('理由不能超过{max}个字', { max: REASON_MAX }),
  messageRequired: '请填写警告内容',
  duration: '请选择限制时长：1d、7d、30d 或 permanent',
  endTime: '结束时间格式不正确',
} as const

const reason = (required: string) => z.string({ error: required }).trim().min(1, required).max(REASON_MAX, MODERATION_ADMIN_MESSAGES.reasonTooLong)

/** dismiss and restore: a note is optional. */
export const queueNoteBody = z.object({ reason: z.string({ error: MODERATION_ADMIN_MESSAGES.reasonTooLong }).trim().max(REASON_MAX, MODERATION_ADMIN_MESSAGES.reasonTooLong).nullish() })
/** hide and delete: the reason the author is told. */
export const queueReasonBody = z.object({ reason: reason(MODERATION_ADMIN_MESSAGES.reasonRequired) })
/** warn: the moderator's text, sent to the author as it is. */
export const queueWarnBody = z.object({ reason: reason(MODERATION_ADMIN_MESSAGES.messageRequired).describe('警告内容（原样发给作者）') })
/** ban the author from the queue. */
export const queueBanBody = z.object({
  reason: reason(MODERATION_ADMIN_MESSAGES.reasonRequired),
  duration: z.enum(BAN_DURATIONS, { error: MODERATION_ADMIN_MESSAGES.duration }).describe('1d、7d、30d 或 permanent'),
})
export type QueueBanBody = z.infer<typeof queueBanBody>

const DAY = String.raw`\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])`
const CLOCK = String.raw`([01]\d|2[0-3]):[0-5]\d`
/** The forms endTimeSchema reads, for the OpenAPI document (a later time than now is the handler's rule). */
const END_TIME_FORMS = {
  anyOf: [
    { type: 'string', pattern: String.raw`^(|\s*${DAY}( ${CLOCK}(:[0-5]\d)?)?\s*|\s*${DAY}T${CLOCK}(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]${CLOCK.replace(':', ':?')})\s*)$` },
    { type: 'number', minimum: -8.64e15, maximum: 8.64e15 },
    { type: 'null' },
  ],
}

/**
 * A ban's end as XiaoShiLiu v1.3 sends it: an ISO time, 'YYYY-MM-DD HH:mm[:ss]' (Beijing time, as its
 * back-office's date picker gives it), or milliseconds since the epoch. Absent, null or '': permanent.
 */
export const endTimeSchema = z
  .union([z.string(), z.number()], { error: MODERATION_ADMIN_MESSAGES.endTime })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null
    let date: Date
    if (typeof v === 'number') date = new Date(v)
    else if (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v.trim())) date = new Date(`${v.trim().replace(' ', 'T')}${v.trim().length === 10 ? 'T00:00' : ''}+08:00`)
    else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v.trim())) date = new Date(v.trim())
    else date = new Date(Number.NaN)
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: MODERATION_ADMIN_MESSAGES.endTime })
      return z.NEVER
    }
    return date
  })
  .meta(END_TIME_FORMS)

/** POST /admin/users/{id}/ban (XiaoShiLiu v1.3): no end_time = permanent. */
export const userBanBody = z.object({
  reason: reason(MODERATION_ADMIN_MESSAGES.reasonRequired),
  end_time: endTimeSchema.describe('结束时间：ISO 时间、"YYYY-MM-DD HH:mm:ss"（北京时间）或毫秒时间戳；不填为永久'),
})
export type UserBanBody = z.infer<typeof userBanBody>
export const userUnbanBody = z.object({})

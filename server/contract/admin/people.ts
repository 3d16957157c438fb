import { z } from 'zod'
import { singleLine } from '../common'
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, displayNameSchema, profileUpdateBody, userIdSchema } from '../users'
import { boolish, choice, displayIdRef, numericRef, requireUserRef, userRefsRequired } from './refs'
import { fixed } from '../../i18n/message'

/* Users, administrator accounts and sessions (admin-back-office.md §5, the documented rules). */

const displayId = userIdSchema
// Like a member's own nickname (users.ts): NFKC, no invisible or control characters; the admin forms' length rule.
const nickname = displayNameSchema({ blank: '请输入昵称', tooLong: '昵称长度必须在2-10位之间', label: '昵称' }, NICKNAME_MAX).refine((v) => v.length >= 2, '昵称长度必须在2-10位之间').meta({ minLength: 2 })
const userPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .min(PASSWORD_MIN, fixed('密码长度必须在{min}-{max}位之间', { min: PASSWORD_MIN, max: PASSWORD_MAX }))
  .max(PASSWORD_MAX, fixed('密码长度必须在{min}-{max}位之间', { min: PASSWORD_MIN, max: PASSWORD_MAX }))

/** The member profile fields with the member API's own rules (avatar must be media this server serves). */
const { nickname: _nickname, ...memberProfile } = profileUpdateBody.shape
const profile = {
  ...memberProfile,
  verified: choice([0, 1, 2], '认证状态只能是 0、1 或 2').optional(),
  is_active: boolish.optional(),
}

export const userCreateBody = z.object({ user_id: displayId, nickname, password: userPassword, ...profile })
/** Edit: every field optional; an empty password means "unchanged". */
export const userUpdateBody = z.object({
  user_id: displayId.optional(),
  nickname: nickname.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), userPassword.optional()),
  ...profile,
})
export type UserCreateBody = z.infer<typeof userCreateBody>
export type UserUpdateBody = z.infer<typeof userUpdateBody>

const adminUsername = displayNameSchema({ blank: '请输入用户名', tooLong: '用户名最多50位', label: '用户名' }, 50).refine((v) => v.length >= 2, '用户名至少需要2位').meta({ minLength: 2 })
const adminPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').min(6, '密码至少需要6位').max(100, '密码最多100位')

export const adminCreateBody = z.object({ username: adminUsername, password: adminPassword, is_active: boolish.optional() })
export const adminUpdateBody = z.object({
  username: adminUsername.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), adminPassword.optional()),
  is_active: boolish.optional(),
})
export type AdminCreateBody = z.infer<typeof adminCreateBody>
export type AdminUpdateBody = z.infer<typeof adminUpdateBody>

const userAgent = z.string().trim().max(500, '设备信息最多500个字符').refine(...singleLine('设备信息')).optional()
const expiresAt = z.iso.datetime({ error: '过期时间格式不正确', offset: true }).optional()

export const sessionCreateBody = z
  .object({ user_display_id: displayIdRef, user_id: numericRef, user_agent: userAgent, is_active: boolish.optional(), expires_at: expiresAt })
  .superRefine(requireUserRef('user', '请输入用户ID'))
  .meta(userRefsRequired('user'))
export const sessionUpdateBody = z.object({ user_agent: userAgent, is_active: boolish.optional(), expires_at: expiresAt })
export type SessionCreateBody = z.infer<typeof sessionCreateBody>
export type SessionUpdateBody = z.infer<typeof sessionUpdateBody>

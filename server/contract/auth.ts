import { z } from 'zod'
import { multiLine, singleLine } from './common'
import { emailCodeSchema, emailSchema } from './email'
import { DISPLAY_ID_MESSAGES, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, avatarSchema, displayNameSchema, selfSchema, userIdSchema } from './users'
import { fixed } from '../i18n/message'

export { userIdSchema }

/*
 * Member auth calls (member-and-visitor.md §3, §5, §7 Auth; admin-back-office.md §7 documented API).
 * Messages are the ones the member screens show.
 */

export const CAPTCHA_LENGTH = 4

export const AUTH_MESSAGES = {
  ...DISPLAY_ID_MESSAGES,
  /** The register screen shows a reply containing 已存在 under the id field. */
  userIdTaken: '该石榴号已存在',
  nicknameRequired: '请输入昵称',
  nicknameTooLong: fixed('昵称不能超过{max}个字符', { max: NICKNAME_MAX }),
  passwordRequired: '请输入密码',
  passwordTooShort: fixed('密码至少需要{min}位', { min: PASSWORD_MIN }),
  passwordTooLong: fixed('密码不能超过{max}位', { max: PASSWORD_MAX }),
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误，请重新输入',
  captchaExpired: '验证码已过期，请重新获取',
  loginFailed: '石榴号或密码错误',
  accountDisabled: '账号已被禁用',
  refreshRequired: '缺少刷新令牌',
  refreshInvalid: '登录已过期，请重新登录',
  refreshReused: '登录凭证已失效，请重新登录',
} as const

const requiredString = (message: string) => z.string({ error: message })
/** Clients that always send the field send it empty (or null) when there is nothing in it. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const checkUserIdQuery = z.object({ user_id: userIdSchema })
export type CheckUserIdQuery = z.infer<typeof checkUserIdQuery>

const optionalText = (max: number, message: string, label: string) => z.string({ error: message }).trim().max(max, message).refine(...singleLine(label)).optional()

export const registerBody = z.object({
  user_id: userIdSchema,
  nickname: displayNameSchema({ blank: AUTH_MESSAGES.nicknameRequired, tooLong: AUTH_MESSAGES.nicknameTooLong, label: '昵称' }, NICKNAME_MAX),
  password: requiredString(AUTH_MESSAGES.passwordRequired)
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  captchaId: requiredString(AUTH_MESSAGES.captchaRequired).trim().min(1, AUTH_MESSAGES.captchaRequired).max(64, AUTH_MESSAGES.captchaWrong),
  captchaText: requiredString(AUTH_MESSAGES.captchaRequired).trim().min(1, AUTH_MESSAGES.captchaRequired).max(CAPTCHA_LENGTH, AUTH_MESSAGES.captchaWrong),
  /** Optional: empty means the default avatar. Checked like a profile avatar. */
  avatar: avatarSchema.optional(),
  /** Optional: empty means the default bio. Markup is stripped and the text limited like a profile bio. */
  bio: z.string({ error: '个人简介格式不正确' }).max(5000, '个人简介不能超过200个字符').refine(...multiLine('个人简介')).optional(),
  location: optionalText(50, '所在地不能超过50个字符', '所在地'),
  /** With EMAIL_REQUIRED_FOR_REGISTRATION: required, with its emailed code (issue 20); otherwise optional. */
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
  emailCode: z.preprocess(blankToUndefined, emailCodeSchema.optional()),
  /** Classroom mode only (issue 43): the class code on the teacher's screen; ignored otherwise. */
  classCode: z.preprocess(blankToUndefined, z.string({ error: '课堂码格式不正确' }).trim().max(32, '课堂码错误，请看老师屏幕上的课堂码').optional()),
})
export type RegisterBody = z.infer<typeof registerBody>

/** Login by display id; the documented API calls it user_display_id. No length rule on the password (spec §5). */
export const loginBody = z
  .object({
    user_id: z.string({ error: AUTH_MESSAGES.userIdRequired }).optional(),
    user_display_id: z.string({ error: AUTH_MESSAGES.userIdRequired }).optional(),
    password: requiredString(AUTH_MESSAGES.passwordRequired).min(1, AUTH_MESSAGES.passwordRequired).max(200, AUTH_MESSAGES.loginFailed),
  })
  .transform((b, ctx) => {
    // A blank user_id falls back to user_display_id: either name may carry the 石榴号.
    const userId = (b.user_id?.normalize('NFKC').trim() || b.user_display_id?.normalize('NFKC').trim() || '')
    if (!userId) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.userIdRequired, path: ['user_id'] })
      return z.NEVER
    }
    return { user_id: userId.slice(0, 64), password: b.password }
  })
  // For the OpenAPI document: one of the two names of the 石榴号 is required.
  .meta({
    anyOf: [
      { required: ['user_id'], properties: { user_id: { pattern: '\\S' } } },
      { required: ['user_display_id'], properties: { user_display_id: { pattern: '\\S' } } },
    ],
  })
export type LoginBody = z.infer<typeof loginBody>

export const refreshBody = z.object({
  refresh_token: requiredString(AUTH_MESSAGES.refreshRequired).min(1, AUTH_MESSAGES.refreshRequired).max(200, AUTH_MESSAGES.refreshInvalid),
})
export type RefreshBody = z.infer<typeof refreshBody>

/** Logout ends the session of the access token, or of this refresh token when the access token is gone. */
export const logoutBody = z.object({ refresh_token: z.string().max(200).nullish() })

/* Replies */

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().describe('访问令牌有效期（秒）'),
  token_type: z.literal('Bearer'),
})
export type Tokens = z.infer<typeof tokensSchema>

export const captchaReplySchema = z.object({
  captchaId: z.string(),
  captchaSvg: z.string().describe('SVG 图片'),
  text: z.string().optional().describe('仅测试模式返回'),
})
export type CaptchaReply = z.infer<typeof captchaReplySchema>

export const checkUserIdReplySchema = z.object({ isUnique: z.boolean() })
export type CheckUserIdReply = z.infer<typeof checkUserIdReplySchema>

/** Login and register reply: `data.tokens.access_token`, `data.tokens.refresh_token` and `data.user`. */
export const authSessionSchema = z.object({ tokens: tokensSchema, user: selfSchema })
export type AuthSession = z.infer<typeof authSessionSchema>

/* The member's own sessions (account settings → 登录设备). Beyond the spec; see docs/security.md "Sessions". */

export const SESSION_MESSAGES = {
  notFound: '该登录设备不存在或已退出',
  othersRequired: '请指定 others=1 以退出其他设备',
  ended: '已退出该设备',
  othersEnded: '已退出其他所有设备',
} as const

export const sessionInfoSchema = z.object({
  handle: z.string().describe('会话标识（随机，不可推测）'),
  device: z.string().describe('由 User-Agent 得出的设备描述'),
  user_agent: z.string(),
  ip: z.string(),
  last_activity: z.string(),
  created_at: z.string(),
  current: z.boolean().describe('是否为发出本请求的会话'),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

export const sessionListReply = z.object({ sessions: z.array(sessionInfoSchema) })
export type SessionListReply = z.infer<typeof sessionListReply>

export const sessionHandleParams = z.object({ handle: z.string().max(64, SESSION_MESSAGES.notFound) })

export const endOtherSessionsQuery = z.object({
  others: z.literal('1', { error: SESSION_MESSAGES.othersRequired }),
})

export const endedSessionsReply = z.object({ ended: z.number().int().describe('结束的会话数') })

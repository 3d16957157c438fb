import { z } from 'zod'
import { PASSWORD_MAX, PASSWORD_MIN } from './users'
import { fixed } from '../i18n/message'

/*
 * Email binding and password reset, as XiaoShiLiu v1.3 names the calls (issue 20):
 * GET /auth/email-config, POST /auth/send-email-code, POST /auth/bind-email, DELETE /auth/unbind-email,
 * POST /auth/send-reset-code, POST /auth/verify-reset-code, POST /auth/reset-password.
 */

export const EMAIL_CODE_LENGTH = 6
export const EMAIL_CODE_TTL_MINUTES = 10
export const EMAIL_CODE_MAX_TRIES = 5
export const EMAIL_MAX = 254

export const EMAIL_MESSAGES = {
  emailRequired: '请输入邮箱',
  emailInvalid: '邮箱格式不正确',
  codeRequired: '请输入邮箱验证码',
  codeInvalid: '邮箱验证码为6位数字',
  codeWrong: '邮箱验证码错误',
  codeExpired: '邮箱验证码已过期或已使用，请重新获取',
  codeTooManyTries: '邮箱验证码错误次数过多，请重新获取',
  emailDisabled: '未开启邮件功能',
  emailTaken: '该邮箱已被其他账号绑定',
  emailSame: '该邮箱已是当前账号的绑定邮箱',
  noEmailBound: '当前账号未绑定邮箱',
  sendFailed: '邮件发送失败，请稍后重试',
  codeSent: '验证码已发送，请查收邮件',
  resetCodeSent: '如果该邮箱已绑定账号，验证码已发送，请查收邮件',
  codeVerified: '验证码正确',
  bound: '邮箱绑定成功',
  unbound: '邮箱已解绑',
  passwordReset: '密码重置成功，请使用新密码登录',
  newPasswordRequired: '请输入新密码',
  newPasswordTooShort: fixed('密码至少需要{min}位', { min: PASSWORD_MIN }),
  newPasswordTooLong: fixed('密码不能超过{max}位', { max: PASSWORD_MAX }),
  registrationNeedsEmail: '注册需要验证邮箱',
  noEmailOfMember: '该用户未绑定邮箱',
  memberDisabled: '该用户已被禁用，请先启用账号',
  adminResetSent: '找回密码验证码已发送到该用户的绑定邮箱',
} as const

/** An address as stored and compared: NFKC, trimmed, lower-cased (one account per address, whatever its case). */
export const normaliseEmail = (value: string): string => value.normalize('NFKC').trim().toLowerCase()

export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.emailRequired })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, EMAIL_MESSAGES.emailRequired)
      .max(EMAIL_MAX, EMAIL_MESSAGES.emailInvalid)
      .regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/, EMAIL_MESSAGES.emailInvalid),
  )

export const emailCodeSchema = z
  .string({ error: EMAIL_MESSAGES.codeRequired })
  .trim()
  .min(1, EMAIL_MESSAGES.codeRequired)
  .regex(/^\d{6}$/, EMAIL_MESSAGES.codeInvalid)

export const emailBody = z.object({ email: emailSchema })
export type EmailBody = z.infer<typeof emailBody>

export const emailCodeBody = z.object({ email: emailSchema, emailCode: emailCodeSchema })
export type EmailCodeBody = z.infer<typeof emailCodeBody>

export const resetPasswordBody = emailCodeBody.extend({
  newPassword: z
    .string({ error: EMAIL_MESSAGES.newPasswordRequired })
    .min(1, EMAIL_MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN, EMAIL_MESSAGES.newPasswordTooShort)
    .max(PASSWORD_MAX, EMAIL_MESSAGES.newPasswordTooLong),
})
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>

/* Replies */

export const emailConfigReply = z.object({
  emailEnabled: z.boolean().describe('是否开启邮件功能（SMTP_URL）'),
  emailRequired: z.boolean().describe('注册是否需要验证邮箱（EMAIL_REQUIRED_FOR_REGISTRATION）'),
  /** Classroom mode (issue 43): the register form asks for the class code. Optional for older clients. */
  classCodeRequired: z.boolean().optional().describe('注册是否需要课堂码（课堂模式，见 docs/classroom.md）'),
})
export type EmailConfigReply = z.infer<typeof emailConfigReply>

export const emailBindingReply = z.object({ email: z.string().nullable().describe('绑定的邮箱（已规范为小写）') })
export type EmailBindingReply = z.infer<typeof emailBindingReply>

/** Masked for the back-office table: d***@example.edu. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

import { z } from 'zod'
import { emailBindingReply, emailBody, emailCodeBody, emailConfigReply, resetPasswordBody } from '../contract/email'
import { doc, type DocRoute } from './route'

const AUTH = '用户认证'

const LIMITS = '同一邮箱同一用途每 60 秒 1 封、每天 10 封（超出 429，带 Retry-After）；邮件功能未开启（无 SMTP_URL）时 403。'
const CODES = '验证码 6 位数字，10 分钟内有效，只能使用一次，同一验证码最多错 5 次；新验证码使旧的失效。'

/** Email binding and password reset (XiaoShiLiu v1.3's calls, issue 20; docs/email.md). */
export function emailDocRoutes(): DocRoute[] {
  return [
    doc({ method: 'get', path: '/auth/email-config', tag: AUTH, summary: '邮件功能配置', description: 'emailEnabled：是否可绑定邮箱、找回密码；emailRequired：注册是否须验证邮箱；classCodeRequired：注册是否须填课堂码（课堂模式）', access: 'public', data: emailConfigReply }),
    doc({
      method: 'post',
      path: '/auth/send-email-code',
      tag: AUTH,
      summary: '发送邮箱验证码（注册、绑定）',
      description: `向该邮箱发送验证码。${LIMITS}${CODES}`,
      access: 'public',
      body: emailBody,
      data: z.null(),
      errors: [400, 403, 429, 503],
    }),
    doc({
      method: 'post',
      path: '/auth/bind-email',
      tag: AUTH,
      summary: '绑定或更换邮箱',
      description: `须提供新邮箱收到的验证码；邮箱不区分大小写、每个账号一个、不可与其他账号重复（400 该邮箱已被其他账号绑定）。更换时通知原邮箱。${CODES}`,
      access: 'user',
      body: emailCodeBody,
      data: emailBindingReply,
      errors: [400, 403],
    }),
    doc({ method: 'delete', path: '/auth/unbind-email', tag: AUTH, summary: '解绑邮箱', description: '解绑后通知原邮箱；未绑定时 400', access: 'user', data: emailBindingReply, errors: [400] }),
    doc({
      method: 'post',
      path: '/auth/send-reset-code',
      tag: AUTH,
      summary: '发送找回密码验证码',
      description: `无论该邮箱是否绑定了账号，回复都相同（不泄露账号是否存在）；只有绑定了正常账号的邮箱会收到邮件。${LIMITS}`,
      access: 'public',
      body: emailBody,
      data: z.null(),
      errors: [400, 403, 429],
    }),
    doc({
      method: 'post',
      path: '/auth/verify-reset-code',
      tag: AUTH,
      summary: '校验找回密码验证码',
      description: `只校验，不使用验证码（错误计入次数）。${CODES}`,
      access: 'public',
      body: emailCodeBody,
      data: z.object({ valid: z.literal(true) }),
      errors: [400, 403],
    }),
    doc({
      method: 'post',
      path: '/auth/reset-password',
      tag: AUTH,
      summary: '通过邮箱验证码重置密码',
      description: `新密码规则同注册（6–20 位）。成功后该账号所有设备的登录都会退出、登录失败锁定解除，并发邮件通知。${CODES}`,
      access: 'public',
      body: resetPasswordBody,
      data: z.null(),
      errors: [400, 403],
    }),
  ]
}

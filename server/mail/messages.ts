import { EMAIL_CODE_TTL_MINUTES } from '../contract/email'
import type { MailMessage } from './transport'

/** The messages Shiliu sends: plain Chinese text, no links to click, no tracking. */

const SIGNATURE = '\n\n—— 石榴\n（此邮件由系统自动发送，请勿直接回复）'

const IGNORE = '如果这不是您本人的操作，请忽略本邮件，并不要把验证码告诉任何人。'

export function emailCodeMessage(to: string, code: string): MailMessage {
  return {
    to,
    subject: `石榴邮箱验证码：${code}`,
    text: `您好！\n\n您正在石榴验证此邮箱（注册或绑定账号）。验证码：\n\n    ${code}\n\n验证码${EMAIL_CODE_TTL_MINUTES}分钟内有效，只能使用一次。${IGNORE}${SIGNATURE}`,
  }
}

export function resetCodeMessage(to: string, code: string, userId: string): MailMessage {
  return {
    to,
    subject: `石榴找回密码验证码：${code}`,
    text: `您好！\n\n您正在为石榴账号（石榴号 ${userId}）重置密码。验证码：\n\n    ${code}\n\n验证码${EMAIL_CODE_TTL_MINUTES}分钟内有效，只能使用一次。重置后，该账号在所有设备上的登录都会退出。${IGNORE}${SIGNATURE}`,
  }
}

export function passwordResetNotice(to: string, userId: string, at: Date): MailMessage {
  return {
    to,
    subject: '石榴账号密码已重置',
    text: `您好！\n\n您的石榴账号（石榴号 ${userId}）的密码已于 ${at.toISOString().replace('T', ' ').slice(0, 19)}（UTC）通过邮箱验证码重置，所有设备上的登录均已退出。\n\n如果这不是您本人的操作，请立即再次找回密码，并联系管理员。${SIGNATURE}`,
  }
}

export function emailRemovedNotice(to: string, userId: string, replaced: boolean): MailMessage {
  return {
    to,
    subject: replaced ? '石榴账号的绑定邮箱已更换' : '石榴账号已解绑此邮箱',
    text: `您好！\n\n石榴账号（石榴号 ${userId}）${replaced ? '已把绑定邮箱更换为另一个地址' : '已解绑此邮箱'}，此后此邮箱不能再用于找回该账号的密码。\n\n如果这不是您本人的操作，请尽快登录修改密码，并联系管理员。${SIGNATURE}`,
  }
}

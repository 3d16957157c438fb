import { EMAIL_CODE_TTL_MINUTES } from '../contract/email'
import { render } from '../i18n/format'
import { DEFAULT_LOCALE, savedLocale, type Locale } from '../i18n/locales'
import { msg, type Message } from '../i18n/message'
import type { MailMessage } from './transport'

/**
 * The messages Shiliu sends: plain text, no links to click, no tracking; in the receiver's language (issue 40):
 * the account's saved locale, else the language of the request that caused the mail, else Chinese.
 */

const SIGNATURE = msg('\n\n—— 石榴\n（此邮件由系统自动发送，请勿直接回复）')

const IGNORE = msg('如果这不是您本人的操作，请忽略本邮件，并不要把验证码告诉任何人。')

/** The language a mail to an account is written in: its member's choice, else the request's. */
export const mailLocale = (account: { locale?: string | null } | null | undefined, requestLocale: Locale = DEFAULT_LOCALE): Locale =>
  savedLocale(account?.locale) ?? requestLocale

const mail = (to: string, locale: Locale, subject: Message, text: Message): MailMessage => ({ to, subject: render(subject, locale), text: render(text, locale) })

export function emailCodeMessage(to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(
    to,
    locale,
    msg('石榴邮箱验证码：{code}', { code }),
    msg('您好！\n\n您正在石榴验证此邮箱（注册或绑定账号）。验证码：\n\n    {code}\n\n验证码{minutes}分钟内有效，只能使用一次。{ignore}{signature}', {
      code,
      minutes: EMAIL_CODE_TTL_MINUTES,
      ignore: IGNORE,
      signature: SIGNATURE,
    }),
  )
}

export function resetCodeMessage(to: string, code: string, userId: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(
    to,
    locale,
    msg('石榴找回密码验证码：{code}', { code }),
    msg('您好！\n\n您正在为石榴账号（石榴号 {userId}）重置密码。验证码：\n\n    {code}\n\n验证码{minutes}分钟内有效，只能使用一次。重置后，该账号在所有设备上的登录都会退出。{ignore}{signature}', {
      userId,
      code,
      minutes: EMAIL_CODE_TTL_MINUTES,
      ignore: IGNORE,
      signature: SIGNATURE,
    }),
  )
}

export function passwordResetNotice(to: string, userId: string, at: Date, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(
    to,
    locale,
    msg('石榴账号密码已重置'),
    msg('您好！\n\n您的石榴账号（石榴号 {userId}）的密码已于 {at}（UTC）通过邮箱验证码重置，所有设备上的登录均已退出。\n\n如果这不是您本人的操作，请立即再次找回密码，并联系管理员。{signature}', {
      userId,
      at: at.toISOString().replace('T', ' ').slice(0, 19),
      signature: SIGNATURE,
    }),
  )
}

export function emailRemovedNotice(to: string, userId: string, replaced: boolean, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(
    to,
    locale,
    replaced ? msg('石榴账号的绑定邮箱已更换') : msg('石榴账号已解绑此邮箱'),
    msg('您好！\n\n石榴账号（石榴号 {userId}）{what}，此后此邮箱不能再用于找回该账号的密码。\n\n如果这不是您本人的操作，请尽快登录修改密码，并联系管理员。{signature}', {
      userId,
      what: replaced ? msg('已把绑定邮箱更换为另一个地址') : msg('已解绑此邮箱'),
      signature: SIGNATURE,
    }),
  )
}

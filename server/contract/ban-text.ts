import { msg, type Message } from '../i18n/message'
/*
 * How a ban reads (issue 18), shared by the server's refusal and the member app's banner. A leaf module with
 * no imports: the banner is on every page, so it must not pull the contract's schemas into the first load.
 */

export interface BanText {
  /** ISO end time; null = permanent. */
  until: string | null
  reason: string
}

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

/** A ban's end as people on campus read it: Beijing time, to the minute ('2026/11/27 14:05'). */
export function banEndText(until: string): string {
  return BEIJING.format(new Date(until))
}

/** The refusal a banned member gets on every write (and the banner's text). */
export function banMessage(ban: BanText): string {
  return banNotice(ban).toString()
}

/** The same, as a message the server renders in its reader's language (the reason is the moderator's text). */
export function banNotice(ban: BanText): Message {
  return ban.until === null ? msg('账号已被永久限制：{reason}', { reason: ban.reason }) : msg('账号已被限制至 {until}：{reason}', { until: banEndText(ban.until), reason: ban.reason })
}

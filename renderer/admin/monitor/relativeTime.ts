import { parseDate } from '../ui/format'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** 刚刚, N分钟前, N小时前, N天前; older than 7 days a zh-CN date. */
export function relativeTime(value: unknown, now: number = Date.now()): string {
  const d = parseDate(value)
  if (!d) return ''
  const diff = Math.max(0, now - d.getTime())
  if (diff < MINUTE) return '刚刚'
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`
  if (diff <= 7 * DAY) return `${Math.floor(diff / DAY)}天前`
  return d.toLocaleDateString('zh-CN')
}

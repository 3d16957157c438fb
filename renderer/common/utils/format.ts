/** Counts: 10000 or more as one decimal plus 万; with `k` also 1000 or more as one decimal plus k (user cards). */
export function formatCount(value: number | null | undefined, opts: { k?: boolean } = {}): string {
  const n = Number(value) || 0
  const oneDecimal = (x: number) => (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '')
  if (n >= 10000) return `${oneDecimal(n / 10000)}万`
  if (opts.k && n >= 1000) return `${oneDecimal(n / 1000)}k`
  return String(n)
}

/** Relative time in Chinese: 刚刚, N分钟前, N小时前, N天前, then a date. */
export function formatTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return ''
  const t = new Date(iso).getTime()
  if (Number.isNaN(t)) return ''
  const diff = Math.max(0, now - t) / 1000
  if (diff < 60) return '刚刚'
  if (diff < 3600) return `${Math.floor(diff / 60)}分钟前`
  if (diff < 86400) return `${Math.floor(diff / 3600)}小时前`
  if (diff < 86400 * 7) return `${Math.floor(diff / 86400)}天前`
  const d = new Date(t)
  const pad = (x: number) => String(x).padStart(2, '0')
  const sameYear = d.getFullYear() === new Date(now).getFullYear()
  return sameYear ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const pad = (x: number) => String(x).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`
  return `${bytes}B`
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

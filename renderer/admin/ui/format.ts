/** Date and text helpers shared by table cells, the audit and the monitor. */

export function parseDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null
  const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value))
  return Number.isNaN(d.getTime()) ? null : d
}

/** zh-CN date and time, e.g. 2026/11/22 19:02:52. */
export function formatDate(value: unknown): string {
  const d = parseDate(value)
  if (!d) return value === null || value === undefined ? '' : String(value)
  return d.toLocaleString('zh-CN', { hour12: false })
}

export function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text
}

export function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true'
}

export function asText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** Arrays may arrive as arrays, JSON strings or comma-separated strings. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null && 'name' in v ? asText(v.name) : asText(v)))
  if (typeof value === 'string' && value.trim() !== '') {
    const s = value.trim()
    if (s.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(s)
        if (Array.isArray(parsed)) return asList(parsed)
      } catch {
        /* fall through to comma split */
      }
    }
    return s.split(/[,，]/).map((x) => x.trim()).filter(Boolean)
  }
  return []
}

/** Links into the member site, always opened in a new tab. */
export const siteLinks = {
  user: (userId: unknown) => `/user/${encodeURIComponent(asText(userId))}`,
  post: (postId: unknown) => `/post?id=${encodeURIComponent(asText(postId))}`,
  comment: (postId: unknown, commentId: unknown) =>
    `/post?id=${encodeURIComponent(asText(postId))}&targetCommentId=${encodeURIComponent(asText(commentId))}`,
}

export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e8e8ec"/><circle cx="20" cy="16" r="7" fill="#fff"/><path d="M6 40c1-9 7-13 14-13s13 4 14 13z" fill="#fff"/></svg>',
  )

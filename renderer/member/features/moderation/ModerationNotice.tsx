/**
 * What the author alone sees on their own note or comment that is not public (server/db/visibility.ts):
 * 1 hidden by a moderator, 2 held for review (审核中), 3 refused in review (未通过：<reason>).
 * Nothing for a public one: other people never receive a state other than 0.
 */
export function moderationText(state: number, reason: string | null): string | null {
  if (state === 1) return `该内容已被隐藏${reason ? `：${reason}` : ''}`
  if (state === 2) return '审核中'
  if (state === 3) return `未通过${reason ? `：${reason}` : ''}`
  return null
}

export function ModerationNotice({ state, reason, compact = false }: { state: number; reason: string | null; compact?: boolean }) {
  const text = moderationText(state, reason)
  if (!text) return null
  const tone = state === 2 ? 'is-pending' : 'is-refused'
  return (
    <span className={`moderation-notice ${tone} ${compact ? 'is-compact' : ''}`} role="status" title={text}>
      {compact && state !== 2 ? (state === 1 ? '已隐藏' : '未通过') : text}
    </span>
  )
}

import './report.css'

/** What the author sees on their own note or comment that others do not (issue 18; server/db/visibility.ts states). */
export function ModerationNotice({ state, reason }: { state: number; reason: string | null }) {
  if (state === 0) return null
  const text = state === 1 ? `该内容已被隐藏：${reason ?? '违反社区规范'}` : state === 2 ? '审核中，通过后其他人才能看到' : `审核未通过：${reason ?? '违反社区规范'}`
  return (
    <div className={`moderation-notice state-${state}`} role="status">
      {text}
    </div>
  )
}

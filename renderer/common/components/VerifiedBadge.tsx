import { Icon } from './Icon'
import './components.css'

const LABELS: Record<number, string> = { 1: '官方认证', 2: '个人认证' }

/** The verified badge (spec §6: 0 none, 1 official, 2 personal) next to a name: profiles, hover cards, comments. */
export function VerifiedBadge({ level, size = 15 }: { level: number | null | undefined; size?: number }) {
  const label = level ? LABELS[level] : undefined
  if (!label) return null
  return (
    <span className={`verified v${level}`} title={label} role="img" aria-label={label}>
      <Icon name="verified" size={size} />
    </span>
  )
}

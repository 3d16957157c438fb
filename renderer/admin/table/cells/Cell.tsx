import { asList, asText, formatDate, isTruthy, siteLinks, truncate } from '../../ui/format'
import type { CellSpec, Row } from '../types'
import { ImageCell } from './ImageCell'
import { GalleryCell, VideoCell } from './MediaCell'
import { ContentCell, PersonalityCell, TagsCell } from './ModalCells'
import { UserHoverCard } from './UserHoverCard'
import { AppLink } from '../../../common/components/AppLink'

/** User, note and comment links open the member app (a new tab in a browser, the member window in the desktop app). */
function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <AppLink className="cell-link" href={href}>
      {children}
    </AppLink>
  )
}

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === ''
}

/** Renders one table cell from the column's declaration. User text is always rendered as text. */
export function Cell({ spec, value, row }: { spec: CellSpec | undefined; value: unknown; row: Row }) {
  const kind = spec?.kind ?? 'text'
  if (blank(value) && !['image', 'media', 'personality', 'tags', 'boolean'].includes(kind)) return <span className="muted">-</span>
  switch (spec?.kind) {
    case undefined:
      return <span>{asText(value)}</span>
    case 'text': {
      const text = asText(value)
      return <span title={spec.truncate && text.length > spec.truncate ? text : undefined}>{spec.truncate ? truncate(text, spec.truncate) : text}</span>
    }
    case 'image':
      return <ImageCell src={asText(value)} />
    case 'media': {
      const isVideo = spec.isVideo ? spec.isVideo(row) : Number(row.type) === 2
      if (isVideo) {
        const images = asList(value)
        const video = asText(row[spec.videoField ?? 'video_url']) || images[0] || ''
        const cover = asText(row[spec.coverField ?? 'cover_url']) || (images.length > 1 ? images[1] : '')
        return <VideoCell video={video} cover={cover} />
      }
      return <GalleryCell images={asList(value)} />
    }
    case 'date':
      return <span className="nowrap-date">{formatDate(value)}</span>
    case 'ban': {
      const ban = value as { until: string | null; reason: string }
      return (
        <span className="chip chip-ban" title={ban.reason}>
          {ban.until ? `限制至 ${formatDate(ban.until)}` : '永久限制'}：{truncate(ban.reason, 12)}
        </span>
      )
    }
    case 'map':
      return <span>{spec.options[asText(value)] ?? asText(value)}</span>
    case 'status': {
      const option = spec.options[asText(value)]
      return <span className={`status status-${option?.tone ?? 'neutral'}`}>{option?.label ?? asText(value)}</span>
    }
    case 'boolean': {
      const [yes, no] = spec.labels ?? ['是', '否']
      return <span className={isTruthy(value) ? 'bool-yes' : 'bool-no'}>{isTruthy(value) ? yes : no}</span>
    }
    case 'array': {
      const text = asList(value).join('、')
      return <span title={text}>{spec.truncate ? truncate(text, spec.truncate) : text}</span>
    }
    case 'identities': {
      const items = Array.isArray(value) ? (value as Array<{ name?: unknown; email?: unknown; last_login_at?: unknown }>) : []
      if (!items.length) return <span className="muted">-</span>
      return (
        <span data-testid="identities-cell">
          {items.map((i, n) => (
            <span key={n} title={[asText(i.email), i.last_login_at ? `最近登录 ${asText(i.last_login_at)}` : ''].filter(Boolean).join(' · ')}>
              {n > 0 && '、'}
              {asText(i.name)}
            </span>
          ))}
        </span>
      )
    }
    case 'userLink': {
      const label = spec.labelField ? asText(row[spec.labelField]) : ''
      return (
        <UserHoverCard userId={asText(value)}>
          <ExternalLink href={siteLinks.user(value)}>{label || asText(value)}</ExternalLink>
        </UserHoverCard>
      )
    }
    case 'postLink': {
      const label = spec.labelField ? asText(row[spec.labelField]) : ''
      const text = label || asText(value)
      if (spec.onlyIf && !spec.onlyIf(row)) return <span>{asText(value)}</span>
      return <ExternalLink href={siteLinks.post(value)}>{spec.truncate ? truncate(text, spec.truncate) : text}</ExternalLink>
    }
    case 'commentLink':
      return <ExternalLink href={siteLinks.comment(row[spec.postField], value)}>{asText(value)}</ExternalLink>
    case 'content':
      return <ContentCell value={asText(value)} title={spec.title} linkText={spec.linkText} />
    case 'tags':
      return <TagsCell value={value} />
    case 'personality':
      return <PersonalityCell row={row} userId={asText(row[spec.userIdField])} />
  }
}

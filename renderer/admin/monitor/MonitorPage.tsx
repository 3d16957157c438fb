import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../common/api/errors'
import { mediaUrl } from '../../common/api/env'
import { adminApi, errorMessage } from '../api/http'
import { DEFAULT_AVATAR, asText } from '../ui/format'
import { Icon } from '../ui/icons'
import { htmlToText, looksLikeHtml } from '../ui/SafeHtml'
import { BackupStatus } from './BackupStatus'
import { ACTIVITY_TYPES, activityLabel, activityLink, type Activity } from './activities'
import { relativeTime } from './relativeTime'
import { useSummary } from './useSummary'
import { worthRetrying } from '../table/messages'
import { useFollowLink } from '../../common/components/AppLink'

interface MonitorFilters {
  activity_type: string
  date_from: string
  date_to: string
}

function plain(text: string | null): string {
  if (!text) return ''
  return looksLikeHtml(text) ? htmlToText(text) : text
}

/** The server's description, led by the nickname when it does not already start with it. */
function describe(a: Activity): string {
  const text = plain(a.description) || activityLabel(a.type)
  const name = a.nickname ?? ''
  return name && !text.startsWith(name) ? `${name} ${text}` : text
}

function Avatar({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false)
  return <img className="avatar" src={!src || failed ? DEFAULT_AVATAR : mediaUrl(src)} alt="" onError={() => setFailed(true)} />
}

/** Spec §8: the server's message (5xx included), or 获取动态失败; a network failure reads 网络错误，请稍后重试. */
export function failureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? '网络错误，请稍后重试' : errorMessage(err) || '获取动态失败'
  return '获取动态失败'
}

export function MonitorPage() {
  const follow = useFollowLink()
  const [filters, setFilters] = useState<MonitorFilters>({ activity_type: '', date_from: '', date_to: '' })
  const query = useQuery({
    queryKey: ['admin-monitor', filters],
    queryFn: () => adminApi.get<Activity[]>('/admin/monitor/activities', { ...filters }),
    refetchInterval: 60_000,
    retry: worthRetrying,
  })
  const items = query.data ?? []
  const summary = useSummary()
  const set = (key: keyof MonitorFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }))

  return (
    <section className="monitor">
      <BackupStatus />
      {summary ? (
        <dl className="monitor-figures" aria-label="概览">
          {(
            [
              ['用户', summary.users],
              ['笔记', summary.posts],
              ['评论', summary.comments],
              ['待处理举报', summary.open_reports],
              ['限制中的账号', summary.active_bans],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="figure">
              <dt>{label}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="monitor-toolbar">
        {/* a filter, not tabs (nothing is a tab panel): toggle buttons, the chosen one pressed */}
        <div className="segmented" role="group" aria-label="动态类型">
          {[['', '全部'], ...Object.entries(ACTIVITY_TYPES)].map(([value, label]) => (
            <button key={value} type="button" aria-pressed={filters.activity_type === value} className={filters.activity_type === value ? 'active' : ''} onClick={() => set('activity_type')(value)}>
              {label}
            </button>
          ))}
        </div>
        <label className="date-input">
          从 <input type="date" className="input input-sm" value={filters.date_from} onChange={(e) => set('date_from')(e.target.value)} />
        </label>
        <label className="date-input">
          至 <input type="date" className="input input-sm" value={filters.date_to} onChange={(e) => set('date_to')(e.target.value)} />
        </label>
        <button type="button" className="btn btn-gray btn-sm" onClick={() => void query.refetch()}>
          <Icon name="refresh" size={14} /> 刷新
        </button>
      </div>
      {query.isError ? (
        <div className="error-box" role="alert">
          {failureMessage(query.error)}
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            重试
          </button>
        </div>
      ) : null}
      {/* a list of activities; an item that leads somewhere has a real link (its description), and the whole row
          answers a mouse click too (no control inside another, no role="link" on a block of content) */}
      <div className="feed">
        {query.isPending ? <div className="muted feed-empty">加载中...</div> : null}
        {!query.isPending && !query.isError && items.length === 0 ? <div className="feed-empty">暂无动态</div> : null}
        <ol className="feed-list" aria-label="最新动态">
          {items.map((a) => {
            const link = activityLink(a)
            const open = () => {
              if (link) follow(link)
            }
            const content = plain(a.content)
            return (
              <li key={`${a.type}-${asText(a.id)}`} className={`feed-item${link ? ' clickable' : ''}`} onClick={open}>
                <Avatar src={a.avatar} />
                <div className="feed-body">
                  <div className="feed-desc">
                    {link ? (
                      <a
                        className="feed-link"
                        href={link}
                        onClick={(e) => {
                          e.preventDefault()
                          e.stopPropagation()
                          open()
                        }}
                      >
                        {describe(a)}
                      </a>
                    ) : (
                      describe(a)
                    )}
                  </div>
                  {content ? <div className="feed-content">{content}</div> : null}
                  <div className="feed-meta">
                    <span className={`chip chip-${a.type}`}>{activityLabel(a.type)}</span>
                    <span className="feed-nickname">{a.nickname ?? ''}</span>
                  </div>
                </div>
                <time className="feed-time" dateTime={a.created_at} title={new Date(a.created_at).toLocaleString('zh-CN')}>
                  {relativeTime(a.created_at)}
                </time>
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}

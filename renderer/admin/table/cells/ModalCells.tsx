import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { adminApi } from '../../api/http'
import { asList, asText, truncate } from '../../ui/format'
import { Modal } from '../../ui/Modal'
import { SafeHtml, htmlToText, looksLikeHtml } from '../../ui/SafeHtml'
import type { Row } from '../types'

function LinkModal({ linkText, title, children, width }: { linkText: string; title: string; children: ReactNode; width?: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="link-btn" onClick={() => setOpen(true)}>
        {linkText}
      </button>
      {open ? (
        <Modal title={title} onClose={() => setOpen(false)} width={width}>
          {children}
        </Modal>
      ) : null}
    </>
  )
}

/** Long content: shown as text; markup is shown as extracted text, or previewed after sanitising. */
export function ContentCell({ value, title, linkText }: { value: string; title: string; linkText?: string }) {
  if (value.trim() === '') return <span className="muted">无</span>
  return (
    <LinkModal linkText={linkText ?? truncate(looksLikeHtml(value) ? htmlToText(value) : value, 20)} title={title} width={640}>
      <ContentView value={value} />
    </LinkModal>
  )
}

export function ContentView({ value }: { value: string }) {
  const html = looksLikeHtml(value)
  const [mode, setMode] = useState<'text' | 'preview' | 'source'>('text')
  return (
    <div className="content-view">
      {html ? (
        <div className="segmented" role="tablist">
          {(['text', 'preview', 'source'] as const).map((m) => (
            <button key={m} type="button" role="tab" aria-selected={mode === m} className={mode === m ? 'active' : ''} onClick={() => setMode(m)}>
              {m === 'text' ? '文本' : m === 'preview' ? '预览' : '源码'}
            </button>
          ))}
        </div>
      ) : null}
      {html && mode === 'preview' ? (
        <SafeHtml html={value} className="content-preview" />
      ) : (
        <pre className="content-text" tabIndex={0}>{html && mode === 'text' ? htmlToText(value) : value}</pre>
      )}
    </div>
  )
}

interface TagObject {
  id?: unknown
  name?: unknown
}

export function TagsCell({ value }: { value: unknown }) {
  const tags: TagObject[] = Array.isArray(value)
    ? value.map((t: unknown) => (typeof t === 'object' && t !== null ? (t as TagObject) : { name: t }))
    : asList(value).map((name) => ({ name }))
  if (tags.length === 0) return <span className="muted">无</span>
  return (
    <LinkModal linkText={`标签(${tags.length})`} title="标签">
      <table className="mini-table">
        <thead>
          <tr>
            <th>ID</th>
            <th>名称</th>
          </tr>
        </thead>
        <tbody>
          {tags.map((t, i) => (
            <tr key={`${asText(t.id)}-${i}`}>
              <td>{asText(t.id) || '-'}</td>
              <td>{asText(t.name)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </LinkModal>
  )
}

const PERSONALITY_FIELDS: [key: string, label: string][] = [
  ['gender', '性别'],
  ['zodiac_sign', '星座'],
  ['mbti', 'MBTI'],
  ['education', '学历'],
  ['major', '专业'],
  ['interests', '兴趣爱好'],
]

function hasPersonality(row: Row): boolean {
  return PERSONALITY_FIELDS.some(([key]) => key in row)
}

function PersonalityView({ row, userId }: { row: Row; userId: string }) {
  const fromRow = hasPersonality(row)
  const query = useQuery({
    queryKey: ['personality-tags', userId],
    queryFn: () => adminApi.get<Row>(`/users/${encodeURIComponent(userId)}/personality-tags`),
    enabled: !fromRow && userId !== '',
  })
  const source: Row = fromRow ? row : (query.data ?? {})
  if (!fromRow && query.isLoading) return <div className="muted">加载中...</div>
  return (
    <dl className="personality">
      {PERSONALITY_FIELDS.map(([key, label]) => {
        const raw = source[key]
        const text = key === 'interests' ? asList(raw).join('、') : asText(raw)
        return (
          <div key={key} className="personality-row">
            <dt>{label}</dt>
            <dd>{text || <span className="muted">未设置</span>}</dd>
          </div>
        )
      })}
    </dl>
  )
}

export function PersonalityCell({ row, userId }: { row: Row; userId: string }) {
  return (
    <LinkModal linkText="个性标签" title="个性标签">
      <PersonalityView row={row} userId={userId} />
    </LinkModal>
  )
}

import { useQuery } from '@tanstack/react-query'
import { worthRetrying } from '../table/messages'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { apiBase } from '../../common/api/env'
import { Icon } from '../ui/icons'
import { buildGroups, filterGroups, splitMatches, type DocEndpoint, type OpenApiDocument } from './openapi'

const SCROLL_KEY = 'admin_api_docs_scroll'
const DOC_VERSION = 'v1.2.0'

const STATUS_CODES: [number, string][] = [
  [200, '请求成功'],
  [400, '请求参数错误'],
  [401, '未授权，需要登录'],
  [403, '禁止访问'],
  [404, '资源不存在'],
  [500, '服务器内部错误'],
]

const ENVELOPE = `{
  "code": 200,
  "success": true,
  "message": "success",
  "data": {}
}`

const PAGINATION = `{
  "code": 200,
  "success": true,
  "message": "success",
  "data": [],
  "pagination": { "page": 1, "limit": 20, "total": 100, "pages": 5 }
}`

function Highlight({ text, term }: { text: string; term: string }) {
  return (
    <>
      {splitMatches(text, term).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  )
}

function Endpoint({ endpoint, term }: { endpoint: DocEndpoint; term: string }) {
  const [open, setOpen] = useState(false)
  return (
    <article className={`endpoint${open ? ' open' : ''}`}>
      <button type="button" className="endpoint-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className={`method method-${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
        <code className="endpoint-path">
          <Highlight text={endpoint.path} term={term} />
        </code>
        <span className="endpoint-title">
          <Highlight text={endpoint.title} term={term} />
        </span>
        {endpoint.auth ? <span className="auth-flag" title="需要认证"><Icon name="lock" size={12} /> 需要认证</span> : null}
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <div className="endpoint-body">
          {endpoint.description ? (
            <p className="endpoint-desc">
              <Highlight text={endpoint.description} term={term} />
            </p>
          ) : null}
          <p className="endpoint-auth">
            是否需要认证：<b>{endpoint.auth ? '是' : '否'}</b>（{endpoint.authText}）
          </p>
          <h4>请求参数</h4>
          {endpoint.params.length === 0 ? (
            <p className="muted">无参数</p>
          ) : (
            <table className="doc-table">
              <thead>
                <tr>
                  <th>参数名</th>
                  <th>位置</th>
                  <th>类型</th>
                  <th>必填</th>
                  <th>说明</th>
                </tr>
              </thead>
              <tbody>
                {endpoint.params.map((p) => (
                  <tr key={`${p.location}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                    </td>
                    <td>{p.location}</td>
                    <td>{p.type}</td>
                    <td>{p.required ? '是' : '否'}</td>
                    <td>{p.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {endpoint.example ? (
            <>
              <h4>响应示例</h4>
              <pre className="code-block" tabIndex={0}>{endpoint.example}</pre>
            </>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

function updateDate(doc: OpenApiDocument): string {
  const raw = doc.info['x-updated'] ?? doc.info['x-update-date'] ?? doc.info['x-updated-at']
  if (typeof raw !== 'string') return '—'
  const d = new Date(raw)
  return Number.isNaN(d.getTime()) ? raw : d.toLocaleDateString('zh-CN')
}

/** Remembers the window's scroll position for the session and restores it once the document is shown. */
function useRememberedScroll(ready: boolean, root: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    if (!ready) return
    const saved = Number(sessionStorage.getItem(SCROLL_KEY) ?? 0)
    if (saved > 0) window.scrollTo(0, saved)
  }, [ready])
  useEffect(() => {
    let frame = 0
    const onScroll = () => {
      // Leaving the page can clamp the scroll before this listener is removed: ignore those events.
      if (!root.current?.isConnected) return
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => sessionStorage.setItem(SCROLL_KEY, String(Math.round(window.scrollY))))
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
    }
  }, [root])
}

export function ApiDocsPage() {
  const [term, setTerm] = useState('')
  const query = useQuery({
    queryKey: ['openapi'],
    queryFn: async () => {
      let res: Response
      try {
        res = await fetch(`${apiBase()}/api/openapi.json`, { signal: AbortSignal.timeout(60_000) })
      } catch {
        throw new Error('加载接口文档失败：网络错误，请稍后重试')
      }
      if (!res.ok) throw new Error(`加载接口文档失败 (${res.status})`)
      return (await res.json()) as OpenApiDocument
    },
    staleTime: Infinity,
    retry: (failures, err: Error) => worthRetrying(failures, err),
  })
  const groups = useMemo(() => (query.data ? buildGroups(query.data) : []), [query.data])
  const shown = useMemo(() => filterGroups(groups, term), [groups, term])
  const rootRef = useRef<HTMLDivElement>(null)
  useRememberedScroll(Boolean(query.data), rootRef)

  const base = `${apiBase() || window.location.origin}/api`
  const version = query.data?.info.version ? `v${query.data.info.version.replace(/^v/, '')}` : DOC_VERSION
  return (
    <div className="api-docs" ref={rootRef}>
      <section className="docs-banner">
        <h2>石榴 API 接口文档</h2>
        <div className="docs-meta">
          <span>版本: {version}</span>
          <span>基础URL: {base}</span>
          <span>更新时间: {query.data ? updateDate(query.data) : '—'}</span>
        </div>
      </section>

      <section className="docs-section">
        <h3 className="docs-section-title">通用说明</h3>
        <h4>响应格式</h4>
        <pre className="code-block" tabIndex={0}>{ENVELOPE}</pre>
        <h4>状态码说明</h4>
        <table className="doc-table">
          <thead>
            <tr>
              <th>状态码</th>
              <th>说明</th>
            </tr>
          </thead>
          <tbody>
            {STATUS_CODES.map(([code, text]) => (
              <tr key={code}>
                <td>{code}</td>
                <td>{text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h4>认证方式</h4>
        <p>
          需要认证的接口在请求头中携带 <code>Authorization: Bearer &lt;access_token&gt;</code>。用户与管理员使用各自的令牌，access_token 有效期约 3600 秒，可用 refresh_token 换取新令牌。
        </p>
        <h4>分页</h4>
        <p>
          列表接口接受 <code>page</code>（从 1 开始）和 <code>limit</code>（每页条数）参数，响应中附带 <code>pagination</code>：
        </p>
        <pre className="code-block" tabIndex={0}>{PAGINATION}</pre>
      </section>

      <div className="docs-search">
        <Icon name="search" size={16} />
        <input className="input" type="search" placeholder="搜索接口路径、名称或描述" aria-label="搜索API接口" value={term} onChange={(e) => setTerm(e.target.value)} />
      </div>

      <section className="docs-section">
        {query.isPending ? <p className="muted">加载中...</p> : null}
        {query.isError ? (
          <div className="error-box" role="alert">
            {query.error.message}
            <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              重试
            </button>
          </div>
        ) : null}
        {query.data && shown.length === 0 ? <p className="docs-empty">未找到匹配的API接口</p> : null}
        {shown.map((g) => (
          <div key={g.name} className="docs-group">
            <h3 className="docs-group-title">
              {g.name} <span className="muted">({g.endpoints.length})</span>
            </h3>
            {g.description ? <p className="muted">{g.description}</p> : null}
            {g.endpoints.map((e) => (
              <Endpoint key={e.id} endpoint={e} term={term} />
            ))}
          </div>
        ))}
      </section>
    </div>
  )
}

import { ApiError } from '../api/errors'
import './components.css'

/** The error message a failed load shows in place of its content: what went wrong and a 重试 button (issue 13). */
export function LoadError({ error, onRetry, title = '加载失败' }: { error?: unknown; onRetry: () => void; title?: string }) {
  const detail = error instanceof ApiError && error.message ? error.message : error instanceof Error && error.message ? error.message : null
  return (
    <div className="load-error" role="alert">
      <div className="load-error-title">{title}</div>
      {detail && <div className="load-error-detail">{detail}</div>}
      <button type="button" className="load-error-retry" onClick={onRetry}>
        重试
      </button>
    </div>
  )
}

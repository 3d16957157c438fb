import { useSession } from '../session/SessionContext'
import './pages.css'

/** Shown on member-only pages to visitors. */
export function LoginPrompt({ title = '请先登录', hint }: { title?: string; hint?: string }) {
  const { openAuth } = useSession()
  return (
    <div className="login-prompt">
      <div className="login-prompt-art" aria-hidden="true" />
      <h2>{title}</h2>
      {hint && <p>{hint}</p>}
      <button type="button" className="btn btn-primary" onClick={() => openAuth('login')}>
        立即登录
      </button>
    </div>
  )
}

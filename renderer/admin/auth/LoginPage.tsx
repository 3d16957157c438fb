import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ApiError, ERROR_MESSAGES } from '../../common/api/errors'
import { adminApi } from '../api/http'
import { Icon } from '../ui/icons'
import { clearAdminSession, saveAdminSession, validateLogin, type AdminLoginReply } from './session'

const GENERIC = new Set<string>(Object.values(ERROR_MESSAGES))

function loginFailure(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.message && !GENERIC.has(err.message) && !err.message.startsWith('请求失败')) return err.message
    if (err.status === 400 || err.status === 401 || err.status === 403 || err.status === 404) return '登录失败，请检查用户名和密码'
  }
  return '登录失败，请稍后重试'
}

export function LoginPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({})
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = validateLogin(username, password)
    setErrors(found)
    if (found.username || found.password) return
    setSubmitting(true)
    setMessage(null)
    clearAdminSession()
    try {
      const reply = await adminApi.post<AdminLoginReply>('/auth/admin/login', { username: username.trim(), password })
      saveAdminSession(reply)
      queryClient.clear()
      setMessage({ text: '登录成功，正在跳转...', tone: 'success' })
      timer.current = setTimeout(() => navigate('/admin/api-docs', { replace: true }), 1000)
    } catch (err) {
      setMessage({ text: loginFailure(err), tone: 'error' })
      setSubmitting(false)
    }
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="login-brand">
          <span className="logo">石榴</span>
          <h1>石榴管理后台</h1>
        </div>
        <label className="field">
          <span className="field-label">用户名</span>
          <span className="input-icon">
            <Icon name="user" size={16} />
            <input
              className="input"
              name="username"
              autoComplete="username"
              placeholder="请输入用户名"
              value={username}
              aria-invalid={Boolean(errors.username)}
              onChange={(e) => setUsername(e.target.value)}
            />
          </span>
          {errors.username ? <span className="field-error">{errors.username}</span> : null}
        </label>
        <label className="field">
          <span className="field-label">密码</span>
          <span className="input-icon">
            <Icon name="lock" size={16} />
            <input
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              value={password}
              aria-invalid={Boolean(errors.password)}
              onChange={(e) => setPassword(e.target.value)}
            />
          </span>
          {errors.password ? <span className="field-error">{errors.password}</span> : null}
        </label>
        {message ? (
          <div className={`login-message ${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? '登录中...' : '登录'}
        </button>
      </form>
    </main>
  )
}

import { useEffect, useState } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import './email.css'

/** Seconds before the same address can ask again (the server's allowance: one code a minute). */
const RESEND_SECONDS = 60

export const EMAIL_FORM_MESSAGES = {
  emailRequired: '请输入邮箱',
  emailInvalid: '邮箱格式不正确',
  codeRequired: '请输入邮箱验证码',
  codeInvalid: '邮箱验证码为6位数字',
  sent: '验证码已发送，请查收邮件',
} as const

export const validEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(v.trim())

export function validateEmailCode(email: string, code: string): { email?: string; code?: string } {
  if (!email.trim()) return { email: EMAIL_FORM_MESSAGES.emailRequired }
  if (!validEmail(email)) return { email: EMAIL_FORM_MESSAGES.emailInvalid }
  if (!code.trim()) return { code: EMAIL_FORM_MESSAGES.codeRequired }
  if (!/^\d{6}$/.test(code.trim())) return { code: EMAIL_FORM_MESSAGES.codeInvalid }
  return {}
}

interface Props {
  email: string
  code: string
  onEmail: (v: string) => void
  onCode: (v: string) => void
  /** Sends the code to the address (send-email-code or send-reset-code). */
  send: (email: string) => Promise<void>
  errors?: { email?: string; code?: string }
  emailLabel?: string
}

/** An address, a 获取验证码 button with its one-minute countdown, and the 6-digit code. */
export function CodeFields({ email, code, onEmail, onCode, send, errors = {}, emailLabel = '邮箱' }: Props) {
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  const [ownError, setOwnError] = useState('')

  useEffect(() => {
    if (left <= 0) return
    const t = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(t)
  }, [left])

  const onSend = async () => {
    if (!email.trim()) return setOwnError(EMAIL_FORM_MESSAGES.emailRequired)
    if (!validEmail(email)) return setOwnError(EMAIL_FORM_MESSAGES.emailInvalid)
    setOwnError('')
    setSending(true)
    try {
      await send(email.trim())
      toast.success(EMAIL_FORM_MESSAGES.sent)
      setLeft(RESEND_SECONDS)
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : '验证码发送失败，请稍后重试')
    } finally {
      setSending(false)
    }
  }

  const emailError = errors.email || ownError
  return (
    <>
      <label className="email-field">
        <span className="email-label">{emailLabel}</span>
        <input
          className={`field-input ${emailError ? 'has-error' : ''}`}
          type="email"
          placeholder="请输入邮箱"
          maxLength={254}
          autoComplete="email"
          value={email}
          onChange={(e) => onEmail(e.target.value)}
        />
        {emailError && <span className="email-error">{emailError}</span>}
      </label>
      <label className="email-field">
        <span className="email-label">邮箱验证码</span>
        <span className="email-code-row">
          <input
            className={`field-input ${errors.code ? 'has-error' : ''}`}
            inputMode="numeric"
            placeholder="6位数字"
            maxLength={6}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="btn btn-ghost btn-sm" disabled={sending || left > 0} onClick={() => void onSend()}>
            {left > 0 ? `${left}秒后重发` : sending ? '发送中...' : '获取验证码'}
          </button>
        </span>
        {errors.code && <span className="email-error">{errors.code}</span>}
      </label>
    </>
  )
}

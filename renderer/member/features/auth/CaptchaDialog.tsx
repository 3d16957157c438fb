import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { Modal } from '../../../common/components/Modal'
import { AUTH_MESSAGES, LIMITS } from './validation'
import type { Captcha } from '../../api/auth'
import './auth.css'

export interface CaptchaDialogProps {
  open: boolean
  captcha: Captcha | null
  loading: boolean
  submitting: boolean
  error: string
  onRefresh: () => void
  onCancel: () => void
  onConfirm: (text: string) => void
}

const EMPTY = ['', '', '', '']

/** Four single-character boxes over the server's SVG captcha (spec §4/§5); confirm is disabled until all are filled. */
export function CaptchaDialog({ open, captcha, loading, submitting, error, onRefresh, onCancel, onConfirm }: CaptchaDialogProps) {
  const [chars, setChars] = useState<string[]>(EMPTY)
  const inputs = useRef<(HTMLInputElement | null)[]>([])

  useEffect(() => {
    setChars(EMPTY)
    if (open) setTimeout(() => inputs.current[0]?.focus(), 50)
  }, [open, captcha?.captchaId])

  const text = chars.join('')
  const complete = chars.every((c) => c.length === 1)

  const setAt = (i: number, value: string) => {
    const ch = value.slice(-1)
    setChars((prev) => prev.map((c, j) => (j === i ? ch : c)))
    if (ch && i < LIMITS.captcha - 1) inputs.current[i + 1]?.focus()
  }

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !chars[i] && i > 0) inputs.current[i - 1]?.focus()
    if (e.key === 'Enter' && complete && !submitting) onConfirm(text)
  }

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\s/g, '').slice(0, LIMITS.captcha)
    if (!pasted) return
    e.preventDefault()
    setChars(EMPTY.map((_, i) => pasted[i] ?? ''))
    inputs.current[Math.min(pasted.length, LIMITS.captcha - 1)]?.focus()
  }

  const svgSrc = captcha ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.captchaSvg)}` : ''

  return (
    <Modal open={open} onClose={onCancel} width={340} className="captcha-card" title="请输入验证码" maskClosable={false}>
      <button type="button" className="captcha-image" onClick={onRefresh}>
        {loading || !captcha ? <span className="captcha-loading">加载中...</span> : <img src={svgSrc} alt="验证码" />}
        {/* the visible hint is the button's name (WCAG 2.5.3: the name contains the visible label) */}
        <span className="captcha-hint">看不清？点击换一张</span>
      </button>
      <div className="captcha-boxes">
        {chars.map((c, i) => (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el
            }}
            className="captcha-box"
            value={c}
            maxLength={2}
            aria-label={`验证码第${i + 1}位`}
            autoComplete="off"
            onChange={(e) => setAt(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
          />
        ))}
      </div>
      {(error || (!complete && text.length > 0)) && <div className="captcha-error">{error || AUTH_MESSAGES.captchaRequired}</div>}
      <div className="captcha-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="btn btn-primary btn-sm" disabled={!complete || submitting} onClick={() => onConfirm(text)}>
          {submitting ? '注册中...' : '确认'}
        </button>
      </div>
    </Modal>
  )
}

import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import { resetPassword, sendResetCode, verifyResetCode } from '../../api/email'
import { LIMITS, validateConfirm, validatePassword } from '../auth/validation'
import { CodeFields, validateEmailCode } from './CodeFields'

interface Errors {
  email?: string
  code?: string
  password?: string
  confirm?: string
}

/**
 * 忘记密码 in the login dialog: the bound email → its code → a new password (the rules of registration).
 * The code is checked before the password step; on success every session of the account has ended and the
 * member signs in with the new password.
 */
export function ForgotPassword({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [step, setStep] = useState<'code' | 'password'>('code')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const fail = (err: unknown) => {
    const message = err instanceof ApiError && err.message ? err.message : '操作失败，请稍后重试'
    if (/验证码/.test(message)) {
      setErrors({ code: message })
      setStep('code')
    } else toast.error(message)
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (step === 'code') {
      const found = validateEmailCode(email, code)
      setErrors(found)
      if (found.email || found.code) return
      setBusy(true)
      try {
        await verifyResetCode(email.trim(), code.trim())
        setStep('password')
      } catch (err) {
        fail(err)
      } finally {
        setBusy(false)
      }
      return
    }
    const found: Errors = { password: validatePassword(password, 'register'), confirm: validateConfirm(password, confirm) }
    setErrors(found)
    if (found.password || found.confirm) return
    setBusy(true)
    try {
      await resetPassword(email.trim(), code.trim(), password)
      toast.success('密码已重置，请使用新密码登录')
      onDone()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }

  const passwordField = (label: string, value: string, set: (v: string) => void, error?: string) => (
    <label className="auth-field">
      <span className="auth-label">{label}</span>
      <input
        className={`field-input ${error ? 'has-error' : ''}`}
        type="password"
        placeholder={label === '新密码' ? '请输入新密码' : '请再次输入新密码'}
        maxLength={LIMITS.passwordMax}
        autoComplete="new-password"
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      {error && <span className="auth-error">{error}</span>}
    </label>
  )

  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {step === 'code' ? (
        <CodeFields email={email} code={code} onEmail={setEmail} onCode={setCode} send={sendResetCode} errors={errors} emailLabel="绑定的邮箱" />
      ) : (
        <>
          {passwordField('新密码', password, setPassword, errors.password)}
          {passwordField('确认新密码', confirm, setConfirm, errors.confirm)}
        </>
      )}
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
        {busy ? '请稍候...' : step === 'code' ? '下一步' : '重置密码'}
      </button>
      <p className="acc-muted">{step === 'code' ? '未绑定邮箱的账号无法自助找回，请联系管理员。' : '新密码长度为6-20位，重置后所有设备需重新登录。'}</p>
    </form>
  )
}

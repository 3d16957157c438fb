import { useEffect, useState, type FormEvent } from 'react'
import { ApiError } from '../../../common/api/errors'
import { Modal } from '../../../common/components/Modal'
import { toast } from '../../../common/components/toast'
import { checkUserIdUnique, fetchCaptcha, login, register, type Captcha } from '../../api/auth'
import { useSession } from '../../session/SessionContext'
import { CaptchaDialog } from './CaptchaDialog'
import { ProviderButtons, useSignInOptions } from '../identity/ProviderButtons'
import { sendEmailCode } from '../../api/email'
import { CodeFields, validateEmailCode } from '../email/CodeFields'
import { ForgotPassword } from '../email/ForgotPassword'
import { useEmailConfig } from '../email/useEmailConfig'
import { AUTH_MESSAGES, LIMITS, validateAuthForm, validateUserId, type AuthErrors, type AuthForm } from './validation'
import './auth.css'

const EMPTY: AuthForm = { userId: '', nickname: '', password: '', confirm: '' }
const CLASS_CODE_REQUIRED = '请输入课堂码（看老师的屏幕）'

function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status === 0 ? AUTH_MESSAGES.network : err.message || fallback
  return fallback
}

/** Login/register modal (spec §4, §5): switching mode clears the fields; register goes through the captcha dialog. */
export function AuthModal() {
  const { authMode, closeAuth, openAuth, signedIn } = useSession()
  const mode = authMode ?? 'login'
  const [form, setForm] = useState<AuthForm>(EMPTY)
  const [errors, setErrors] = useState<AuthErrors>({})
  const [busy, setBusy] = useState(false)
  const [captchaOpen, setCaptchaOpen] = useState(false)
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [captchaLoading, setCaptchaLoading] = useState(false)
  const [captchaError, setCaptchaError] = useState('')
  const emailConfig = useEmailConfig()
  // Campus-only sign-in (成员登录方式): the provider buttons alone, no password form, no registration.
  const signIn = useSignInOptions()
  const campusOnly = !signIn.passwordLogin && signIn.providers.length > 0
  const emailRequired = mode === 'register' && Boolean(emailConfig?.emailRequired)
  // Classroom mode (docs/classroom.md): registering needs the class code shown on the teacher's screen.
  const classCodeRequired = mode === 'register' && Boolean(emailConfig?.classCodeRequired)
  const [classCode, setClassCode] = useState('')
  const [classCodeError, setClassCodeError] = useState('')
  const [forgot, setForgot] = useState(false)
  const [email, setEmail] = useState('')
  const [emailCode, setEmailCode] = useState('')
  const [emailErrors, setEmailErrors] = useState<{ email?: string; code?: string }>({})

  useEffect(() => {
    setForm(EMPTY)
    setErrors({})
    setCaptchaOpen(false)
    setForgot(false)
    setEmail('')
    setEmailCode('')
    setEmailErrors({})
    setClassCode('')
    setClassCodeError('')
  }, [authMode])

  const set = (key: keyof AuthForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }))
  }

  const loadCaptcha = async () => {
    setCaptchaLoading(true)
    try {
      setCaptcha(await fetchCaptcha())
    } catch (err) {
      setCaptchaError(failureMessage(err, '验证码加载失败'))
    } finally {
      setCaptchaLoading(false)
    }
  }

  const checkUnique = async (): Promise<boolean> => {
    try {
      if (await checkUserIdUnique(form.userId.trim())) return true
      setErrors((e) => ({ ...e, userId: AUTH_MESSAGES.idTaken }))
      return false
    } catch {
      return true // the server checks again on register
    }
  }

  // Leaving the id field: a locally invalid id shows its rule and never reaches the server (issue 13).
  const onIdBlur = async () => {
    const local = validateUserId(form.userId)
    if (local) return setErrors((e) => ({ ...e, userId: local }))
    await checkUnique()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const found = validateAuthForm(form, mode)
    setErrors(found)
    const foundEmail = emailRequired ? validateEmailCode(email, emailCode) : {}
    setEmailErrors(foundEmail)
    const missingCode = classCodeRequired && !classCode.trim() ? CLASS_CODE_REQUIRED : ''
    setClassCodeError(missingCode)
    if (Object.values(found).some(Boolean) || foundEmail.email || foundEmail.code || missingCode) return
    setBusy(true)
    try {
      if (mode === 'login') {
        const user = await login(form.userId.trim(), form.password)
        toast.success(AUTH_MESSAGES.loginOk)
        signedIn(user)
      } else if (await checkUnique()) {
        setCaptchaError('')
        setCaptchaOpen(true)
        void loadCaptcha()
      }
    } catch (err) {
      toast.error(failureMessage(err, AUTH_MESSAGES.loginFailed))
    } finally {
      setBusy(false)
    }
  }

  const onCaptchaConfirm = async (text: string) => {
    if (!captcha) return
    setBusy(true)
    setCaptchaError('')
    try {
      const user = await register({
        user_id: form.userId.trim(),
        nickname: form.nickname.trim(),
        password: form.password,
        captchaId: captcha.captchaId,
        captchaText: text,
        ...(emailRequired ? { email: email.trim(), emailCode: emailCode.trim() } : {}),
        ...(classCodeRequired ? { classCode: classCode.trim() } : {}),
      })
      setCaptchaOpen(false)
      toast.success(AUTH_MESSAGES.registerOk)
      signedIn(user)
    } catch (err) {
      const message = failureMessage(err, AUTH_MESSAGES.registerFailed)
      if (/课堂码/.test(message)) {
        setCaptchaOpen(false)
        setClassCodeError(message)
      } else if (/验证码|captcha/i.test(message)) {
        setCaptchaError(message)
        void loadCaptcha()
      } else if (emailRequired && /邮箱/.test(message)) {
        setCaptchaOpen(false)
        setEmailErrors(/验证码/.test(message) ? { code: message } : { email: message })
      } else if (/已存在|exists/i.test(message)) {
        setCaptchaOpen(false)
        setErrors((x) => ({ ...x, userId: AUTH_MESSAGES.idTaken }))
      } else {
        setCaptchaOpen(false)
        toast.error(message)
      }
    } finally {
      setBusy(false)
    }
  }

  const field = (key: keyof AuthForm, label: string, props: { type?: string; placeholder: string; maxLength?: number; autoComplete?: string }) => (
    <label className="auth-field">
      <span className="auth-label">{label}</span>
      <input
        className={`field-input ${errors[key] ? 'has-error' : ''}`}
        type={props.type ?? 'text'}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
        onBlur={key === 'userId' && mode === 'register' && form.userId.trim() ? () => void onIdBlur() : undefined}
      />
      {errors[key] && <span className="auth-error">{errors[key]}</span>}
    </label>
  )

  return (
    <>
      <Modal open={authMode !== null} onClose={closeAuth} width={400} className="auth-card" labelledBy="auth-title">
        <h2 id="auth-title" className="auth-title">
          {forgot ? '找回密码' : mode === 'login' ? '登录石榴' : '注册石榴'}
        </h2>
        <p className="auth-subtitle">{forgot ? '通过绑定的邮箱重置密码' : mode === 'login' ? '欢迎回来！' : '加入我们，开始分享美好生活'}</p>
        {campusOnly ? null : forgot ? (
          <ForgotPassword onDone={() => setForgot(false)} />
        ) : (
        <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          {field('userId', '石榴号', { placeholder: '请输入石榴号', maxLength: LIMITS.idMax, autoComplete: 'username' })}
          {mode === 'register' && field('nickname', '昵称', { placeholder: '请输入昵称', maxLength: LIMITS.nickname })}
          {field('password', '密码', {
            type: 'password',
            placeholder: '请输入密码',
            maxLength: mode === 'register' ? LIMITS.passwordMax : undefined,
            autoComplete: mode === 'login' ? 'current-password' : 'new-password',
          })}
          {mode === 'register' && field('confirm', '确认密码', { type: 'password', placeholder: '请再次输入密码', maxLength: LIMITS.passwordMax, autoComplete: 'new-password' })}
          {classCodeRequired && (
            <label className="auth-field">
              <span className="auth-label">课堂码</span>
              <input
                className={`field-input ${classCodeError ? 'has-error' : ''}`}
                placeholder="老师屏幕上的课堂码"
                maxLength={12}
                autoCapitalize="characters"
                autoComplete="off"
                value={classCode}
                onChange={(e) => {
                  setClassCode(e.target.value)
                  if (classCodeError) setClassCodeError('')
                }}
              />
              {classCodeError && <span className="auth-error">{classCodeError}</span>}
            </label>
          )}
          {emailRequired && <CodeFields email={email} code={emailCode} onEmail={setEmail} onCode={setEmailCode} send={sendEmailCode} errors={emailErrors} />}
          {mode === 'login' && emailConfig?.emailEnabled && (
            <button type="button" className="auth-forgot" onClick={() => setForgot(true)}>
              忘记密码？
            </button>
          )}
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy && !captchaOpen ? (mode === 'login' ? '登录中...' : '请稍候...') : mode === 'login' ? '登录' : '注册'}
          </button>
        </form>
        )}
        {(campusOnly || (!forgot && mode === 'login')) && <ProviderButtons providers={signIn.providers} alone={campusOnly} />}
        {!campusOnly && (
        <div className="auth-switch">
          {forgot ? '想起密码了？' : mode === 'login' ? '还没有账号？' : '已有账号？'}
          <button type="button" onClick={() => (forgot ? setForgot(false) : openAuth(mode === 'login' ? 'register' : 'login'))}>
            {forgot ? '返回登录' : mode === 'login' ? '立即注册' : '立即登录'}
          </button>
        </div>
        )}
      </Modal>
      <CaptchaDialog
        open={captchaOpen}
        captcha={captcha}
        loading={captchaLoading}
        submitting={busy}
        error={captchaError}
        onRefresh={() => void loadCaptcha()}
        onCancel={() => setCaptchaOpen(false)}
        onConfirm={(t) => void onCaptchaConfirm(t)}
      />
    </>
  )
}

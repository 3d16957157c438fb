/** Validation rules of spec §5 for the login and register forms. Each returns an error message or ''. */
export const AUTH_MESSAGES = {
  idRequired: '请输入石榴号',
  idLength: '长度需在3-15个字符之间',
  idChars: '只能包含字母、数字和下划线',
  idTaken: '该石榴号已存在',
  nicknameRequired: '请输入昵称',
  passwordRequired: '请输入密码',
  passwordShort: '密码至少需要6位',
  confirmRequired: '请确认密码',
  confirmMismatch: '两次输入的密码不一致',
  captchaRequired: '请输入验证码',
  loginOk: '登录成功',
  registerOk: '注册成功',
  loginFailed: '登录失败',
  registerFailed: '注册失败',
  network: '网络错误，请稍后重试',
} as const

export const LIMITS = { idMin: 3, idMax: 15, nickname: 10, passwordMin: 6, passwordMax: 20, captcha: 4 } as const

export function validateUserId(v: string): string {
  const s = v.trim()
  if (!s) return AUTH_MESSAGES.idRequired
  if (s.length < LIMITS.idMin || s.length > LIMITS.idMax) return AUTH_MESSAGES.idLength
  if (!/^[A-Za-z0-9_]+$/.test(s)) return AUTH_MESSAGES.idChars
  return ''
}

export function validateNickname(v: string): string {
  return v.trim() ? '' : AUTH_MESSAGES.nicknameRequired
}

export function validatePassword(v: string, mode: 'login' | 'register'): string {
  if (!v) return AUTH_MESSAGES.passwordRequired
  if (mode === 'register' && v.length < LIMITS.passwordMin) return AUTH_MESSAGES.passwordShort
  return ''
}

export function validateConfirm(password: string, confirm: string): string {
  if (!confirm) return AUTH_MESSAGES.confirmRequired
  return confirm === password ? '' : AUTH_MESSAGES.confirmMismatch
}

export interface AuthForm {
  userId: string
  nickname: string
  password: string
  confirm: string
}

export type AuthErrors = Partial<Record<keyof AuthForm, string>>

export function validateAuthForm(form: AuthForm, mode: 'login' | 'register'): AuthErrors {
  const errors: AuthErrors = {}
  const id = mode === 'register' ? validateUserId(form.userId) : form.userId.trim() ? '' : AUTH_MESSAGES.idRequired
  if (id) errors.userId = id
  const pw = validatePassword(form.password, mode)
  if (pw) errors.password = pw
  if (mode === 'register') {
    const nick = validateNickname(form.nickname)
    if (nick) errors.nickname = nick
    const confirm = validateConfirm(form.password, form.confirm)
    if (confirm) errors.confirm = confirm
  }
  return errors
}

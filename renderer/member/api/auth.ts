import { api, memberTokens, USER_INFO_KEY } from './client'
import { normalizeUser } from './normalize'
import { asRaw, bool, str } from './raw'
import type { UserInfo } from './types'

export interface Captcha {
  captchaId: string
  captchaSvg: string
  /** Only when the server runs with SHILIU_TEST_CAPTCHA=1 (e2e tests). */
  text?: string
}

export async function fetchCaptcha(): Promise<Captcha> {
  const d = asRaw(await api.get<unknown>('/auth/captcha'))
  const text = str(d, 'text')
  return { captchaId: str(d, 'captchaId'), captchaSvg: str(d, 'captchaSvg'), ...(text ? { text } : {}) }
}

export async function checkUserIdUnique(userId: string): Promise<boolean> {
  return bool(asRaw(await api.get<unknown>('/auth/check-user-id', { user_id: userId })), 'isUnique')
}

function saveSession(data: unknown): UserInfo {
  const d = asRaw(data)
  const tokens = asRaw(d.tokens)
  const user = normalizeUser(d.user)
  memberTokens.save(str(tokens, 'access_token'), str(tokens, 'refresh_token') || null)
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(user))
  return user
}

export async function login(userId: string, password: string): Promise<UserInfo> {
  return saveSession(await api.post<unknown>('/auth/login', { user_id: userId, password }))
}

export interface RegisterInput {
  user_id: string
  nickname: string
  password: string
  captchaId: string
  captchaText: string
}

export async function register(input: RegisterInput): Promise<UserInfo> {
  return saveSession(
    await api.post<unknown>('/auth/register', { ...input, avatar: '', bio: '用户没有任何简介', location: '未知' }),
  )
}

export async function fetchMe(): Promise<UserInfo> {
  const d = asRaw(await api.get<unknown>('/auth/me'))
  return normalizeUser(d.user ?? d)
}

export async function logout(): Promise<void> {
  try {
    await api.post<unknown>('/auth/logout', { refresh_token: memberTokens.getRefresh() })
  } catch {
    /* logging out locally is what matters */
  }
  memberTokens.clear()
}

export function storedUser(): UserInfo | null {
  if (!memberTokens.getAccess()) return null
  try {
    const raw = localStorage.getItem(USER_INFO_KEY)
    return raw ? normalizeUser(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
  await api.put<unknown>(`/users/${userId}/password`, { currentPassword, newPassword })
}

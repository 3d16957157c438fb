import type { AuthSession, CaptchaReply, CheckUserIdReply, SessionInfo, SessionListReply } from '../../../server/contract/auth'
import { api, memberTokens, USER_INFO_KEY } from './client'
import type { UserInfo } from './types'

export type Captcha = CaptchaReply

export async function fetchCaptcha(): Promise<Captcha> {
  return api.get<Captcha>('/auth/captcha')
}

export async function checkUserIdUnique(userId: string): Promise<boolean> {
  return (await api.get<CheckUserIdReply>('/auth/check-user-id', { user_id: userId })).isUnique
}

function saveSession(session: AuthSession): UserInfo {
  memberTokens.save(session.tokens.access_token, session.tokens.refresh_token)
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(session.user))
  return session.user
}

export async function login(userId: string, password: string): Promise<UserInfo> {
  return saveSession(await api.post<AuthSession>('/auth/login', { user_id: userId, password }))
}

export interface RegisterInput {
  user_id: string
  nickname: string
  password: string
  captchaId: string
  captchaText: string
  /** With EMAIL_REQUIRED_FOR_REGISTRATION: the address and its emailed code. */
  email?: string
  emailCode?: string
  /** In classroom mode: the class code on the teacher's screen (issue 43). */
  classCode?: string
}

export async function register(input: RegisterInput): Promise<UserInfo> {
  return saveSession(await api.post<AuthSession>('/auth/register', { ...input, avatar: '', bio: '', location: '' }))
}

export async function fetchMe(): Promise<UserInfo> {
  return api.get<UserInfo>('/auth/me')
}

export async function logout(): Promise<void> {
  try {
    // nothing to end on the server once the tokens are gone (a deleted account): no call, no 401
    if (memberTokens.getAccess()) await api.post<null>('/auth/logout', { refresh_token: memberTokens.getRefresh() })
  } catch {
    /* logging out locally is what matters */
  }
  memberTokens.clear()
}

/**
 * Whether a stored copy has what the first screen reads of the member (the shell's avatar, name and links).
 * Not the contract's zod schema: that would put zod into every page's first load (docs/decisions.md,
 * "First load without zod"); the copy is only shown until /auth/me (SessionProvider) replaces it.
 */
function looksLikeSelf(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return Number.isInteger(v.id) && typeof v.user_id === 'string' && typeof v.nickname === 'string' && typeof v.avatar === 'string'
}

/** The member stored at the last sign-in, if it still looks like one (else /auth/me refills it). */
export function storedUser(): UserInfo | null {
  if (!memberTokens.getAccess()) return null
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null')
    return looksLikeSelf(stored) ? stored : null
  } catch {
    return null
  }
}

export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
  await api.put<null>(`/users/${userId}/password`, { currentPassword, newPassword })
}

/** The member's own sessions (account settings → 登录设备). */
export async function listSessions(): Promise<SessionInfo[]> {
  return (await api.get<SessionListReply>('/auth/sessions')).sessions
}

export async function endSession(handle: string): Promise<void> {
  await api.del<null>(`/auth/sessions/${encodeURIComponent(handle)}`)
}

export async function endOtherSessions(): Promise<number> {
  return (await api.request<{ ended: number }>('/auth/sessions', { method: 'DELETE', query: { others: '1' } })).data.ended
}

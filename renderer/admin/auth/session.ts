import { adminSchema, type AdminInfo, type AdminLoginReply } from '../../../server/contract/admin/auth'
import { ADMIN_INFO_KEY, adminTokens } from '../api/http'

export type { AdminInfo, AdminLoginReply }

export function saveAdminSession(reply: AdminLoginReply): void {
  adminTokens.save(reply.tokens.access_token, reply.tokens.refresh_token)
  localStorage.setItem(ADMIN_INFO_KEY, JSON.stringify(reply.admin))
}

export function storedAdmin(): AdminInfo | null {
  try {
    const parsed = adminSchema.safeParse(JSON.parse(localStorage.getItem(ADMIN_INFO_KEY) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function hasAdminToken(): boolean {
  return Boolean(adminTokens.getAccess())
}

export function clearAdminSession(): void {
  adminTokens.clear()
}

/** Admin login rules of spec §5. */
export function validateLogin(username: string, password: string): { username?: string; password?: string } {
  const errors: { username?: string; password?: string } = {}
  const u = username.trim()
  if (u === '') errors.username = '请输入用户名'
  else if ([...u].length < 2) errors.username = '用户名至少需要2位'
  if (password === '') errors.password = '请输入密码'
  else if (password.length < 6) errors.password = '密码至少需要6位'
  return errors
}

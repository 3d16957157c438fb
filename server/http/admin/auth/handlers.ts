import type { Context } from 'koa'
import { currentAdmin } from '../../../auth/middleware'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../auth/passwords'
import { assertAccountOpen, clearLoginFailures, recordLoginFailure } from '../../../auth/login-guard'
import { upgradePasswordHash } from '../../../auth/rehash'
import { closeAllSessions, closeSession, openSession, rotateSession } from '../../../auth/sessions'
import type { AdminInfo, AdminLoginBody, AdminPasswordBody, AdminRefreshBody } from '../../../contract/admin/auth'
import { Admin } from '../../../db/entities'
import { inTransaction } from '../../../db/transaction'
import type { AppDeps } from '../../../deps'
import { recordAdminAction } from '../../../admin/audit-log'
import { ok } from '../../envelope'
import { Forbidden, Invalid, NotFound, Unauthorized } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { refusePublishedPassword } from '../../../classroom/rules'

export const LOGIN_FAILED = '登录失败，请检查用户名和密码'

/** The admin as replies show it: never the password hash. */
export function presentAdmin(admin: Admin): AdminInfo {
  return { id: admin.id, username: admin.username, is_active: admin.is_active, created_at: admin.created_at.toISOString() }
}

const client = (ctx: Context) => ({ userAgent: ctx.get('user-agent'), ip: ctx.ip })

export async function login(ctx: Context, deps: AppDeps): Promise<void> {
  const { username, password } = validated<never, AdminLoginBody>(ctx).body
  refusePublishedPassword(deps, password)
  await assertAccountOpen(deps, 'admin', username)
  const admin = await deps.db.getRepository(Admin).findOneBy({ username })
  // Verify against a dummy hash when the account doesn't exist, so timing doesn't reveal usernames.
  const valid = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password)
  if (!admin || !valid) {
    await recordLoginFailure(deps, 'admin', username)
    throw Unauthorized(LOGIN_FAILED)
  }
  await clearLoginFailures(deps, 'admin', username)
  if (!admin.is_active) throw Forbidden('账号已被禁用')
  await upgradePasswordHash(deps.db, Admin, admin.id, admin.password_hash, password)
  const { tokens } = await openSession(deps.db, deps.config.jwtSecret, 'admin', admin.id, client(ctx))
  await recordAdminAction(deps, admin, { action: 'login', resource: 'auth' })
  ok(ctx, { admin: presentAdmin(admin), tokens }, '登录成功')
}

export async function me(ctx: Context, deps: AppDeps): Promise<void> {
  const admin = await deps.db.getRepository(Admin).findOneBy({ id: currentAdmin(ctx).id })
  if (!admin) throw NotFound('管理员不存在')
  ok(ctx, presentAdmin(admin))
}

export async function logout(ctx: Context, deps: AppDeps): Promise<void> {
  const admin = currentAdmin(ctx)
  await closeSession(deps.db, 'admin', admin.sessionId)
  await recordAdminAction(deps, admin, { action: 'logout', resource: 'auth' })
  ok(ctx, null, '已退出登录')
}

export async function refresh(ctx: Context, deps: AppDeps): Promise<void> {
  const { refresh_token } = validated<never, AdminRefreshBody>(ctx).body
  const outcome = await rotateSession(deps.db, deps.config.jwtSecret, 'admin', refresh_token)
  if (!outcome.ok) throw Unauthorized('登录已过期，请重新登录')
  const admin = await deps.db.getRepository(Admin).findOneBy({ id: outcome.subjectId })
  if (!admin?.is_active) {
    await closeAllSessions(deps.db, 'admin', outcome.subjectId)
    throw Unauthorized('登录已过期，请重新登录')
  }
  ok(ctx, { tokens: outcome.tokens }, '刷新成功')
}

/** Change the signed-in admin's password; their other sessions end, this one stays. */
export async function changePassword(ctx: Context, deps: AppDeps): Promise<void> {
  const { currentPassword, newPassword } = validated<never, AdminPasswordBody>(ctx).body
  const current = currentAdmin(ctx)
  const repo = deps.db.getRepository(Admin)
  const admin = await repo.findOneByOrFail({ id: current.id })
  if (!(await verifyPassword(admin.password_hash, currentPassword))) throw Invalid('当前密码错误')
  refusePublishedPassword(deps, newPassword)
  const passwordHash = await hashPassword(newPassword)
  await inTransaction(deps.db, async (m) => {
    await m.getRepository(Admin).update({ id: admin.id }, { password_hash: passwordHash })
    await closeAllSessions(m, 'admin', admin.id, current.sessionId)
  })
  await recordAdminAction(deps, current, { action: 'password', resource: 'auth', ids: [admin.id] })
  ok(ctx, null, '密码修改成功')
}

import type { Context } from 'koa'
import { currentUser, viewer } from '../../../auth/middleware'
import { closeSession, rotateSession, sessionOfToken } from '../../../auth/sessions'
import { AUTH_MESSAGES, type CheckUserIdQuery, type LoginBody, type RefreshBody, type RegisterBody } from '../../../contract/auth'
import { USER_MESSAGES } from '../../../contract/users'
import { User } from '../../../db/entities'
import type { AppDeps } from '../../../deps'
import { issueCaptcha } from '../../../captcha/store'
import * as accounts from '../../../domain/accounts'
import { presentSelf } from '../../../presenters/user'
import { ok } from '../../envelope'
import { Forbidden, NotFound, Unauthorized } from '../../../errors'
import { validated } from '../../middlewares/validate'

const client = (ctx: Context) => ({ userAgent: ctx.get('user-agent'), ip: ctx.ip })

export async function captcha(ctx: Context, deps: AppDeps): Promise<void> {
  const issued = await issueCaptcha(deps)
  ctx.set('Cache-Control', 'no-store')
  ok(ctx, { captchaId: issued.captchaId, captchaSvg: issued.captchaSvg, ...(deps.config.exposeCaptchaText ? { text: issued.text } : {}) })
}

export async function checkUserId(ctx: Context, deps: AppDeps): Promise<void> {
  const { user_id } = validated<CheckUserIdQuery>(ctx).query
  ok(ctx, { isUnique: await accounts.isDisplayIdFree(deps, user_id) })
}

export async function register(ctx: Context, deps: AppDeps): Promise<void> {
  const { user, tokens } = await accounts.register(deps, validated<never, RegisterBody>(ctx).body, client(ctx))
  ok(ctx, { tokens, user: presentSelf(user) }, '注册成功')
}

export async function login(ctx: Context, deps: AppDeps): Promise<void> {
  const { user, tokens } = await accounts.login(deps, validated<never, LoginBody>(ctx).body, client(ctx))
  ok(ctx, { tokens, user: presentSelf(user) }, '登录成功')
}

/** Rotate the refresh token; a superseded token revokes its whole session (server/auth/sessions.ts). */
export async function refresh(ctx: Context, deps: AppDeps): Promise<void> {
  const outcome = await rotateSession(deps.db, deps.config.jwtSecret, 'user', validated<never, RefreshBody>(ctx).body.refresh_token)
  if (!outcome.ok) throw Unauthorized(outcome.reason === 'reused' ? AUTH_MESSAGES.refreshReused : AUTH_MESSAGES.refreshInvalid)
  const user = await deps.db.getRepository(User).findOneBy({ id: outcome.subjectId })
  if (!user?.is_active) {
    // The token pair just issued must not outlive a disabled or deleted account.
    await closeSession(deps.db, 'user', outcome.sessionId)
    throw user ? Forbidden(AUTH_MESSAGES.accountDisabled) : Unauthorized(AUTH_MESSAGES.refreshInvalid)
  }
  ok(ctx, { tokens: outcome.tokens }, '刷新成功')
}

/**
 * End the session at once: the access token's session, or, when the access token has already expired, the
 * session of the refresh token sent in the body. Neither valid: 401.
 */
export async function logout(ctx: Context, deps: AppDeps): Promise<void> {
  const me = viewer(ctx)
  if (me) {
    await closeSession(deps.db, 'user', me.sessionId)
    return ok(ctx, null, '已退出登录')
  }
  const token = (validated<never, { refresh_token?: string | null }>(ctx).body.refresh_token ?? '').trim()
  const sessionId = await sessionOfToken(deps.db, deps.config.jwtSecret, 'user', token)
  if (!sessionId) throw Unauthorized()
  await closeSession(deps.db, 'user', sessionId)
  ok(ctx, null, '已退出登录')
}

export async function me(ctx: Context, deps: AppDeps): Promise<void> {
  const user = await deps.db.getRepository(User).findOneBy({ id: currentUser(ctx).id })
  if (!user) throw NotFound(USER_MESSAGES.notFound)
  ok(ctx, { ...presentSelf(user), ban: currentUser(ctx).ban })
}

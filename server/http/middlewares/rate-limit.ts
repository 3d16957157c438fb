import type { Context, Next } from 'koa'
import { consume, type LimitName } from '../../db/rate-limiter'
import type { AppDeps } from '../../deps'
import { withFacts } from '../../errors'
import { parseRefreshToken, refreshTokenIssued, type Principal } from '../../auth/tokens'

/** Per-request rate limits over the shared limiters of db/rate-limiter.ts (Redis or the database). */

const clientKey = (ctx: Context): string => ctx.ip || 'unknown'

/** Middleware spending one point of `name` per request, keyed by client address (or `keyOf`). */
export function rateLimit(deps: AppDeps, name: LimitName, keyOf: (ctx: Context) => string = clientKey) {
  return withFacts({ statuses: [429] }, async (ctx: Context, next: Next) => {
    await consume(deps, name, keyOf(ctx))
    await next()
  })
}

export const captchaLimit = (deps: AppDeps) => rateLimit(deps, 'captcha')

/**
 * Classroom mode (issue 43): sixty phones share the room's one address, so the login budget is per address
 * and account (the 石榴号 of the body); the per-account lock on failures (auth/login-guard.ts) still holds.
 * Outside classroom mode the key stays the address alone.
 */
export function loginLimit(deps: AppDeps) {
  if (!deps.config.classroom) return rateLimit(deps, 'login')
  return rateLimit(deps, 'login', (ctx) => {
    const body = (ctx.request as { body?: { user_id?: unknown; user_display_id?: unknown } }).body
    const name = [body?.user_id, body?.user_display_id].find((v): v is string => typeof v === 'string' && v.trim() !== '')
    return name ? `${clientKey(ctx)}|u:${name.normalize('NFKC').trim().toLowerCase().slice(0, 64)}` : clientKey(ctx)
  })
}

/**
 * The refresh budget: per address, and in classroom mode per address and session (a token this server issued;
 * anything else spends the address's budget, so made-up tokens cannot dodge it).
 */
export function refreshLimit(deps: AppDeps, typ: Principal = 'user', prefix = '') {
  if (!deps.config.classroom) return rateLimit(deps, 'login', (ctx) => `${prefix}${clientKey(ctx)}`)
  return rateLimit(deps, 'login', (ctx) => {
    const token = (ctx.request as { body?: { refresh_token?: unknown } }).body?.refresh_token
    const parts = typeof token === 'string' ? parseRefreshToken(token) : null
    const issued = parts && refreshTokenIssued(deps.config.jwtSecret, typ, parts)
    return issued ? `${prefix}${clientKey(ctx)}|s:${parts.handle}` : `${prefix}${clientKey(ctx)}`
  })
}
export const registerLimit = (deps: AppDeps) => rateLimit(deps, 'register')
/** Look-ups that reveal or enumerate accounts (check-user-id, search), per client address. */
export const lookupLimit = (deps: AppDeps) => rateLimit(deps, 'lookup')

/**
 * Limit for member writes. Place it after requireUser: the key is the member's id, so one account cannot
 * flood from many addresses; a request without a member falls back to the client address.
 */
export function writeLimit(deps: AppDeps) {
  return rateLimit(deps, 'write', (ctx) => {
    const user = ctx.state.user as { id?: number } | undefined
    return user?.id ? `u${user.id}` : `ip${clientKey(ctx)}`
  })
}

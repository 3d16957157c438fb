import type { Context, Next } from 'koa'
import { consume, type LimitName } from '../../db/rate-limiter'
import type { AppDeps } from '../../deps'
import { withFacts } from '../../errors'

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
export const loginLimit = (deps: AppDeps) => rateLimit(deps, 'login')
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

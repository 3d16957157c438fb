import { RateLimiterRes } from 'rate-limiter-flexible'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { limiterFor } from '../db/rate-limiter'
import { msg } from '../i18n/message'

/**
 * Failed logins are limited per account as well as per address: a botnet gets LOGIN_FAILURES_PER_ACCOUNT
 * guesses at one account per 10-minute window, however many addresses it has. The lock is short and ends
 * by itself (never permanent: an attacker can hold an account for as long as they keep failing at it,
 * from addresses that are limited on their own, but cannot lock it for good), and a success clears the
 * count. Unknown names are counted like real ones, so the lock does not reveal which accounts exist.
 */
export type AccountKind = 'user' | 'admin'

const keyOf = (kind: AccountKind, name: string) => `${kind}:${name.normalize('NFKC').toLowerCase()}`

export const accountLockedMessage = (seconds: number) => msg('该账号登录失败次数过多，请{minutes}分钟后再试', { minutes: Math.max(1, Math.ceil(seconds / 60)) })

/** 429 with the wait in the message and Retry-After while the account is locked. */
export async function assertAccountOpen(deps: AppDeps, kind: AccountKind, name: string): Promise<void> {
  const limiter = limiterFor(deps, 'account')
  let state: RateLimiterRes | null = null
  try {
    state = await limiter.get(keyOf(kind, name))
  } catch (err) {
    deps.logger.warn({ err }, 'account lock unavailable')
  }
  if (state && state.consumedPoints >= limiter.points) {
    const seconds = Math.max(1, state.msBeforeNext / 1000)
    throw new AppError(429, accountLockedMessage(seconds), null, { 'Retry-After': String(Math.ceil(seconds)) })
  }
}

export async function recordLoginFailure(deps: AppDeps, kind: AccountKind, name: string): Promise<void> {
  try {
    await limiterFor(deps, 'account').penalty(keyOf(kind, name))
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) deps.logger.warn({ err }, 'login failure not counted')
  }
}

export async function clearLoginFailures(deps: AppDeps, kind: AccountKind, name: string): Promise<void> {
  try {
    await limiterFor(deps, 'account').delete(keyOf(kind, name))
  } catch (err) {
    deps.logger.warn({ err }, 'login failures not cleared')
  }
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { RateLimiterRes } from 'rate-limiter-flexible'
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MAX_TRIES, EMAIL_CODE_TTL_MINUTES, EMAIL_MESSAGES } from '../contract/email'
import { EmailCode } from '../db/entities'
import { emailLimiters } from '../db/rate-limiter'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { AppError, Invalid, TooMany } from '../errors'

/*
 * Codes sent by email (issue 20). A code is 6 random digits; only an HMAC of it (keyed with the server secret,
 * so a copied table does not give the codes away by trying all million) is stored. It lives 10 minutes, is
 * used once, and allows 5 wrong tries, after which it is dead. A new code for an address and purpose retires
 * the earlier ones, so only the latest mail counts.
 */

export type CodePurpose = 'email' | 'reset'

const hashCode = (deps: AppDeps, id: number, email: string, code: string) =>
  createHmac('sha256', deps.config.jwtSecret).update(`email-code:${id}:${email}:${code}`).digest('hex')

/** A fresh code: uniformly random, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0')

/**
 * Spend the sending allowance of one address and purpose: one code per EMAIL_CODE_INTERVAL_SECONDS (60) and
 * EMAIL_CODES_PER_DAY (10) a day. Over either: 429 with Retry-After. The minute is checked first, so a refused
 * send within the minute does not use up the day.
 */
export async function spendSendAllowance(deps: AppDeps, email: string, purpose: CodePurpose): Promise<void> {
  const key = `${purpose}:${email}`
  const { minute, day } = emailLimiters(deps)
  try {
    await minute.consume(key)
    await day.consume(key)
  } catch (err) {
    if (err instanceof RateLimiterRes) throw TooMany(err.msBeforeNext / 1000)
    throw err
  }
}

/** Store a new code for the address and purpose (retiring the earlier ones) and return it, for the mail only. */
export async function issueCode(deps: AppDeps, email: string, purpose: CodePurpose): Promise<string> {
  const code = newCode()
  await inTransaction(
    deps.db,
    async (m) => {
      const repo = m.getRepository(EmailCode)
      await repo.update({ email, purpose, used: false }, { used: true })
      const row = await repo.save(
        repo.create({ email, purpose, code_hash: '', tries: 0, used: false, expires_at: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000) }),
      )
      await repo.update({ id: row.id }, { code_hash: hashCode(deps, row.id, email, code) })
      // Old rows go with their address's next code (nothing reads a used or expired code).
      await repo.createQueryBuilder().delete().where('expires_at < :cutoff', { cutoff: new Date(Date.now() - 24 * 3600_000) }).execute()
    },
    { changesCards: false },
  )
  return code
}

export interface CheckOptions {
  /** true: a right code is used up (bind, reset); false: only checked (verify-reset-code). */
  consume: boolean
}

/**
 * Check a code against the address's latest live code of this purpose. A wrong code counts a try (the fifth
 * kills the code); a right one is marked used when `consume`. The check and the mark are one compare-and-set,
 * so two requests with one code cannot both use it. Throws 400 with the reason; returns nothing.
 */
export async function checkCode(deps: AppDeps, email: string, purpose: CodePurpose, code: string, options: CheckOptions): Promise<void> {
  const failure = await inTransaction(
    deps.db,
    async (m): Promise<AppError | null> => {
      const repo = m.getRepository(EmailCode)
      const row = await repo.findOne({ where: { email, purpose, used: false }, order: { id: 'DESC' } })
      if (!row || row.expires_at.getTime() <= Date.now()) return Invalid(EMAIL_MESSAGES.codeExpired)
      if (row.tries >= EMAIL_CODE_MAX_TRIES) return Invalid(EMAIL_MESSAGES.codeTooManyTries)
      const expected = Buffer.from(row.code_hash, 'hex')
      const given = Buffer.from(hashCode(deps, row.id, email, code), 'hex')
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await repo.createQueryBuilder().update().set({ tries: () => 'tries + 1' }).where('id = :id', { id: row.id }).execute()
        return Invalid(row.tries + 1 >= EMAIL_CODE_MAX_TRIES ? EMAIL_MESSAGES.codeTooManyTries : EMAIL_MESSAGES.codeWrong)
      }
      if (!options.consume) return null
      const result = await repo.update({ id: row.id, used: false }, { used: true })
      return result.affected ? null : Invalid(EMAIL_MESSAGES.codeExpired)
    },
    { changesCards: false },
  )
  if (failure) throw failure
}

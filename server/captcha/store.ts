import { randomUUID } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import { LessThan } from 'typeorm'
import { Captcha } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { Unavailable } from '../errors'

/**
 * Captchas (member spec §3, §5): 4 characters as an SVG, single use, valid for 5 minutes. They live in the
 * `captchas` table, or in Redis when REDIS_URL is set, so any instance can check a captcha another issued.
 */

export const CAPTCHA_TTL_MS = 5 * 60 * 1000
export const CAPTCHA_LENGTH = 4
/** Look-alike characters are left out so a person can read every captcha. */
const IGNORE_CHARS = '0oO1ilIL'
const SWEEP_EVERY = 50

export interface IssuedCaptcha {
  captchaId: string
  captchaSvg: string
  text: string
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired'

const redisKey = (id: string) => `captcha:${id}`
const REDIS_RETRY_SECONDS = 5

/** A Redis command; Redis not answering is a temporary 503 (with Retry-After), not a server error. */
async function inRedis<T>(deps: AppDeps, command: () => Promise<T>): Promise<T> {
  try {
    return await command()
  } catch (err) {
    deps.logger.warn({ err }, 'captcha store (Redis) unavailable')
    throw Unavailable('验证码服务暂时不可用，请稍后重试', REDIS_RETRY_SECONDS)
  }
}

async function put(deps: AppDeps, id: string, answer: string, expiresAt: Date): Promise<void> {
  if (deps.redis) {
    const redis = deps.redis
    await inRedis(deps, () => redis.set(redisKey(id), answer, 'PX', CAPTCHA_TTL_MS))
    return
  }
  const sweep = Math.random() * SWEEP_EVERY < 1
  await inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(Captcha)
    await repo.insert({ id, answer, expires_at: expiresAt })
    if (sweep) await repo.delete({ expires_at: LessThan(new Date()) })
  }, { changesCards: false })
}

/** Remove the captcha and return its answer, at most once across all instances (null if unknown or expired). */
async function take(deps: AppDeps, id: string): Promise<string | null> {
  const redis = deps.redis
  if (redis) return inRedis(deps, () => redis.getdel(redisKey(id)))
  const row = await inTransaction(deps.db, async (m) => {
    const repo = m.getRepository(Captcha)
    const found = await repo.findOneBy({ id })
    if (!found) return null
    const { affected } = await repo.delete({ id })
    return affected ? found : null
  }, { changesCards: false })
  if (!row) return null
  return row.expires_at.getTime() > Date.now() ? row.answer : null
}

export async function issueCaptcha(deps: AppDeps): Promise<IssuedCaptcha> {
  const captcha = svgCaptcha.create({ size: CAPTCHA_LENGTH, ignoreChars: IGNORE_CHARS, noise: 2, color: true, background: '#f7f7f7', width: 120, height: 40 })
  const id = randomUUID()
  await put(deps, id, captcha.text.toLowerCase(), new Date(Date.now() + CAPTCHA_TTL_MS))
  return { captchaId: id, captchaSvg: captcha.data, text: captcha.text }
}

/** Check an answer (case-insensitive). The captcha is used up whatever the outcome, so it cannot be guessed at. */
export async function checkCaptcha(deps: AppDeps, id: string, text: string): Promise<CaptchaCheck> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return 'expired'
  const answer = await take(deps, id)
  if (answer === null) return 'expired'
  return answer === text.trim().toLowerCase() ? 'ok' : 'wrong'
}

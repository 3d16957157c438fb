import { createRequire } from 'node:module'
import { RateLimiterRedis, RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible'
import type { DataSource } from 'typeorm'
import type { DatabaseKind } from '../config'
import { storageFault } from './faults'
import { query } from './sql'
import { inTransaction } from './transaction'
import type { AppDeps } from '../deps'
import { TooMany } from '../errors'

/**
 * Rate-limit stores and counters (ARCHITECTURE.md §4: never per-process state). They sit on the db floor so
 * that auth (per-account login locks), domain commands (daily budgets) and the HTTP middleware
 * (http/middlewares/rate-limit.ts) all count through the same limiters. With REDIS_URL the counters live in Redis
 * (RateLimiterRedis); otherwise in the `rate_limits` table of the main database through DbRateLimiter, so
 * every instance behind a load balancer shares them. Limits come from config.rateLimits (per minute).
 */

export type LimitName = 'captcha' | 'login' | 'register' | 'write' | 'lookup' | 'account' | 'ticket'

const WINDOW_SECONDS = 60
/** Roughly one consume in this many also sweeps expired rows of the table. */
const SWEEP_EVERY = 500

interface StoreRow {
  points: number | string
  expire: number | string | null
}

/** One upsert statement per engine: add points to the current window, or start a new window when it ended. */
function upsertSql(kind: DatabaseKind, forceExpire: boolean): string {
  // Lower-case keywords on purpose: TypeORM's SQLite runner executes statements that start with "INSERT "
  // via run(), which drops the RETURNING rows.
  if (kind === 'mysql') {
    const reset = forceExpire ? '1=1' : '(expire IS NOT NULL AND expire <= ?)'
    return `insert into rate_limits (rl_key, points, expire) values (?, ?, ?) on duplicate key update
      points = IF(${reset}, VALUES(points), points + VALUES(points)),
      expire = IF(${reset}, VALUES(expire), expire)`
  }
  const p = kind === 'postgres' ? (n: number) => `$${n}` : () => '?'
  const reset = forceExpire ? '1=1' : `(rate_limits.expire IS NOT NULL AND rate_limits.expire <= ${p(4)})`
  return `insert into rate_limits (rl_key, points, expire) values (${p(1)}, ${p(2)}, ${p(3)}) on conflict (rl_key) do update set
    points = CASE WHEN ${reset} THEN excluded.points ELSE rate_limits.points + excluded.points END,
    expire = CASE WHEN ${reset} THEN excluded.expire ELSE rate_limits.expire END
    returning points, expire`
}

// The library's base class for custom stores is documented but not exported from its index.
const StoreBase = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof RateLimiterStoreAbstract

/** A rate-limiter-flexible store over the `rate_limits` table, portable across SQLite, PostgreSQL and MySQL. */
export class DbRateLimiter extends StoreBase {
  private readonly db: DataSource
  private readonly kind: DatabaseKind

  constructor(opts: { db: DataSource; kind: DatabaseKind; keyPrefix: string; points: number; duration: number }) {
    super({ storeClient: opts.db, keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.duration })
    this.db = opts.db
    this.kind = opts.kind
  }

  private param(n: number): string {
    return this.kind === 'postgres' ? `$${n}` : '?'
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<StoreRow> {
    const now = Date.now()
    const expire = msDuration > 0 ? now + msDuration : null
    if (Math.random() * SWEEP_EVERY < 1) void this.sweep(now)
    if (this.kind === 'mysql') {
      const params = forceExpire ? [key, points, expire] : [key, points, expire, now, now]
      // MySQL has no RETURNING; the window row is read back in the same transaction.
      return inTransaction(this.db, async (m) => {
        await m.query(upsertSql('mysql', forceExpire), params)
        const rows: StoreRow[] = await m.query('select points, expire from rate_limits where rl_key = ?', [key])
        return rows[0] ?? { points, expire }
      }, { changesCards: false })
    }
    // PostgreSQL names the window's end once ($4); SQLite's anonymous placeholders need it twice.
    const params = forceExpire ? [key, points, expire] : this.kind === 'postgres' ? [key, points, expire, now] : [key, points, expire, now, now]
    const rows = await inTransaction(this.db, (m) => query<StoreRow>(m, upsertSql(this.kind, forceExpire), params), { changesCards: false })
    return rows[0] ?? { points, expire }
  }

  async _get(key: string): Promise<StoreRow | null> {
    const rows: StoreRow[] = await this.db.query(
      `select points, expire from rate_limits where rl_key = ${this.param(1)} and (expire is null or expire > ${this.param(2)})`,
      [key, Date.now()],
    )
    return rows[0] ?? null
  }

  async _delete(key: string): Promise<boolean> {
    await inTransaction(this.db, (m) => m.query(`delete from rate_limits where rl_key = ${this.param(1)}`, [key]), { changesCards: false })
    return true
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: StoreRow): RateLimiterRes {
    const consumed = Number(row.points)
    const expire = row.expire === null ? null : Number(row.expire)
    const res = new RateLimiterRes()
    const isFirst = changedPoints === consumed
    return Object.assign(res, {
      isFirstInDuration: isFirst,
      consumedPoints: consumed,
      remainingPoints: Math.max(this.points - consumed, 0),
      msBeforeNext: expire === null ? -1 : Math.max(expire - Date.now(), 0),
    })
  }

  private async sweep(now: number): Promise<void> {
    try {
      await inTransaction(this.db, (m) => m.query(`delete from rate_limits where expire is not null and expire < ${this.param(1)}`, [now]), { changesCards: false })
    } catch {
      /* best effort */
    }
  }
}

type Limiter = RateLimiterRedis | DbRateLimiter

const registry = new WeakMap<AppDeps, Map<LimitName, Limiter>>()

function pointsFor(deps: AppDeps, name: LimitName): number {
  const limits = deps.config.rateLimits
  // Classroom mode (issue 43): the budgets that can only be kept per address (no account yet: the captcha, the
  // registration, the id look-ups) are a room's, `seats` phones behind one address. Logins and refreshes are
  // keyed per account instead (http/middlewares/rate-limit.ts), writes are per member already.
  const room = deps.config.classroom?.seats ?? 1
  if (name === 'captcha') return limits.captchaPerMinute * room
  if (name === 'register') return limits.authPerMinute * room
  if (name === 'write') return limits.writesPerMinute
  if (name === 'lookup') return limits.lookupsPerMinute * room
  if (name === 'account') return limits.loginFailuresPerAccount
  // A stream ticket is spent once (its id is the key); the window outlives the ticket's own expiry.
  if (name === 'ticket') return 1
  return limits.authPerMinute
}

/** A spent stream ticket is remembered this long: longer than any ticket lives (auth/tokens.ts). */
const TICKET_WINDOW_SECONDS = 120

/** Failed logins of one account are counted over this window (server/auth/login-guard.ts). */
export const ACCOUNT_WINDOW_SECONDS = 10 * 60

/** The limiter of one kind for this app instance (created once, shared by every request). */
export function limiterFor(deps: AppDeps, name: LimitName): Limiter {
  let byName = registry.get(deps)
  if (!byName) registry.set(deps, (byName = new Map()))
  let limiter = byName.get(name)
  if (!limiter) {
    const options = { keyPrefix: `rl_${name}`, points: pointsFor(deps, name), duration: name === 'account' ? ACCOUNT_WINDOW_SECONDS : name === 'ticket' ? TICKET_WINDOW_SECONDS : WINDOW_SECONDS }
    limiter = deps.redis
      ? new RateLimiterRedis({ ...options, storeClient: deps.redis })
      : new DbRateLimiter({ ...options, db: deps.db, kind: deps.config.database.kind })
    byName.set(name, limiter)
  }
  return limiter
}

/**
 * Spend one point of `name` for `key`; over the limit throws 429 with Retry-After. A failing store is logged
 * and lets the request through: an unavailable limiter must not take the site down. Except when the
 * database itself cannot take writes (locked past the busy timeout, disk full): the request that follows
 * would meet the same fault after the same wait, so it gets the 503 / 507 at once.
 */
export async function consume(deps: AppDeps, name: LimitName, key: string): Promise<void> {
  try {
    await limiterFor(deps, name).consume(key)
  } catch (err) {
    if (err instanceof RateLimiterRes) throw TooMany(err.msBeforeNext / 1000)
    if (storageFault(err)) throw err
    deps.logger.warn({ err, limiter: name }, 'rate limiter unavailable')
  }
}

const emailRegistry = new WeakMap<AppDeps, { minute: Limiter; day: Limiter }>()

/**
 * The sending allowances of emailed codes (server/domain/email-codes.ts), keyed by purpose and address: one per
 * EMAIL_CODE_INTERVAL_SECONDS and EMAIL_CODES_PER_DAY a day. Like the others, in Redis or the database.
 */
export function emailLimiters(deps: AppDeps): { minute: Limiter; day: Limiter } {
  let pair = emailRegistry.get(deps)
  if (!pair) {
    const mail = deps.config.mail
    const make = (keyPrefix: string, points: number, duration: number): Limiter =>
      deps.redis
        ? new RateLimiterRedis({ keyPrefix, points, duration, storeClient: deps.redis })
        : new DbRateLimiter({ keyPrefix, points, duration, db: deps.db, kind: deps.config.database.kind })
    pair = { minute: make('rl_email_minute', 1, mail?.intervalSeconds ?? 60), day: make('rl_email_day', mail?.perDay ?? 10, 24 * 3600) }
    emailRegistry.set(deps, pair)
  }
  return pair
}

import type { Context, Next } from 'koa'
import type { BanInfo } from '../contract/moderation'
import type { AppDeps } from '../deps'
import { AdminSession, UserSession } from '../db/entities'
import { readerFor, toBool, toIso } from '../db/reader'
import { inTransaction } from '../db/transaction'
import { Forbidden, Unauthorized, withFacts } from '../errors'
import { savedLocale, type Locale } from '../i18n/locales'
import { activeBan, refuseWhileBanned } from './bans'
import { verifyAccessToken, verifyStreamTicket, type Principal } from './tokens'

/** The signed-in member, as handlers see it (ctx.state.user). */
export interface AuthUser {
  id: number
  user_id: string
  nickname: string
  sessionId: number
  /** The ban in force (issue 18): every write of a banned member is refused. */
  ban: BanInfo | null
  /** Whether they block anyone (lists add the block condition only then: db/blocks.ts). */
  blocksSomeone: boolean
  /** Their saved language (issue 40), which wins over Accept-Language (http/locale.ts); null when unset. */
  locale: Locale | null
}

/** The signed-in administrator (ctx.state.admin). */
export interface AuthAdmin {
  id: number
  username: string
  sessionId: number
}

/** last_activity is refreshed at most this often, so reads don't turn into writes. */
const ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000

/** The bearer token, if any. `Bearer null` / `Bearer undefined` (a client with no stored token) is none. */
function bearer(ctx: Context): string | null {
  const header = ctx.get('authorization')
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match && match[1] !== 'null' && match[1] !== 'undefined' ? match[1]! : null
}

interface SessionRow {
  session_id: number
  last_activity: Date | string
  expires_at: Date | string
  session_active: boolean | number | string
  subject_id: number
  subject_active: boolean | number | string
  name: string
  nickname?: string
  locale?: string | null
  ban_reason?: string | null
  ban_ends_at?: Date | string | null
  blocks_someone?: boolean | number | string
}

/** Session + principal in one indexed lookup, on the fast read path (every authenticated request runs it). */
const SESSION_SQL: Record<Principal, string> = {
  user:
    'SELECT s.id AS session_id, s.last_activity AS last_activity, s.expires_at AS expires_at, s.is_active AS session_active, ' +
    'u.id AS subject_id, u.is_active AS subject_active, u.user_id AS name, u.nickname AS nickname, u.locale AS locale, b.reason AS ban_reason, b.ends_at AS ban_ends_at, ' +
    'EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = u.id) AS blocks_someone ' +
    'FROM sessions s INNER JOIN users u ON u.id = s.user_id LEFT JOIN user_bans b ON b.open_user_id = u.id WHERE s.id = ? AND u.id = ?',
  admin:
    'SELECT s.id AS session_id, s.last_activity AS last_activity, s.expires_at AS expires_at, s.is_active AS session_active, ' +
    'u.id AS subject_id, u.is_active AS subject_active, u.username AS name ' +
    'FROM admin_sessions s INNER JOIN admins u ON u.id = s.admin_id WHERE s.id = ? AND u.id = ?',
}

const time = (v: Date | string) => Date.parse(toIso(v))

/**
 * Resolve a bearer token to an active session of an active principal, in one query.
 * Returns null when there is no token; throws 401 when there is one and it is not (or no longer) valid,
 * 403 when the account is deactivated.
 */
async function resolve(ctx: Context, deps: AppDeps, typ: Principal): Promise<SessionRow | null> {
  const token = bearer(ctx)
  if (!token) return null
  const claims = verifyAccessToken(deps.config.jwtSecret, token, typ)
  if (!claims) throw expiredLogin(typ)
  return sessionOf(deps, typ, claims)
}

const expiredLogin = (typ: Principal) => Unauthorized(typ === 'admin' ? '管理员登录已过期，请重新登录' : '登录已过期，请重新登录')

/** The session the claims name, if it is still active for an active principal (else 401 / 403). */
async function sessionOf(deps: AppDeps, typ: Principal, claims: { sid: number; sub: string }): Promise<SessionRow> {
  const expired = () => expiredLogin(typ)
  const row = await readerFor(deps.db).one<SessionRow>(SESSION_SQL[typ], [claims.sid, Number(claims.sub)])
  if (!row || !toBool(row.session_active) || time(row.expires_at) <= Date.now()) throw expired()
  if (!toBool(row.subject_active)) throw Forbidden('账号已被禁用')
  if (Date.now() - time(row.last_activity) > ACTIVITY_RESOLUTION_MS) {
    // Bookkeeping, not the request's own write: queued without waiting, so a read never waits for it.
    const entity = typ === 'user' ? UserSession : AdminSession
    const at = new Date()
    inTransaction(deps.db, (m) => m.getRepository(entity).update({ id: row.session_id }, { last_activity: at }), { changesCards: false }).catch((err: unknown) =>
      deps.logger.warn({ err }, 'last_activity not recorded'),
    )
  }
  return row
}

function asUser(row: SessionRow): AuthUser {
  return { id: Number(row.subject_id), user_id: row.name, nickname: row.nickname ?? '', sessionId: Number(row.session_id), ban: activeBan(row.ban_reason, row.ban_ends_at),
    blocksSomeone: toBool(row.blocks_someone ?? false), locale: savedLocale(row.locale),
  }
}

const asAdmin = (row: SessionRow): AuthAdmin => ({ id: Number(row.subject_id), username: row.name, sessionId: Number(row.session_id) })

/** A member token is required: 401 without a valid one, 403 for a disabled account or a banned member's write. */
const SIGNED_IN = { access: 'user', statuses: [401, 403] } as const

export interface RequireUserOptions {
  /**
   * The route stays open to a banned member although it writes: their own account upkeep (log out, end
   * sessions, change the password, delete the account), their inbox (mark read, delete notifications) and
   * blocking (self-protection).
   */
  duringBan?: 'allowed'
}

/**
 * Require a member token: 401 without one or with an invalid / revoked one. A banned member's write is
 * refused here, for every member route at once (403 「账号已被限制至 …：…」), unless the route opts out.
 */
export function requireUser(deps: AppDeps, options: RequireUserOptions = {}) {
  return withFacts(SIGNED_IN, async (ctx: Context, next: Next) => {
    const row = await resolve(ctx, deps, 'user')
    if (!row) throw Unauthorized()
    const user = asUser(row)
    // Known before the ban check, so the refusal is in the member's saved language (http/locale.ts).
    ctx.state.user = user
    if (options.duringBan !== 'allowed') refuseWhileBanned(ctx, user.ban)
    await next()
  })
}

/**
 * A stream's principal (the member's notifications, the administrators' queue): the bearer token, or a stream
 * ticket of the same kind of principal in `?ticket=` (an EventSource cannot send headers). `redeem` spends
 * the ticket's single use; a ticket that is invalid, expired, already used or issued to the other kind of
 * principal is a 401, and the session it was issued for must still be active.
 */
async function streamSession(ctx: Context, deps: AppDeps, typ: Principal, redeem: (jti: string) => Promise<boolean>): Promise<SessionRow> {
  const ticket = typeof ctx.query.ticket === 'string' ? ctx.query.ticket : null
  let row: SessionRow | null
  if (ticket) {
    const claims = verifyStreamTicket(deps.config.jwtSecret, ticket, typ)
    if (!claims || !(await redeem(claims.jti))) throw Unauthorized('连接凭证无效或已过期，请重新连接')
    row = await sessionOf(deps, typ, claims)
  } else row = await resolve(ctx, deps, typ)
  if (!row) throw Unauthorized()
  return row
}

/** The notification stream's member (see streamSession). */
export function requireStreamUser(deps: AppDeps, redeem: (jti: string) => Promise<boolean>) {
  return withFacts(SIGNED_IN, async (ctx: Context, next: Next) => {
    ctx.state.user = asUser(await streamSession(ctx, deps, 'user', redeem))
    await next()
  })
}

/** The admin stream's administrator (see streamSession). */
export function requireStreamAdmin(deps: AppDeps, redeem: (jti: string) => Promise<boolean>) {
  return withFacts({ access: 'admin', statuses: [401, 403] }, async (ctx: Context, next: Next) => {
    ctx.state.admin = asAdmin(await streamSession(ctx, deps, 'admin', redeem))
    await next()
  })
}

/** Identify the member when a valid token is sent (for liked/collected flags); visitors pass as anonymous. */
export function optionalUser(deps: AppDeps) {
  return withFacts({ access: 'optional-user' }, async (ctx: Context, next: Next) => {
    let row: SessionRow | null = null
    try {
      row = await resolve(ctx, deps, 'user')
    } catch {
      row = null
    }
    if (row) ctx.state.user = asUser(row)
    await next()
  })
}

/**
 * A member when a token is sent (an invalid or expired one is still a 401, so a member's client refreshes
 * it), a visitor when none is: for member calls whose failure the spec treats as "not signed in" (M §8:
 * follow-status answers not followed).
 */
export function userOrVisitor(deps: AppDeps) {
  return withFacts({ access: 'optional-user', statuses: [401, 403] }, async (ctx: Context, next: Next) => {
    const row = await resolve(ctx, deps, 'user')
    if (row) ctx.state.user = asUser(row)
    await next()
  })
}

/** Require an administrator token; a member token gets 401 (it is not an admin credential at all). */
export function requireAdmin(deps: AppDeps) {
  return withFacts({ access: 'admin', statuses: [401, 403] }, async (ctx: Context, next: Next) => {
    const row = await resolve(ctx, deps, 'admin')
    if (!row) throw Unauthorized()
    ctx.state.admin = asAdmin(row)
    await next()
  })
}

/**
 * A member or an administrator (media uploads: the admin note form uploads too). The token's own `typ`
 * decides which it is; either way the session must be active.
 */
export function requireUserOrAdmin(deps: AppDeps) {
  return withFacts({ access: 'user-or-admin', statuses: [401, 403] }, async (ctx: Context, next: Next) => {
    const token = bearer(ctx)
    if (token && verifyAccessToken(deps.config.jwtSecret, token, 'admin')) {
      const row = await resolve(ctx, deps, 'admin')
      ctx.state.admin = asAdmin(row!)
    } else {
      const row = await resolve(ctx, deps, 'user')
      if (!row) throw Unauthorized()
      const user = asUser(row)
      refuseWhileBanned(ctx, user.ban)
      ctx.state.user = user
    }
    await next()
  })
}

export const currentUser = (ctx: Context): AuthUser => ctx.state.user as AuthUser
export const viewer = (ctx: Context): AuthUser | null => (ctx.state.user as AuthUser | undefined) ?? null
export const currentAdmin = (ctx: Context): AuthAdmin => ctx.state.admin as AuthAdmin

import type { DataSource, EntityManager } from 'typeorm'
import { AdminSession, UserSession } from '../db/entities'
import { inTransaction, withinTransaction } from '../db/transaction'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  newSessionHandle,
  parseRefreshToken,
  refreshToken,
  refreshTokenIssued,
  signAccessToken,
  type Principal,
  type RefreshTokenParts,
} from './tokens'

export interface TokenPair {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: 'Bearer'
}

type SessionEntity = typeof UserSession | typeof AdminSession
type SessionRow = UserSession & AdminSession
const entityOf = (typ: Principal): SessionEntity => (typ === 'user' ? UserSession : AdminSession)
const ownerColumn = (typ: Principal) => (typ === 'user' ? 'user_id' : 'admin_id')

export interface ClientInfo {
  userAgent: string
  ip: string
}

function pair(secret: string, typ: Principal, subjectId: number, session: { id: number; handle: string }, generation: number): TokenPair {
  return {
    access_token: signAccessToken(secret, typ, subjectId, session.id),
    refresh_token: refreshToken(secret, typ, session.handle, generation),
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
  }
}

export interface OpenedSession {
  tokens: TokenPair
  sessionId: number
}

/** Start a session (a login) and issue its first token pair; joins the caller's job when given its manager. */
export async function openSession(db: DataSource | EntityManager, jwtSecret: string, typ: Principal, subjectId: number, client: ClientInfo): Promise<OpenedSession> {
  const now = new Date()
  const row = {
    [ownerColumn(typ)]: subjectId,
    handle: newSessionHandle(),
    generation: 0,
    user_agent: client.userAgent.slice(0, 500),
    ip: client.ip.slice(0, 64),
    is_active: true,
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    last_activity: now,
  } as Partial<SessionRow>
  const saved = await withinTransaction(db, (m) => {
    const repo = m.getRepository(entityOf(typ))
    return repo.save(repo.create(row)) as Promise<UserSession | AdminSession>
  }, { changesCards: false })
  return { sessionId: saved.id, tokens: pair(jwtSecret, typ, subjectId, saved, 0) }
}

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair; subjectId: number; sessionId: number }
  | { ok: false; reason: 'invalid' | 'reused' | 'expired' }

/**
 * Rotate a refresh token. A token this server never issued (wrong mac, unknown handle) is refused and
 * changes nothing, so guessing cannot end anyone's session. The swap is a compare-and-set on the generation,
 * so two concurrent uses of the same token cannot both succeed; an issued token of an earlier generation
 * (rotated out, so replayed) revokes the whole session (its family).
 */
export async function rotateSession(db: DataSource, jwtSecret: string, typ: Principal, token: string): Promise<RefreshOutcome> {
  const parts = parseRefreshToken(token)
  if (!parts || !refreshTokenIssued(jwtSecret, typ, parts)) return { ok: false, reason: 'invalid' }
  return inTransaction(db, (m) => rotateIn(m, jwtSecret, typ, parts), { changesCards: false })
}

async function rotateIn(m: EntityManager, jwtSecret: string, typ: Principal, parts: RefreshTokenParts): Promise<RefreshOutcome> {
  const repo = m.getRepository(entityOf(typ))
  const session = (await repo.findOneBy({ handle: parts.handle })) as SessionRow | null
  if (!session || !session.is_active || parts.generation > session.generation) return { ok: false, reason: 'invalid' }
  if (session.expires_at.getTime() < Date.now()) return { ok: false, reason: 'expired' }
  const result =
    parts.generation === session.generation
      ? await repo
          .createQueryBuilder()
          .update()
          .set({ generation: () => 'generation + 1', last_activity: new Date() })
          .where('id = :id AND generation = :generation AND is_active = :active', { id: session.id, generation: parts.generation, active: true })
          .execute()
      : { affected: 0 }
  if (!result.affected) {
    await repo.update({ id: session.id }, { is_active: false })
    return { ok: false, reason: 'reused' }
  }
  const subjectId = typ === 'user' ? session.user_id : session.admin_id
  return { ok: true, subjectId, sessionId: session.id, tokens: pair(jwtSecret, typ, subjectId, session, parts.generation + 1) }
}

/** The active session an issued refresh token belongs to (any generation), or null. */
export async function sessionOfToken(db: DataSource, jwtSecret: string, typ: Principal, token: string): Promise<number | null> {
  const parts = parseRefreshToken(token)
  if (!parts || !refreshTokenIssued(jwtSecret, typ, parts)) return null
  const session = await db.getRepository(entityOf(typ)).findOneBy({ handle: parts.handle, is_active: true })
  return session ? session.id : null
}

export async function closeSession(db: DataSource | EntityManager, typ: Principal, sessionId: number): Promise<void> {
  await withinTransaction(db, (m) => m.getRepository(entityOf(typ)).update({ id: sessionId }, { is_active: false }), { changesCards: false })
}

/** End every session of a user or admin, optionally sparing one (the caller's own). */
export async function closeAllSessions(db: DataSource | EntityManager, typ: Principal, subjectId: number, exceptSessionId?: number): Promise<number> {
  return withinTransaction(db, async (m) => {
    const qb = m
      .getRepository(entityOf(typ))
      .createQueryBuilder()
      .update()
      .set({ is_active: false })
      .where(`${ownerColumn(typ)} = :subjectId AND is_active = :active`, { subjectId, active: true })
    if (exceptSessionId) qb.andWhere('id != :except', { except: exceptSessionId })
    return (await qb.execute()).affected ?? 0
  }, { changesCards: false })
}

/** A member's active, unexpired sessions, most recently used first. */
export async function activeSessions(db: DataSource, userId: number): Promise<UserSession[]> {
  const rows = await db.getRepository(UserSession).find({ where: { user_id: userId, is_active: true }, order: { last_activity: 'DESC', id: 'DESC' } })
  const now = Date.now()
  return rows.filter((s) => s.expires_at.getTime() > now)
}

/** End one of a member's own sessions by its handle; false when it is not theirs or already ended. */
export async function closeOwnSession(db: DataSource, userId: number, handle: string): Promise<boolean> {
  const result = await inTransaction(db, (m) => m.getRepository(UserSession).update({ user_id: userId, handle, is_active: true }, { is_active: false }), { changesCards: false })
  return Boolean(result.affected)
}

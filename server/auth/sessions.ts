import type { DataSource, EntityManager } from 'typeorm'
import { AdminSession, UserSession } from '../db/entities'
import { inList, readerFor, toBool, toIso } from '../db/reader'
import { afterCommit, inTransaction, withinTransaction } from '../db/transaction'
import { eventBusOf } from '../events/bus'
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
    announceSessionsEnded(m, typ, { sessionIds: [session.id] })
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
  await withinTransaction(db, async (m) => {
    await m.getRepository(entityOf(typ)).update({ id: sessionId }, { is_active: false })
    announceSessionsEnded(m, typ, { sessionIds: [sessionId] })
  }, { changesCards: false })
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
    const ended = (await qb.execute()).affected ?? 0
    // Every instance's streams of the subject check their sessions (the spared one stays in force).
    announceSessionsEnded(m, typ, { subjectIds: [subjectId] })
    return ended
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
  const result = await inTransaction(db, async (m) => {
    const updated = await m.getRepository(UserSession).update({ user_id: userId, handle, is_active: true }, { is_active: false })
    if (updated.affected) announceSessionsEnded(m, 'user', { subjectIds: [userId] })
    return updated
  }, { changesCards: false })
  return Boolean(result.affected)
}

/*
 * Streams end with their session (issue 41). A write that ends sessions (or may have: a deactivation, an
 * administrator's edit of a session row, an account's deletion) announces it after its commit; every
 * instance's open streams bound to those sessions, or to sessions of those principals, then ask the database
 * which of them are still in force and close the others (http/event-stream.ts). The announcement names
 * candidates, the database decides: "end the others" spares the caller's own session without the event
 * having to say so, and a lost event costs no more than a stream left open until its session's end.
 */

/** After `m`'s job commits: these sessions, or sessions of these principals, may have ended. */
export function announceSessionsEnded(m: EntityManager, typ: Principal, ended: { sessionIds?: number[]; subjectIds?: number[] }): void {
  afterCommit(m, (db) => eventBusOf(db)?.publish({ kind: 'sessions', principal: typ, sessionIds: ended.sessionIds ?? [], subjectIds: ended.subjectIds ?? [] }))
}

interface InForceRow {
  id: number | string
  expires_at: unknown
  session_active: unknown
  subject_active: unknown
}

const IN_FORCE_SQL: Record<Principal, string> = {
  user: 'SELECT s.id AS id, s.expires_at AS expires_at, s.is_active AS session_active, u.is_active AS subject_active FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id IN ',
  admin: 'SELECT s.id AS id, s.expires_at AS expires_at, s.is_active AS session_active, u.is_active AS subject_active FROM admin_sessions s INNER JOIN admins u ON u.id = s.admin_id WHERE s.id IN ',
}

/**
 * Of these sessions, the ones still in force (active, unexpired, of an active principal: what the auth
 * middleware accepts), each with the time it expires (ms). One statement, by primary key.
 */
export async function sessionsInForce(db: DataSource, typ: Principal, sessionIds: readonly number[]): Promise<Map<number, number>> {
  const inForce = new Map<number, number>()
  if (!sessionIds.length) return inForce
  const list = inList(sessionIds)
  const rows = await readerFor(db).all<InForceRow>(IN_FORCE_SQL[typ] + list.sql, list.params)
  const now = Date.now()
  for (const row of rows) {
    const expires = Date.parse(toIso(row.expires_at))
    if (toBool(row.session_active) && toBool(row.subject_active) && expires > now) inForce.set(Number(row.id), expires)
  }
  return inForce
}

import type { DataSource, EntityManager } from 'typeorm'
import { AdminSession, UserSession } from '../db/entities'
import { inTransaction, withinTransaction } from '../db/transaction'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashSecret,
  newRefreshSecret,
  parseRefreshToken,
  refreshToken,
  secretMatches,
  signAccessToken,
  type Principal,
} from './tokens'

export interface TokenPair {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: 'Bearer'
}

type SessionEntity = typeof UserSession | typeof AdminSession
const entityOf = (typ: Principal): SessionEntity => (typ === 'user' ? UserSession : AdminSession)
const ownerColumn = (typ: Principal) => (typ === 'user' ? 'user_id' : 'admin_id')

export interface ClientInfo {
  userAgent: string
  ip: string
}

function pair(secret: string, typ: Principal, subjectId: number, sessionId: number, refreshSecret: string): TokenPair {
  return {
    access_token: signAccessToken(secret, typ, subjectId, sessionId),
    refresh_token: refreshToken(sessionId, refreshSecret),
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
  }
}

/** Start a session (a login) and issue its first token pair; joins the caller's job when given its manager. */
export async function openSession(db: DataSource | EntityManager, jwtSecret: string, typ: Principal, subjectId: number, client: ClientInfo): Promise<TokenPair> {
  const refreshSecret = newRefreshSecret()
  const now = new Date()
  const row = {
    [ownerColumn(typ)]: subjectId,
    refresh_hash: hashSecret(refreshSecret),
    generation: 0,
    user_agent: client.userAgent.slice(0, 500),
    ip: client.ip.slice(0, 64),
    is_active: true,
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    last_activity: now,
  } as Partial<UserSession & AdminSession>
  const saved = await withinTransaction(db, (m) => {
    const repo = m.getRepository(entityOf(typ))
    return repo.save(repo.create(row)) as Promise<UserSession | AdminSession>
  })
  return pair(jwtSecret, typ, subjectId, saved.id, refreshSecret)
}

export type RefreshOutcome = { ok: true; tokens: TokenPair; subjectId: number } | { ok: false; reason: 'invalid' | 'reused' | 'expired' }

/**
 * Rotate a refresh token. The swap is a compare-and-set on the stored hash, so two concurrent uses of the
 * same token cannot both succeed; a token that no longer matches revokes the whole session (its family).
 */
export async function rotateSession(db: DataSource, jwtSecret: string, typ: Principal, token: string): Promise<RefreshOutcome> {
  const parsed = parseRefreshToken(token)
  if (!parsed) return { ok: false, reason: 'invalid' }
  const nextSecret = newRefreshSecret()
  return inTransaction(db, (m) => rotateIn(m, jwtSecret, typ, parsed, nextSecret))
}

async function rotateIn(m: EntityManager, jwtSecret: string, typ: Principal, parsed: { sessionId: number; secret: string }, nextSecret: string): Promise<RefreshOutcome> {
  const repo = m.getRepository(entityOf(typ))
  const session = (await repo.findOneBy({ id: parsed.sessionId })) as (UserSession & AdminSession) | null
  if (!session || !session.is_active) return { ok: false, reason: 'invalid' }
  if (session.expires_at.getTime() < Date.now()) return { ok: false, reason: 'expired' }
  if (!secretMatches(session.refresh_hash, parsed.secret)) {
    await repo.update({ id: session.id }, { is_active: false })
    return { ok: false, reason: 'reused' }
  }
  const result = await repo
    .createQueryBuilder()
    .update()
    .set({ refresh_hash: hashSecret(nextSecret), generation: () => 'generation + 1', last_activity: new Date() })
    .where('id = :id AND refresh_hash = :hash AND is_active = :active', { id: session.id, hash: session.refresh_hash, active: true })
    .execute()
  if (!result.affected) {
    await repo.update({ id: session.id }, { is_active: false })
    return { ok: false, reason: 'reused' }
  }
  const subjectId = typ === 'user' ? session.user_id : session.admin_id
  return { ok: true, subjectId, tokens: pair(jwtSecret, typ, subjectId, session.id, nextSecret) }
}

export async function closeSession(db: DataSource | EntityManager, typ: Principal, sessionId: number): Promise<void> {
  await withinTransaction(db, (m) => m.getRepository(entityOf(typ)).update({ id: sessionId }, { is_active: false }))
}

/** End every session of a user or admin, optionally sparing one (the caller's own). */
export async function closeAllSessions(db: DataSource | EntityManager, typ: Principal, subjectId: number, exceptSessionId?: number): Promise<void> {
  await withinTransaction(db, async (m) => {
    const qb = m
      .getRepository(entityOf(typ))
      .createQueryBuilder()
      .update()
      .set({ is_active: false })
      .where(`${ownerColumn(typ)} = :subjectId AND is_active = :active`, { subjectId, active: true })
    if (exceptSessionId) qb.andWhere('id != :except', { except: exceptSessionId })
    await qb.execute()
  })
}

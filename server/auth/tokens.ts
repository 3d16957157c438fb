import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto'
import jwt from 'jsonwebtoken'
import { LRUCache } from 'lru-cache'

/** Access tokens name whom they are for; a user token is never accepted as an admin token and vice versa. */
export type Principal = 'user' | 'admin'

export const ACCESS_TOKEN_TTL_SECONDS = 3600
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600
const ALGORITHM = 'HS256'

export interface AccessClaims {
  /** Numeric id of the user or admin. */
  sub: string
  /** Session id; the session must still be active for the token to count. */
  sid: number
  typ: Principal
}

/**
 * The HMAC key as a KeyObject, made once per secret. Given a plain string, jsonwebtoken 9 first tries to read
 * it as a public key (createPublicKey, which throws) on EVERY verify: that cost ~20% of the server's main
 * thread for signed-in requests.
 */
const keys = new Map<string, KeyObject>()
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret)
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))))
  return key
}

export function signAccessToken(secret: string, typ: Principal, subjectId: number, sessionId: number): string {
  return jwt.sign({ sid: sessionId, typ }, keyOf(secret), { algorithm: ALGORITHM, subject: String(subjectId), expiresIn: ACCESS_TOKEN_TTL_SECONDS })
}

/**
 * Tokens already verified, per secret, until they expire: a member's client sends the same access token on
 * every call for an hour, and verifying it again (decode, JSON, HMAC) cost ~5 % of the main thread under
 * the mixed bench. The signature is a function of the token's text, so the same text verifies the same way;
 * only successes are kept, and the expiry is checked on every use. Revocation is the session's business
 * (auth/middleware.ts looks the session up on every request), not the token's.
 */
const verified = new Map<string, LRUCache<string, AccessClaims & { exp: number }>>()
const VERIFIED_TOKENS = 20_000

function verifiedCache(secret: string): LRUCache<string, AccessClaims & { exp: number }> {
  let cache = verified.get(secret)
  if (!cache) verified.set(secret, (cache = new LRUCache({ max: VERIFIED_TOKENS })))
  return cache
}

/** The claims of a valid, unexpired token of the expected kind, or null. */
export function verifyAccessToken(secret: string, token: string, typ: Principal): AccessClaims | null {
  const cache = verifiedCache(secret)
  let claims: Partial<AccessClaims> & { exp?: number } | undefined = cache.get(token)
  if (!claims) {
    try {
      claims = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] }) as Partial<AccessClaims> & { exp?: number }
    } catch {
      return null
    }
    if (typeof claims.exp === 'number' && typeof claims.sid === 'number' && claims.sub && (claims.typ === 'user' || claims.typ === 'admin')) {
      cache.set(token, claims as AccessClaims & { exp: number })
    }
  } else if (claims.exp! * 1000 <= Date.now()) {
    cache.delete(token)
    return null
  }
  if (claims.typ !== typ || typeof claims.sid !== 'number' || !claims.sub) return null
  return claims as AccessClaims
}

/** A stream ticket lives this long: enough to open the EventSource it was asked for, too short to be worth stealing. */
export const STREAM_TICKET_TTL_SECONDS = 60

export interface StreamTicket {
  /** users.id or admins.id */
  sub: string
  /** The principal's session, checked again when the ticket is used. */
  sid: number
  /** Single use: the stream route redeems it once (http/event-stream.ts redeemTicket). */
  jti: string
}

/** A ticket names the kind of principal it was issued to: a member's ticket never opens the admin stream. */
const TICKET_TYP: Record<Principal, string> = { user: 'stream', admin: 'admin-stream' }

/**
 * A short-lived ticket for GET /api/notifications/stream (a member) or GET /api/admin/stream (an
 * administrator): a browser's EventSource cannot send the Authorization header, and the long-lived access
 * token must not travel in a URL (logs, history).
 */
export function signStreamTicket(secret: string, subjectId: number, sessionId: number, principal: Principal): string {
  return jwt.sign({ sid: sessionId, typ: TICKET_TYP[principal] }, keyOf(secret), { algorithm: ALGORITHM, subject: String(subjectId), jwtid: randomUUID(), expiresIn: STREAM_TICKET_TTL_SECONDS })
}

export function verifyStreamTicket(secret: string, ticket: string, principal: Principal): StreamTicket | null {
  try {
    const claims = jwt.verify(ticket, keyOf(secret), { algorithms: [ALGORITHM] }) as Partial<StreamTicket> & { typ?: string }
    if (claims.typ !== TICKET_TYP[principal] || typeof claims.sid !== 'number' || !claims.sub || !claims.jti) return null
    return { sub: claims.sub, sid: claims.sid, jti: claims.jti }
  } catch {
    return null
  }
}

/**
 * Refresh tokens are opaque: `<session handle>.<generation>.<mac>`. The handle is random (it names the session
 * without revealing or ordering anything); the mac is an HMAC of handle and generation under a key derived from
 * the server secret, so nothing that can mint a token is stored. A token whose mac does not check out was never
 * issued (refused, nothing revoked); one that does, for an earlier generation, was issued and rotated out (a
 * replay: the session is revoked).
 */
export interface RefreshTokenParts {
  handle: string
  generation: number
  mac: string
}

export function newSessionHandle(): string {
  return randomBytes(16).toString('base64url')
}

const macKeys = new Map<string, Buffer>()
function macKey(secret: string): Buffer {
  let key = macKeys.get(secret)
  if (!key) macKeys.set(secret, (key = createHmac('sha256', secret).update('shiliu refresh token v2').digest()))
  return key
}

function macOf(secret: string, typ: Principal, handle: string, generation: number): Buffer {
  return createHmac('sha256', macKey(secret)).update(`${typ}:${handle}:${generation}`).digest()
}

export function refreshToken(secret: string, typ: Principal, handle: string, generation: number): string {
  return `${handle}.${generation}.${macOf(secret, typ, handle, generation).toString('base64url')}`
}

export function parseRefreshToken(token: string): RefreshTokenParts | null {
  const match = /^([A-Za-z0-9_-]{22})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token)
  return match ? { handle: match[1]!, generation: Number(match[2]), mac: match[3]! } : null
}

/** Whether this server issued the token (constant-time comparison of the macs). */
export function refreshTokenIssued(secret: string, typ: Principal, parts: RefreshTokenParts): boolean {
  const expected = macOf(secret, typ, parts.handle, parts.generation)
  const given = Buffer.from(parts.mac, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

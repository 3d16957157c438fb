import { createHash, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto'
import jwt from 'jsonwebtoken'

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

/** The claims of a valid, unexpired token of the expected kind, or null. */
export function verifyAccessToken(secret: string, token: string, typ: Principal): AccessClaims | null {
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] }) as Partial<AccessClaims>
    if (claims.typ !== typ || typeof claims.sid !== 'number' || !claims.sub) return null
    return claims as AccessClaims
  } catch {
    return null
  }
}

/** Refresh tokens are opaque: `<session id>.<random secret>`; only a hash of the secret is stored. */
export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

export function refreshToken(sessionId: number, secret: string): string {
  return `${sessionId}.${secret}`
}

export function parseRefreshToken(token: string): { sessionId: number; secret: string } | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token)
  return match ? { sessionId: Number(match[1]), secret: match[2]! } : null
}

export function secretMatches(storedHash: string, secret: string): boolean {
  const a = Buffer.from(storedHash, 'hex')
  const b = Buffer.from(hashSecret(secret), 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Verified access tokens are remembered until they expire (server/auth/tokens.ts). What was verified once
 * must still stop working when it expires, and a signed-out session's token must stop working at once.
 */
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'

let server: TestServer
let member: Member

beforeAll(async () => {
  server = await startTestServer()
  member = await registerMember(server)
})
afterAll(() => server?.close())

const me = (token: string) => server.call('GET', '/api/auth/me', { token })

describe('access tokens', () => {
  it('a token verified while valid is refused once it expires', async () => {
    const claims = jwt.decode(member.token) as { sub: string; sid: number; typ: string }
    // `exp` has whole seconds: 3 s leaves the two calls below room on a slow machine, whatever the fraction now.
    const exp = Math.floor(Date.now() / 1000) + 3
    const shortLived = jwt.sign({ sid: claims.sid, typ: claims.typ, exp }, server.deps.config.jwtSecret, { algorithm: 'HS256', subject: claims.sub })
    expect((await me(shortLived)).status).toBe(200)
    expect((await me(shortLived)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 100))
    expect((await me(shortLived)).status).toBe(401)
  })

  it('a token with another secret or an altered payload is refused, also after the real one was verified', async () => {
    expect((await me(member.token)).status).toBe(200)
    const [head, payload, signature] = member.token.split('.')
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...altered, sub: String(Number(altered.sub) + 1000) })).toString('base64url')}.${signature}`
    expect((await me(forged)).status).toBe(401)
    const otherSecret = jwt.sign({ sid: altered.sid, typ: altered.typ }, 'not-the-secret', { algorithm: 'HS256', subject: String(altered.sub), expiresIn: 60 })
    expect((await me(otherSecret)).status).toBe(401)
  })

  it('signing out ends the token at once, though it was verified before', async () => {
    const other = await registerMember(server)
    expect((await me(other.token)).status).toBe(200)
    expect((await server.call('POST', '/api/auth/logout', { token: other.token })).status).toBe(200)
    expect((await me(other.token)).status).toBe(401)
  })
})

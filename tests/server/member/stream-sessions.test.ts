/**
 * Streams end with their session (issue 41): every way a session ends closes the member's notification streams
 * opened with it, and only those — logout, ending one session, 退出其他设备, a password change or reset, a
 * deactivation, an administrator deactivating or deleting the session, the account's deletion, a refresh
 * token replayed (its family revoked), the session simply running out — and the administrator's stream ends
 * with the administrator's logout. Across two instances sharing the bus (Redis), a logout handled by one ends
 * the stream held by the other. Opening and closing many streams leaves no entry behind in the registry.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeAllSessions } from '../../../server/auth/sessions'
import { UserSession } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { streamRegistrySize } from '../../../server/http/event-stream'
import { testEngine } from '../../support/engines'
import { openStream, streamTicket, type EventStreamClient, type StreamEvent } from '../../support/event-stream'
import { startMailbox, type Mailbox } from '../../support/mailbox'
import { insertMember, openMemberSession, type Member } from '../../support/members'
import { redisAnswers, redisUrl } from '../../support/redis'
import { sharedEnv, startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { adminToken, createAdmin } from '../admin/support'

/** An upper bound, not a timing: a stream whose session ended closes well within it (the issue asks a second). */
const WITHIN_MS = 5000

/** Whether the server ended the stream before the bound. */
async function endsSoon(client: EventStreamClient, withinMs = WITHIN_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const ended = await Promise.race([client.ended.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)))])
  clearTimeout(timer)
  return ended
}

const isFollow = (e: StreamEvent) => e.event === 'notification' && (JSON.parse(e.data) as { type: number }).type === 6

interface Session {
  token: string
  refresh: string
  handle: string
}

const handleOf = (refresh: string) => refresh.split('.')[0]!

describe('a member stream ends with its session', () => {
  let server: TestServer
  let mailbox: Mailbox
  let admin: string
  const open: EventStreamClient[] = []
  const streamOf = async (s: { token: string }) => {
    const client = await openStream(server, 'member', s.token)
    open.push(client)
    await client.next((e) => e.event === 'counts')
    return client
  }
  /** A member with two sessions: `first` (the member's own) and `second` (another device). */
  async function twoDevices(): Promise<{ member: Member; first: Session; second: Session }> {
    const member = await insertMember(server)
    const second = await openMemberSession(server, member.id)
    return { member, first: { ...member, handle: handleOf(member.refresh) }, second: { ...second, handle: handleOf(second.refresh) } }
  }
  const sessionIdOf = async (handle: string) => (await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM sessions WHERE handle = ?', [handle]))[0]!.id

  beforeAll(async () => {
    mailbox = await startMailbox()
    server = await startTestServer({ SHILIU_STREAM_HEARTBEAT_SECONDS: '0.3', SMTP_URL: mailbox.url, MAIL_FROM: '石榴 <no-reply@shiliu.test>' })
    await createAdmin(server)
    admin = await adminToken(server)
  })
  afterAll(async () => {
    for (const c of open) c.close()
    await server?.close()
    await mailbox?.close()
  })

  it('logout ends the streams of that session; the member’s other session keeps streaming', async () => {
    const { member, first, second } = await twoDevices()
    const mine = await streamOf(first)
    const other = await streamOf(second)
    expect((await server.call('POST', '/api/auth/logout', { token: first.token, json: {} })).status).toBe(200)
    expect(await endsSoon(mine)).toBe(true)
    // The other device's stream is still live: a new follower reaches it.
    const fan = await insertMember(server)
    expect((await server.call('POST', `/api/users/${member.user_id}/follow`, { token: fan.token })).status).toBe(200)
    await other.next(isFollow)
  })

  it('logout with only the refresh token (the access token expired) ends the streams too', async () => {
    const { first } = await twoDevices()
    const mine = await streamOf(first)
    expect((await server.call('POST', '/api/auth/logout', { json: { refresh_token: first.refresh } })).status).toBe(200)
    expect(await endsSoon(mine)).toBe(true)
  })

  it('ending one session from another device ends that session’s streams', async () => {
    const { first, second } = await twoDevices()
    const theirs = await streamOf(second)
    expect((await server.call('DELETE', `/api/auth/sessions/${second.handle}`, { token: first.token })).status).toBe(200)
    expect(await endsSoon(theirs)).toBe(true)
  })

  it('退出其他设备 ends the other sessions’ streams and spares the caller’s', async () => {
    const { member, first, second } = await twoDevices()
    const mine = await streamOf(first)
    const theirs = await streamOf(second)
    expect((await server.call('DELETE', '/api/auth/sessions?others=1', { token: first.token })).status).toBe(200)
    expect(await endsSoon(theirs)).toBe(true)
    const fan = await insertMember(server)
    await server.call('POST', `/api/users/${member.user_id}/follow`, { token: fan.token })
    await mine.next(isFollow)
  })

  it('a password change ends the other sessions’ streams', async () => {
    const { member, first, second } = await twoDevices()
    const theirs = await streamOf(second)
    const changed = await server.call('PUT', `/api/users/${member.user_id}/password`, { token: first.token, json: { currentPassword: 'secret123', newPassword: 'changed456' } })
    expect(changed.status).toBe(200)
    expect(await endsSoon(theirs)).toBe(true)
  })

  it('a password reset by email ends every stream of the member', async () => {
    const { first, second } = await twoDevices()
    const email = `reset${Date.now().toString(36)}@example.edu`
    expect((await server.call('POST', '/api/auth/send-email-code', { json: { email } })).status).toBe(200)
    const bind = await server.call('POST', '/api/auth/bind-email', { token: first.token, json: { email, emailCode: (await mailbox.next(email)).code } })
    expect(bind.status).toBe(200)
    const streams = [await streamOf(first), await streamOf(second)]
    expect((await server.call('POST', '/api/auth/send-reset-code', { json: { email } })).status).toBe(200)
    const reset = await server.call('POST', '/api/auth/reset-password', { json: { email, emailCode: (await mailbox.next(email)).code, newPassword: 'reset7890' } })
    expect(reset.status).toBe(200)
    for (const s of streams) expect(await endsSoon(s)).toBe(true)
  })

  it('an administrator deactivating the member ends every stream of the member', async () => {
    const { member, first, second } = await twoDevices()
    const streams = [await streamOf(first), await streamOf(second)]
    expect((await server.call('PUT', `/api/admin/users/${member.id}`, { token: admin, json: { is_active: false } })).status).toBe(200)
    for (const s of streams) expect(await endsSoon(s)).toBe(true)
  })

  it('an administrator deactivating one session, or deleting one, ends that session’s streams only', async () => {
    const { member, first, second } = await twoDevices()
    const [mine, theirs] = [await streamOf(first), await streamOf(second)]
    expect((await server.call('PUT', `/api/admin/sessions/${await sessionIdOf(second.handle)}`, { token: admin, json: { is_active: false } })).status).toBe(200)
    expect(await endsSoon(theirs)).toBe(true)
    const third = await openMemberSession(server, member.id)
    const thirds = await streamOf(third)
    expect((await server.call('DELETE', `/api/admin/sessions/${await sessionIdOf(handleOf(third.refresh))}`, { token: admin })).status).toBe(200)
    expect(await endsSoon(thirds)).toBe(true)
    const fan = await insertMember(server)
    await server.call('POST', `/api/users/${member.user_id}/follow`, { token: fan.token })
    await mine.next(isFollow)
  })

  it('deleting the account ends its streams', async () => {
    const { member, first } = await twoDevices()
    const mine = await streamOf(first)
    expect((await server.call('DELETE', `/api/admin/users/${member.id}`, { token: admin })).status).toBe(200)
    expect(await endsSoon(mine)).toBe(true)
  })

  it('a replayed refresh token revokes its session, and its streams end', async () => {
    const { second } = await twoDevices()
    const theirs = await streamOf(second)
    expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: second.refresh } })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: second.refresh } })).status).toBe(401)
    expect(await endsSoon(theirs)).toBe(true)
  })

  it('a session that runs out by itself ends its streams (at the next heartbeat)', async () => {
    const { first, second } = await twoDevices()
    // Written without any announcement, as time would: nothing but the session's own end can close the stream.
    await inTransaction(server.deps.db, (m) => m.getRepository(UserSession).update({ handle: first.handle }, { expires_at: new Date(Date.now() + 3000) }), { changesCards: false })
    const mine = await streamOf(first)
    const other = await streamOf(second)
    // Its end (3 s away) plus a heartbeat (0.3 s), with room for a loaded machine.
    expect(await endsSoon(mine, 15_000)).toBe(true)
    expect(other.comments.length).toBeGreaterThan(0)
    expect(await Promise.race([other.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 500))])).toBe('open')
  })

  it('the administrator’s stream ends with the administrator’s logout', async () => {
    const token = await adminToken(server)
    const stream = await openStream(server, 'admin', token)
    open.push(stream)
    await stream.next((e) => e.event === 'queue')
    expect((await server.call('POST', '/api/auth/admin/logout', { token })).status).toBe(200)
    expect(await endsSoon(stream)).toBe(true)
  })

  it('opening and closing many streams, by the client or by a session’s end, leaves nothing in the registry', async () => {
    const before = streamRegistrySize(server.deps)
    const clients: EventStreamClient[] = []
    const members = [] as Member[]
    for (let i = 0; i < 8; i++) members.push(await insertMember(server))
    for (const m of members) for (let j = 0; j < 3; j++) clients.push(await streamOf(m))
    expect(streamRegistrySize(server.deps).streams).toBe(before.streams + 24)
    for (const c of clients.slice(0, 12)) c.close()
    for (const m of members.slice(4)) await closeAllSessions(server.deps.db, 'user', m.id)
    await expect.poll(() => streamRegistrySize(server.deps), { timeout: WITHIN_MS }).toEqual(before)
  })
  it('a stream the server ends takes its connection with it (nothing is kept alive for it)', async () => {
    const { first } = await twoDevices()
    const url = `${server.url}/api/notifications/stream?ticket=${encodeURIComponent(await streamTicket(server, 'member', first.token))}`
    // A client that would keep the connection for another request, as browsers and undici do.
    const agent = new http.Agent({ keepAlive: true })
    try {
      const { socketClosed } = await new Promise<{ socketClosed: Promise<boolean> }>((resolve, reject) => {
        http
          .get(url, { agent }, (res) => {
            expect(res.statusCode).toBe(200)
            const closed = new Promise<boolean>((done) => {
              const timer = setTimeout(() => done(false), WITHIN_MS)
              res.socket.once('close', () => (clearTimeout(timer), done(true)))
            })
            res.once('data', () => resolve({ socketClosed: closed }))
            res.resume()
          })
          .on('error', reject)
      })
      expect((await server.call('POST', '/api/auth/logout', { token: first.token, json: {} })).status).toBe(200)
      expect(await socketClosed).toBe(true)
    } finally {
      agent.destroy()
    }
  })
})

describe.runIf(testEngine() !== 'sqlite')('a stream ends with its session across instances (Redis)', () => {
  it('a logout handled by instance A ends the stream held by instance B', async (ctx) => {
    if (!(await redisAnswers())) {
      console.warn(`SKIPPED: Redis does not answer at ${redisUrl}`)
      ctx.skip()
    }
    const secret = 'stream-sessions-secret-of-at-least-32-chars'
    const a = await startTestServer({ REDIS_URL: redisUrl, JWT_SECRET: secret })
    const b = await startTestServer({ ...sharedEnv(a), REDIS_URL: redisUrl, JWT_SECRET: secret })
    try {
      const member = await insertMember(a)
      const other = await openMemberSession(a, member.id)
      const onB = await openStream(b, 'member', member.token)
      const otherOnB = await openStream(b, 'member', other.token)
      await onB.next((e) => e.event === 'counts')
      expect((await a.call('POST', '/api/auth/logout', { token: member.token, json: {} })).status).toBe(200)
      expect(await endsSoon(onB)).toBe(true)
      // A password change made through A (from a third session) ends the other device's stream on B.
      expect((await a.call('PUT', `/api/users/${member.user_id}/password`, { token: (await openMemberSession(a, member.id)).token, json: { currentPassword: 'secret123', newPassword: 'changed456' } })).status).toBe(200)
      expect(await endsSoon(otherOnB)).toBe(true)
    } finally {
      await b.close()
      await a.close()
    }
  })
})

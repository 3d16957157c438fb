/**
 * The notification stream (GET /api/notifications/stream, Server-Sent Events): tickets, live events for each
 * kind of notification the moment it is committed, resume with Last-Event-ID, caps, heartbeats, shutdown,
 * and (on PostgreSQL / MariaDB with Redis) a like handled by one instance reaching a stream on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngine } from '../../support/engines'
import { openEventStream, openStream, streamTicket, type EventStreamClient, type StreamEvent } from '../../support/event-stream'
import { registerMember, type Member } from '../../support/members'
import { redisAnswers, redisUrl } from '../../support/redis'
import { sharedEnv, startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'
import { createCategory, createNote, uploadImage } from './support/notes'

interface NotificationEvent {
  id: number
  type: number
  from_user_id: string
}

const isNotification = (type: number) => (e: StreamEvent) => e.event === 'notification' && (JSON.parse(e.data) as NotificationEvent).type === type

const ticketFor = (server: TestServer, member: Member) => streamTicket(server, 'member', member.token)
const streamOf = (server: TestServer, member: Member, extra = '') => openStream(server, 'member', member.token, extra)

describe('the notification stream', () => {
  let server: TestServer
  let alice: Member
  let bob: Member
  let noteId: number
  const open: EventStreamClient[] = []
  const track = (c: EventStreamClient) => (open.push(c), c)

  beforeAll(async () => {
    server = await startTestServer({ SHILIU_STREAM_HEARTBEAT_SECONDS: '0.3' })
    alice = await registerMember(server)
    bob = await registerMember(server)
    const category_id = await createCategory(server, '生活', 'lifestream')
    noteId = await createNote(server, alice.token, { title: '晚饭吃什么', images: [(await uploadImage(server, alice.token)).url], category_id })
  })
  afterAll(async () => {
    for (const c of open) c.close()
    await server?.close()
  })

  it('needs a member: no credentials, a bad ticket, a reused ticket or an access token of the wrong kind are 401', async () => {
    expect((await server.call('POST', '/api/notifications/stream-ticket')).status).toBe(401)
    const none = await server.call('GET', '/api/notifications/stream')
    expect(none.status).toBe(401)
    const forged = await server.call('GET', '/api/notifications/stream?ticket=abc.def.ghi')
    expect([forged.status, forged.body.message]).toEqual([401, '连接凭证无效或已过期，请重新连接'])
    const ticket = await ticketFor(server, alice)
    const first = track(await openEventStream(`${server.url}/api/notifications/stream?ticket=${ticket}`))
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(first.headers.get('cache-control')).toMatch(/no-cache/)
    const again = await server.call('GET', `/api/notifications/stream?ticket=${ticket}`)
    expect(again.status).toBe(401)
    // A ticket is not an access token, and an access token in the URL is not a ticket.
    expect((await server.call('GET', '/api/auth/me', { token: ticket })).status).toBe(401)
    expect((await server.call('GET', `/api/notifications/stream?ticket=${alice.token}`)).status).toBe(401)
    first.close()
  })

  it('also accepts the access token in the Authorization header, and starts with the unread counts', async () => {
    const client = track(await openEventStream(`${server.url}/api/notifications/stream`, { Authorization: `Bearer ${alice.token}` }))
    expect(client.status).toBe(200)
    const counts = await client.next((e) => e.event === 'counts')
    expect(JSON.parse(counts.data)).toMatchObject({ total: 0 })
    client.close()
  })

  it('delivers a like, a comment and a follow the moment they are committed, each with its id, then the counts', async () => {
    const client = track(await streamOf(server, alice))
    await client.next((e) => e.event === 'counts')
    expect((await server.call('POST', '/api/likes', { token: bob.token, json: { target_type: 1, target_id: noteId } })).status).toBe(200)
    const like = await client.next(isNotification(1))
    expect(Number(like.id)).toBe((JSON.parse(like.data) as NotificationEvent).id)
    expect(JSON.parse(like.data)).toMatchObject({ type: 1, from_user_id: bob.user_id })
    const counts = await client.next((e) => e.event === 'counts')
    expect(counts.id).toBe(like.id)
    expect(JSON.parse(counts.data)).toMatchObject({ total: 1, likes: 1 })
    await server.call('POST', '/api/comments', { token: bob.token, json: { post_id: noteId, content: '火锅！' } })
    await client.next(isNotification(4))
    await server.call('POST', `/api/users/${alice.user_id}/follow`, { token: bob.token })
    await client.next(isNotification(6))
    expect(JSON.parse((await client.next((e) => e.event === 'counts')).data)).toMatchObject({ total: 3 })
    client.close()
  })

  it('replays what a reconnecting client missed, from Last-Event-ID or ?lastEventId', async () => {
    const client = track(await streamOf(server, bob))
    const start = await client.next((e) => e.event === 'counts')
    client.close()
    await server.call('POST', '/api/likes', { token: alice.token, json: { target_type: 1, target_id: noteId } }) // own note: no notification
    await server.call('POST', `/api/users/${bob.user_id}/follow`, { token: alice.token })
    const viaHeader = track(await openEventStream(`${server.url}/api/notifications/stream?ticket=${await ticketFor(server, bob)}`, { 'Last-Event-ID': start.id! }))
    const missed = await viaHeader.next((e) => e.event === 'notification')
    expect(JSON.parse(missed.data)).toMatchObject({ type: 6, from_user_id: alice.user_id })
    viaHeader.close()
    const viaQuery = track(await streamOf(server, bob, `&lastEventId=${start.id}`))
    expect(JSON.parse((await viaQuery.next((e) => e.event === 'notification')).data)).toMatchObject({ type: 6 })
    viaQuery.close()
  })

  it('keeps idle streams alive with heartbeats', async () => {
    const client = track(await streamOf(server, bob))
    await client.next((e) => e.event === 'counts')
    await expect.poll(() => client.comments.includes('heartbeat'), { timeout: 5000 }).toBe(true)
    client.close()
  })

  it('allows five streams per member; a sixth is 429', async () => {
    const carol = await registerMember(server)
    const five = [] as EventStreamClient[]
    for (let i = 0; i < 5; i++) five.push(track(await streamOf(server, carol)))
    const sixth = await server.call('GET', `/api/notifications/stream?ticket=${await ticketFor(server, carol)}`)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toBeTruthy()
    five[0]!.close()
    await expect.poll(async () => {
      const c = await openEventStream(`${server.url}/api/notifications/stream?ticket=${await ticketFor(server, carol)}`)
      c.close()
      return c.status
    }).toBe(200)
    for (const c of five) c.close()
  })

  it('refuses a deactivated account', async () => {
    const dave = await registerMember(server)
    const ticket = await ticketFor(server, dave)
    await dbRun(server.deps.db, 'UPDATE users SET is_active = FALSE WHERE id = ?', [dave.id])
    expect((await server.call('GET', `/api/notifications/stream?ticket=${ticket}`)).status).toBe(403)
  })
})

describe('notification stream limits and shutdown', () => {
  it('answers 503 beyond the instance cap, and a stop ends every open stream at once', async () => {
    const server = await startTestServer({ STREAM_MAX_CONNECTIONS: '2' })
    const erin = await registerMember(server)
    const a = await streamOf(server, erin)
    const b = await streamOf(server, erin)
    const third = await server.call('GET', '/api/notifications/stream', { token: erin.token })
    expect(third.status).toBe(503)
    expect(third.headers.get('retry-after')).toBe('30')
    const started = Date.now()
    await server.close()
    await Promise.all([a.ended, b.ended])
    // The stop ends the streams first instead of waiting out its 10-second grace period for them (which
    // would then cut them): it finishes well inside that period.
    expect(Date.now() - started).toBeLessThan(9_500)
  })
})

describe.runIf(testEngine() !== 'sqlite')('the stream across two instances through Redis', () => {
  it('a like handled by instance A reaches a member streaming from instance B', async (ctx) => {
    if (!(await redisAnswers())) {
      console.warn(`SKIPPED: Redis does not answer at ${redisUrl}`)
      ctx.skip()
    }
    const a = await startTestServer({ REDIS_URL: redisUrl, JWT_SECRET: 'stream-test-secret-of-at-least-32-chars' })
    const b = await startTestServer({ ...sharedEnv(a), REDIS_URL: redisUrl, JWT_SECRET: 'stream-test-secret-of-at-least-32-chars' })
    try {
      const author = await registerMember(a)
      const fan = await registerMember(a)
      const category_id = await createCategory(a, '运动', 'sportstream')
      const note = await createNote(a, author.token, { title: '夜跑', images: [(await uploadImage(a, author.token)).url], category_id })
      const client = await streamOf(b, author)
      await client.next((e) => e.event === 'counts')
      expect((await a.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: note } })).status).toBe(200)
      expect(JSON.parse((await client.next(isNotification(1))).data)).toMatchObject({ from_user_id: fan.user_id })
      client.close()
    } finally {
      await b.close()
      await a.close()
    }
  })
})

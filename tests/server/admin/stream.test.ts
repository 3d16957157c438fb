/**
 * The administrators' stream (GET /api/admin/stream, Server-Sent Events, issue 21 part 1): tickets (expired,
 * reused, a member's), a `report_group` event and the open-queue count the moment a report is filed, the count
 * going down when a group is handled, resume with Last-Event-ID, the per-admin cap, the instance cap shared
 * with the members' notification streams, and shutdown.
 */
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream, openStream, streamTicket, type EventStreamClient, type StreamEvent } from '../../support/event-stream'
import { insertMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'
import { createCategory, createNote, uploadImage } from '../member/support/notes'
import { adminToken, createAdmin } from './support'

interface GroupEvent {
  id: number
  target_type: string
  target_id: number
  report_count: number
  open: boolean
}

const isQueue = (e: StreamEvent) => e.event === 'queue'
const openReports = (e: StreamEvent) => (JSON.parse(e.data) as { open_reports: number }).open_reports

const ticketFor = (server: TestServer, token: string) => streamTicket(server, 'admin', token)
const adminStream = (server: TestServer, token: string, extra = '') => openStream(server, 'admin', token, extra)

describe('the admin stream', () => {
  let server: TestServer
  let admin: string
  let author: Member
  let reporter: Member
  let notes: number[]
  const open: EventStreamClient[] = []
  const track = (c: EventStreamClient) => (open.push(c), c)
  const report = async (noteId: number, who = reporter) => {
    const { status, body } = await server.call('POST', '/api/reports', { token: who.token, json: { target_type: 'post', target_id: noteId, reason: '垃圾广告' } })
    expect([status, body.message]).toEqual([200, expect.any(String)])
  }

  beforeAll(async () => {
    server = await startTestServer({ SHILIU_STREAM_HEARTBEAT_SECONDS: '0.3' })
    await createAdmin(server)
    admin = await adminToken(server)
    ;[author, reporter] = [await insertMember(server), await insertMember(server)]
    const category_id = await createCategory(server, '校园', 'campusstream')
    const image = (await uploadImage(server, author.token)).url
    notes = []
    for (const title of ['广告一', '广告二', '广告三', '广告四']) notes.push(await createNote(server, author.token, { title, images: [image], category_id }))
  })
  afterAll(async () => {
    for (const c of open) c.close()
    await server?.close()
  })

  it('needs an administrator: no credentials, a forged, reused or expired ticket, or a member ticket or token are 401', async () => {
    expect((await server.call('POST', '/api/admin/stream-ticket')).status).toBe(401)
    expect((await server.call('POST', '/api/admin/stream-ticket', { token: author.token })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/stream')).status).toBe(401)
    const forged = await server.call('GET', '/api/admin/stream?ticket=abc.def.ghi')
    expect([forged.status, forged.body.message]).toEqual([401, '连接凭证无效或已过期，请重新连接'])

    const ticket = await ticketFor(server, admin)
    const first = track(await openEventStream(`${server.url}/api/admin/stream?ticket=${ticket}`))
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(first.headers.get('x-accel-buffering')).toBe('no')
    expect((await server.call('GET', `/api/admin/stream?ticket=${ticket}`)).status).toBe(401)
    first.close()

    // Expired: the same claims signed with the server's secret, an hour in the past.
    const claims = jwt.decode(await ticketFor(server, admin)) as { sid: number; typ: string; sub: string; jti: string }
    const past = Math.floor(Date.now() / 1000) - 3600
    const expired = jwt.sign({ sid: claims.sid, typ: claims.typ, iat: past - 60, exp: past }, server.deps.config.jwtSecret, { algorithm: 'HS256', subject: claims.sub, jwtid: `${claims.jti}x` })
    expect((await server.call('GET', `/api/admin/stream?ticket=${expired}`)).status).toBe(401)

    // A member's stream ticket is not an admin ticket (nor the other way round), and a member token is not an admin token.
    const memberTicket = await streamTicket(server, 'member', author.token)
    expect((await server.call('GET', `/api/admin/stream?ticket=${memberTicket}`)).status).toBe(401)
    expect((await server.call('GET', `/api/notifications/stream?ticket=${await ticketFor(server, admin)}`)).status).toBe(401)
    expect((await server.call('GET', '/api/admin/stream', { token: author.token })).status).toBe(401)
    expect((await server.call('GET', `/api/admin/stream?ticket=${admin}`)).status).toBe(401)
  })

  it('starts with the open-queue count, then sends each new report group and the new count the moment a report is filed', async () => {
    const client = track(await openEventStream(`${server.url}/api/admin/stream`, { Authorization: `Bearer ${admin}` }))
    expect(client.status).toBe(200)
    const before = openReports(await client.next(isQueue))
    await report(notes[0]!)
    const group = await client.next((e) => e.event === 'report_group')
    const data = JSON.parse(group.data) as GroupEvent
    expect(data).toMatchObject({ target_type: 'post', target_id: notes[0], report_count: 1, open: true })
    expect(Number(group.id)).toBe(data.id)
    const queue = await client.next(isQueue)
    expect(queue.id).toBe(group.id)
    expect(openReports(queue)).toBe(before + 1)

    // A second reporter on the same target joins the open group: no new group, the count is sent again.
    await report(notes[0]!, await insertMember(server))
    expect(openReports(await client.next(isQueue))).toBe(before + 1)

    // Handling the group takes it out of the queue: the badge goes down at once.
    const handled = await server.call('POST', `/api/admin/reports/${data.id}/dismiss`, { token: admin, json: { reason: '不违规' } })
    expect(handled.status).toBe(200)
    expect(openReports(await client.next(isQueue))).toBe(before)
    client.close()
  })

  it('replays the groups a reconnecting client missed, from Last-Event-ID or ?lastEventId', async () => {
    const client = track(await adminStream(server, admin))
    const start = await client.next(isQueue)
    client.close()
    await report(notes[1]!)
    await report(notes[2]!)
    const viaHeader = track(await openEventStream(`${server.url}/api/admin/stream?ticket=${await ticketFor(server, admin)}`, { 'Last-Event-ID': start.id! }))
    const first = JSON.parse((await viaHeader.next((e) => e.event === 'report_group')).data) as GroupEvent
    const second = JSON.parse((await viaHeader.next((e) => e.event === 'report_group')).data) as GroupEvent
    expect([first.target_id, second.target_id]).toEqual([notes[1], notes[2]])
    expect(openReports(await viaHeader.next(isQueue))).toBe(openReports(start) + 2)
    viaHeader.close()
    const viaQuery = track(await adminStream(server, admin, `&lastEventId=${first.id}`))
    expect((JSON.parse((await viaQuery.next((e) => e.event === 'report_group')).data) as GroupEvent).target_id).toBe(notes[2])
    viaQuery.close()
  })

  it('keeps idle streams alive with heartbeats', async () => {
    const client = track(await adminStream(server, admin))
    await client.next(isQueue)
    await expect.poll(() => client.comments.includes('heartbeat'), { timeout: 5000 }).toBe(true)
    client.close()
  })

  it('allows five streams per administrator; a sixth is 429', async () => {
    const five: EventStreamClient[] = []
    for (let i = 0; i < 5; i++) five.push(track(await adminStream(server, admin)))
    const sixth = await server.call('GET', `/api/admin/stream?ticket=${await ticketFor(server, admin)}`)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toBeTruthy()
    for (const c of five) c.close()
  })

  it('refuses a deactivated administrator', async () => {
    await createAdmin(server, 'second', 'second-pass-123')
    const token = await adminToken(server, 'second', 'second-pass-123')
    const ticket = await ticketFor(server, token)
    await dbRun(server.deps.db, "UPDATE admins SET is_active = FALSE WHERE username = 'second'")
    expect((await server.call('GET', `/api/admin/stream?ticket=${ticket}`)).status).toBe(403)
  })
})

describe('admin stream limits and shutdown', () => {
  it('shares the instance cap with the members’ streams (503 beyond it), and a stop ends every stream at once', async () => {
    const server = await startTestServer({ STREAM_MAX_CONNECTIONS: '2' })
    await createAdmin(server)
    const admin = await adminToken(server)
    const member = await insertMember(server)
    const a = await adminStream(server, admin)
    const memberTicket = await streamTicket(server, 'member', member.token)
    const b = await openEventStream(`${server.url}/api/notifications/stream?ticket=${memberTicket}`)
    expect(b.status).toBe(200)
    const third = await server.call('GET', '/api/admin/stream', { token: admin })
    expect([third.status, third.headers.get('retry-after')]).toEqual([503, '30'])
    expect((await server.call('GET', '/api/notifications/stream', { token: member.token })).status).toBe(503)
    const started = Date.now()
    await server.close()
    await Promise.all([a.ended, b.ended])
    expect(Date.now() - started).toBeLessThan(9_500)
  })
})

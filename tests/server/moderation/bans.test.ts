import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banMessage } from '../../../server/contract/moderation'
import { dateParam, kindOf, query } from '../../../server/db/sql'
import { inTransaction } from '../../../server/db/transaction'
import { execute } from '../../../server/db/sql'
import { insertMember, type Member } from '../../support/members'
import { mutatingMemberRoutes } from '../../support/routes'
import { startTestServer, type TestServer } from '../../support/server'
import { tableCounts } from '../../support/tables'
import { adminToken, createAdmin } from '../admin/support'
import { auditEntries, ban, systemNotices } from './support'

/*
 * Bans (issue 18 parts 4 and 7). The refusal is checked on every state-changing member route of the live
 * router: a new route is covered without editing this file, and one that should stay open during a ban
 * must be named in OPEN_DURING_BAN (account upkeep and the member's inbox) or in OPEN (no member needed).
 */

/** Routes that need no member token at all. */
const OPEN = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  // Campus sign-in (issue 39): the one-time code of a finished flow is exchanged without a token, like a login.
  'POST /api/auth/oidc/exchange',
  // Email codes and the password reset (issue 20): a banned member may reset a password like anyone (the ban stays).
  'POST /api/auth/send-email-code',
  'POST /api/auth/send-reset-code',
  'POST /api/auth/verify-reset-code',
  'POST /api/auth/reset-password',
])
/** Writes a banned member keeps: their own account's upkeep, their notifications and blocking. */
const OPEN_DURING_BAN = new Set([
  'DELETE /api/auth/sessions',
  'DELETE /api/auth/sessions/:handle',
  'PUT /api/users/:id/password',
  'DELETE /api/users/:id',
  // The account's email is upkeep too: it is how a locked-out member gets back in, and nobody else sees it.
  'POST /api/auth/bind-email',
  'DELETE /api/auth/unbind-email',
  'PUT /api/notifications/read-all',
  'PUT /api/notifications/:id/read',
  'DELETE /api/notifications/:id',
  'POST /api/notifications/stream-ticket',
  // A copy of their own data (PIPL art. 45): a ban does not take that right away.
  'POST /api/users/data-export',
  // Blocking protects the member; a ban must not leave them exposed to harassment.
  'POST /api/users/:id/block',
  'DELETE /api/users/:id/block',
])

let server: TestServer
let admin: string
let target: Member

const IGNORED = ['rate_limits', 'sessions']

beforeAll(async () => {
  server = await startTestServer()
  await createAdmin(server)
  admin = await adminToken(server)
  target = await insertMember(server)
})
afterAll(() => server?.close())

const me = async (m: Member) => (await server.call<{ ban: { until: string | null; reason: string } | null }>('GET', '/api/auth/me', { token: m.token })).body.data.ban

describe('a banned member', () => {
  let banned: Member
  let until: Date
  beforeAll(async () => {
    banned = await insertMember(server)
    // Bans keep whole seconds (MySQL's DATETIME has no fraction).
    until = new Date(Math.floor(Date.now() / 1000) * 1000 + 24 * 60 * 60 * 1000)
    await ban(server, admin, banned.id, { reason: '发布广告', end_time: until.toISOString() })
  })

  it('is told the ban on /auth/me (end and reason) and can still read', async () => {
    expect(await me(banned)).toEqual({ until: until.toISOString(), reason: '发布广告' })
    expect((await server.call('GET', '/api/posts', { token: banned.token })).status).toBe(200)
    expect((await server.call('GET', '/api/notifications', { token: banned.token })).status).toBe(200)
    expect(await me(target)).toBeNull()
  })

  it('was told by a system notification', async () => {
    const [notice] = await systemNotices(server, banned.id)
    expect(notice!.title).toBe('账号已被限制')
    expect(notice!.content).toContain('发布广告')
  })

  it('is refused every write of the member API with 403 「账号已被限制至 …：…」, changing nothing', async () => {
    const routes = mutatingMemberRoutes(server.deps)
    expect(routes.length).toBeGreaterThan(25)
    const message = banMessage({ until: until.toISOString(), reason: '发布广告' })
    expect(message).toMatch(/^账号已被限制至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}：发布广告$/)
    const before = await tableCounts(server.deps.db, IGNORED)
    const refused: string[] = []
    for (const route of routes) {
      if (OPEN.has(route) || OPEN_DURING_BAN.has(route)) continue
      const [method, pattern] = route.split(' ') as [string, string]
      const { status, body } = await server.call(method, pattern.replace(/:[A-Za-z_]+/g, '1'), { token: banned.token, json: {} })
      expect({ route, status, message: body.message }).toEqual({ route, status: 403, message })
      refused.push(route)
    }
    for (const route of ['POST /api/posts', 'PUT /api/posts/:id', 'POST /api/comments', 'POST /api/likes', 'POST /api/posts/:id/collect', 'POST /api/users/:id/follow', 'POST /api/upload/single', 'PUT /api/users/:id', 'POST /api/reports']) {
      expect(refused).toContain(route)
    }
    expect(await tableCounts(server.deps.db, IGNORED)).toEqual(before)
  })

  it('keeps the account upkeep and inbox routes (named, and served by the router)', async () => {
    const routes = mutatingMemberRoutes(server.deps)
    expect([...OPEN_DURING_BAN].filter((r) => !routes.includes(r))).toEqual([])
    for (const route of OPEN_DURING_BAN) {
      const [method, pattern] = route.split(' ') as [string, string]
      const { body } = await server.call(method, pattern.replace(/:[A-Za-z_]+/g, '1'), { token: banned.token, json: {} })
      expect(body.message, route).not.toMatch(/^账号已被/)
    }
    expect((await server.call('PUT', '/api/notifications/read-all', { token: banned.token })).status).toBe(200)
  })

})

describe('a ban ends by itself', () => {
  it('when its end time has passed, without any job', async () => {
    const m = await insertMember(server)
    await ban(server, admin, m.id, { reason: '刷屏', end_time: new Date(Date.now() + 60_000).toISOString() })
    expect((await server.call('POST', `/api/users/${target.user_id}/follow`, { token: m.token })).status).toBe(403)
    // The standing ban's end moves into the past (as if its time had come).
    await inTransaction(server.deps.db, (tx) => execute(tx, 'UPDATE user_bans SET ends_at = ? WHERE open_user_id = ?', [dateParam(kindOf(tx), new Date(Date.now() - 1000)), m.id]))
    expect(await me(m)).toBeNull()
    expect((await server.call('POST', `/api/users/${target.user_id}/follow`, { token: m.token })).status).toBe(200)
    const list = await server.call<{ data: Array<{ id: number }> }>('GET', '/api/admin/users?ban_status=1&limit=100', { token: admin })
    expect(list.body.data.data.map((u) => u.id)).not.toContain(m.id)
  })

  it('after a short real wait too', async () => {
    const m = await insertMember(server)
    await ban(server, admin, m.id, { reason: '短暂限制', end_time: new Date(Date.now() + 1500).toISOString() })
    expect((await server.call('POST', `/api/users/${target.user_id}/follow`, { token: m.token })).status).toBe(403)
    await new Promise((r) => setTimeout(r, 1700))
    expect((await server.call('POST', `/api/users/${target.user_id}/follow`, { token: m.token })).status).toBe(200)
  })
})

describe('POST /api/admin/users/{id}/ban and /unban (XiaoShiLiu v1.3)', () => {
  it('401 without an admin token, also with a member token', async () => {
    expect((await server.call('POST', `/api/admin/users/${target.id}/ban`, { json: { reason: 'x' } })).status).toBe(401)
    expect((await server.call('POST', `/api/admin/users/${target.id}/ban`, { token: target.token, json: { reason: 'x' } })).status).toBe(401)
    expect((await server.call('POST', `/api/admin/users/${target.id}/unban`, { token: target.token })).status).toBe(401)
  })

  it.each([
    ['no reason', {}, '请填写处理理由'],
    ['a blank reason', { reason: '  ' }, '请填写处理理由'],
    ['a reason of 201 characters', { reason: 'x'.repeat(201) }, '理由不能超过200个字'],
    ['an end time that is no time', { reason: '广告', end_time: 'tomorrow' }, '结束时间格式不正确'],
    ['an end time of the wrong type', { reason: '广告', end_time: { at: 1 } }, '结束时间格式不正确'],
    ['an end time in the past', { reason: '广告', end_time: '2020-01-01 00:00:00' }, '结束时间必须晚于当前时间'],
  ])('400 for %s', async (_what, json, message) => {
    const before = await tableCounts(server.deps.db, IGNORED)
    const { status, body } = await server.call('POST', `/api/admin/users/${target.id}/ban`, { token: admin, json })
    expect({ status, message: body.message }).toEqual({ status: 400, message })
    expect(await tableCounts(server.deps.db, IGNORED)).toEqual(before)
  })

  it('404 for a user that does not exist, 400 for an id that is none', async () => {
    expect((await server.call('POST', '/api/admin/users/999999/ban', { token: admin, json: { reason: '广告' } })).body).toMatchObject({ code: 404, message: '用户不存在' })
    expect((await server.call('POST', '/api/admin/users/abc/ban', { token: admin, json: { reason: '广告' } })).status).toBe(400)
    expect((await server.call('POST', '/api/admin/users/999999/unban', { token: admin, json: {} })).status).toBe(404)
  })

  it('bans permanently without end_time, lists it under ban_status=1, and unbans (audited)', async () => {
    const m = await insertMember(server)
    const { status, body } = await server.call<{ id: number; ban: { until: string | null; reason: string } | null }>('POST', `/api/admin/users/${m.id}/ban`, { token: admin, json: { reason: '严重违规' } })
    expect(status).toBe(200)
    expect(body.message).toBe('已限制该用户')
    expect(body.data.ban).toEqual({ until: null, reason: '严重违规' })
    const refused = await server.call('POST', '/api/likes', { token: m.token, json: { target_type: 1, target_id: 1 } })
    expect(refused.body).toMatchObject({ code: 403, message: '账号已被永久限制：严重违规' })

    const banned = await server.call<{ data: Array<{ id: number; ban: unknown }> }>('GET', '/api/admin/users?ban_status=1&limit=100', { token: admin })
    expect(banned.body.data.data.map((u) => u.id)).toContain(m.id)
    expect(banned.body.data.data.map((u) => u.id)).not.toContain(target.id)
    const free = await server.call<{ data: Array<{ id: number; ban: unknown }> }>('GET', '/api/admin/users?ban_status=0&limit=100', { token: admin })
    expect(free.body.data.data.map((u) => u.id)).toContain(target.id)
    expect(free.body.data.data.map((u) => u.id)).not.toContain(m.id)
    expect((await server.call('GET', '/api/admin/users?ban_status=maybe', { token: admin })).status).toBe(400)

    const [entry] = (await auditEntries(server, 'ban')).filter((e) => e.resource_ids === String(m.id))
    expect(entry).toMatchObject({ resource: 'users', admin_username: 'root', detail: { note: '严重违规', until: null } })

    const lifted = await server.call<{ ban: unknown }>('POST', `/api/admin/users/${m.id}/unban`, { token: admin, json: {} })
    expect(lifted.status).toBe(200)
    expect(lifted.body.message).toBe('已解除限制')
    expect(lifted.body.data.ban).toBeNull()
    expect((await server.call('POST', `/api/users/${target.user_id}/follow`, { token: m.token })).status).toBe(200)
    expect((await auditEntries(server, 'unban')).map((e) => e.resource_ids)).toContain(String(m.id))
    expect((await server.call('POST', `/api/admin/users/${m.id}/unban`, { token: admin, json: {} })).body).toMatchObject({ code: 400, message: '该用户当前未被限制' })
    expect((await systemNotices(server, m.id)).map((n) => n.title)).toEqual(['账号已被限制', '账号限制已解除'])
  })

  it('takes end_time as Beijing time "YYYY-MM-DD HH:mm:ss" or milliseconds, and a new ban replaces the standing one', async () => {
    const m = await insertMember(server)
    const year = new Date().getUTCFullYear() + 1
    await ban(server, admin, m.id, { reason: '第一次', end_time: `${year}-03-01 08:00:00` })
    expect(await me(m)).toEqual({ until: `${year}-03-01T00:00:00.000Z`, reason: '第一次' })
    const later = Math.floor(Date.now() / 1000) * 1000 + 3 * 24 * 60 * 60 * 1000
    await ban(server, admin, m.id, { reason: '第二次', end_time: later })
    expect(await me(m)).toEqual({ until: new Date(later).toISOString(), reason: '第二次' })
    const rows = await query<{ open_user_id: number | null; lifted_at: unknown }>(server.deps.db, 'SELECT open_user_id, lifted_at FROM user_bans WHERE user_id = ? ORDER BY id', [m.id])
    expect(rows.map((r) => [r.open_user_id === null ? null : Number(r.open_user_id), r.lifted_at !== null])).toEqual([
      [null, true],
      [m.id, false],
    ])
  })

  it('the existing deactivate stays separate: an inactive member cannot sign in at all', async () => {
    const m = await insertMember(server)
    expect((await server.call('PUT', `/api/admin/users/${m.id}`, { token: admin, json: { is_active: false } })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(401)
  })
})

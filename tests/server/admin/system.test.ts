import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { ADMIN_PASSWORD, adminToken, createAdmin, createMember } from './support'

type Row = Record<string, unknown>

describe('admin sessions, admin accounts and the audit log', () => {
  let server: TestServer
  let token: string
  let userToken: string
  let memberId: number
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    const m = await createMember(server)
    userToken = m.token
    memberId = m.user.id
  })
  afterAll(() => server?.close())

  describe('sessions', () => {
    it('lists sessions with user_display_id, never refresh hashes', async () => {
      const { status, body } = await server.call<AdminList<Row>>('GET', '/api/admin/sessions?user_display_id=member1', { token })
      expect(status).toBe(200)
      expect(body.data.data).toHaveLength(1)
      expect(body.data.data[0]).toMatchObject({ user_id: memberId, user_display_id: 'member1', is_active: true, user_agent: 'vitest' })
      expect(Object.keys(body.data.data[0]!)).not.toContain('refresh_hash')
      expect(JSON.stringify(body)).not.toMatch(/refresh_hash|token/)
    })

    it('deactivating a session rejects its token on the next request; reactivating restores it', async () => {
      const m = await createMember(server)
      const sessionId = (await server.call<AdminList<Row>>('GET', `/api/admin/sessions?user_display_id=${m.user.user_id}`, { token })).body.data.data[0]!.id
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(200)
      const off = await server.call<Row>('PUT', `/api/admin/sessions/${String(sessionId)}`, { token, json: { is_active: false } })
      expect(off.body.data.is_active).toBe(false)
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(401)
      expect((await server.call('PUT', `/api/admin/sessions/${String(sessionId)}`, { token, json: { is_active: true } })).status).toBe(200)
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(200)
    })

    it('creates a session for a user (tokens never shown); 400 rules; 404 for missing ids', async () => {
      const created = await server.call<Row>('POST', '/api/admin/sessions', { token, json: { user_display_id: 'member1', user_agent: '后台创建' } })
      expect(created.status).toBe(200)
      expect(created.body.data).toMatchObject({ user_display_id: 'member1', user_agent: '后台创建', is_active: true })
      expect(JSON.stringify(created.body)).not.toMatch(/token/)
      expect((await server.call('POST', '/api/admin/sessions', { token, json: {} })).body).toMatchObject({ code: 400, message: '请输入用户ID' })
      expect((await server.call('POST', '/api/admin/sessions', { token, json: { user_display_id: 'ghost' } })).body).toMatchObject({ code: 400, message: '用户不存在' })
      expect((await server.call('PUT', '/api/admin/sessions/999999', { token, json: { is_active: false } })).status).toBe(404)
      expect((await server.call('GET', '/api/admin/sessions/999999', { token })).status).toBe(404)
      expect((await server.call('DELETE', `/api/admin/sessions/${String(created.body.data.id)}`, { token })).status).toBe(200)
    })

    it('401 for no token and a user token', async () => {
      expect((await server.call('GET', '/api/admin/sessions')).status).toBe(401)
      expect((await server.call('PUT', '/api/admin/sessions/1', { token: userToken, json: { is_active: false } })).status).toBe(401)
    })
  })

  describe('admin accounts', () => {
    it('is served at /api/admin/admins and /api/auth/admin/admins by the same mechanism', async () => {
      for (const base of ['/api/admin/admins', '/api/auth/admin/admins']) {
        const { status, body } = await server.call<AdminList<Row>>('GET', base, { token })
        expect(status).toBe(200)
        expect(body.data.data.map((r) => r.username)).toContain('root')
        expect(JSON.stringify(body)).not.toMatch(/password/)
        expect((await server.call('GET', base, { token: userToken })).status).toBe(401)
        expect((await server.call('GET', base)).status).toBe(401)
      }
    })

    it.each([
      [{ password: 'secret-1' }, '请输入用户名'],
      [{ username: 'a', password: 'secret-1' }, '用户名至少需要2位'],
      [{ username: 'ops' }, '请输入密码'],
      [{ username: 'ops', password: '123' }, '密码至少需要6位'],
    ])('400 for %j: %s', async (json, message) => {
      const { status, body } = await server.call('POST', '/api/admin/admins', { token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })

    it('creates, renames, deactivates (sessions end) and deletes an admin', async () => {
      const created = await server.call<Row>('POST', '/api/auth/admin/admins', { token, json: { username: 'ops', password: 'secret-1' } })
      expect(created.body).toMatchObject({ message: '管理员创建成功', data: { username: 'ops', is_active: true } })
      expect(JSON.stringify(created.body)).not.toMatch(/password/)
      const id = Number(created.body.data.id)
      const opsToken = await adminToken(server, 'ops', 'secret-1')
      expect((await server.call('POST', '/api/admin/admins', { token, json: { username: 'ops', password: 'secret-1' } })).status).toBe(409)
      expect((await server.call('PUT', `/api/admin/admins/${id}`, { token, json: { is_active: false } })).status).toBe(200)
      expect((await server.call('GET', '/api/auth/admin/me', { token: opsToken })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'ops', password: 'secret-1' } })).status).toBe(403)
      expect((await server.call('PUT', `/api/admin/admins/${id}`, { token, json: { is_active: true, password: 'secret-2' } })).status).toBe(200)
      expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'ops', password: 'secret-2' } })).status).toBe(200)
      expect((await server.call('DELETE', `/api/admin/admins/${id}`, { token })).status).toBe(200)
      expect((await server.call('GET', `/api/admin/admins/${id}`, { token })).status).toBe(404)
    })

    it('an admin cannot deactivate or delete themselves', async () => {
      const me = (await server.call<Row>('GET', '/api/auth/admin/me', { token })).body.data
      expect((await server.call('PUT', `/api/admin/admins/${String(me.id)}`, { token, json: { is_active: false } })).body).toMatchObject({ code: 400, message: '不能禁用当前登录的管理员' })
      expect((await server.call('DELETE', `/api/admin/admins/${String(me.id)}`, { token })).body).toMatchObject({ code: 400, message: '不能删除当前登录的管理员' })
      expect((await server.call('DELETE', '/api/admin/admins', { token, json: { ids: [me.id] } })).status).toBe(400)
    })
  })

  describe('audit log', () => {
    it('lists logins and writes with admin and resource, filterable', async () => {
      const { status, body } = await server.call<AdminList<Row>>('GET', '/api/admin/audit-logs?limit=100', { token })
      expect(status).toBe(200)
      const actions = new Set(body.data.data.map((r) => `${String(r.action)}:${String(r.resource)}`))
      for (const a of ['login:auth', 'create:admins', 'update:admins', 'delete:admins', 'update:sessions', 'create:sessions']) expect(actions).toContain(a)
      const only = await server.call<AdminList<Row>>('GET', '/api/admin/audit-logs?action=delete&resource=admins', { token })
      expect(only.body.data.data.every((r) => r.action === 'delete' && r.resource === 'admins')).toBe(true)
      const update = body.data.data.find((r) => r.action === 'update' && r.resource === 'admins' && String(r.detail).includes('password'))!
      expect(JSON.parse(String(update.detail))).toEqual({ fields: ['password', 'is_active'] })
      expect(JSON.stringify(body)).not.toContain('secret-2')
      expect(JSON.stringify(body)).not.toContain(ADMIN_PASSWORD)
    })

    it('401 for no token and a user token', async () => {
      expect((await server.call('GET', '/api/admin/audit-logs')).status).toBe(401)
      expect((await server.call('GET', '/api/admin/audit-logs', { token: userToken })).status).toBe(401)
    })
  })
})

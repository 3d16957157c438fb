import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { ADMIN_PASSWORD, adminToken, createAdmin, createMember } from './support'

interface LoginReply {
  admin: Record<string, unknown>
  tokens: { access_token: string; refresh_token: string; expires_in: number }
}

describe('admin session: /api/auth/admin/*', () => {
  let server: TestServer
  let userToken: string
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    userToken = (await createMember(server)).token
  })
  afterAll(() => server?.close())

  it('logs in with admin and tokens, never the password hash', async () => {
    const { status, body } = await server.call<LoginReply>('POST', '/api/auth/admin/login', { json: { username: 'root', password: ADMIN_PASSWORD } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 200, success: true, message: '登录成功' })
    expect(body.data.admin).toMatchObject({ username: 'root', is_active: true })
    expect(body.data.admin).not.toHaveProperty('password_hash')
    expect(body.data.tokens).toMatchObject({ expires_in: 3600 })
    expect(body.data.tokens.access_token).toBeTruthy()
    expect(body.data.tokens.refresh_token).toBeTruthy()
  })

  it.each([
    [{ password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: '', password: ADMIN_PASSWORD }, '请输入用户名'],
    [{ username: 'r', password: ADMIN_PASSWORD }, '用户名至少需要2位'],
    [{ username: 'root' }, '请输入密码'],
    [{ username: 'root', password: '' }, '请输入密码'],
    [{ username: 'root', password: '12345' }, '密码至少需要6位'],
  ])('rejects %j with 400 %s', async (json, message) => {
    const { status, body } = await server.call('POST', '/api/auth/admin/login', { json })
    expect(status).toBe(400)
    expect(body).toMatchObject({ success: false, code: 400, message })
  })

  it.each([
    ['wrong password', { username: 'root', password: 'not-the-password' }],
    ['unknown admin', { username: 'nobody', password: ADMIN_PASSWORD }],
  ])('answers a %s with 401', async (_case, json) => {
    const { status, body } = await server.call('POST', '/api/auth/admin/login', { json })
    expect(status).toBe(401)
    expect(body.message).toBe('登录失败，请检查用户名和密码')
  })

  it('a member cannot log in as admin with their credentials', async () => {
    const { status } = await server.call('POST', '/api/auth/admin/login', { json: { username: 'member1', password: 'member-pass' } })
    expect(status).toBe(401)
  })

  it('me: the admin with a token, 401 without one or with a user token', async () => {
    const token = await adminToken(server)
    const { status, body } = await server.call<Record<string, unknown>>('GET', '/api/auth/admin/me', { token })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ username: 'root' })
    expect(body.data).not.toHaveProperty('password_hash')
    expect((await server.call('GET', '/api/auth/admin/me')).status).toBe(401)
    expect((await server.call('GET', '/api/auth/admin/me', { token: userToken })).status).toBe(401)
    expect((await server.call('GET', '/api/auth/admin/me', { token: 'garbage' })).status).toBe(401)
  })

  it('logout ends the session: the token is refused afterwards', async () => {
    const token = await adminToken(server)
    const { status, body } = await server.call('POST', '/api/auth/admin/logout', { token })
    expect(status).toBe(200)
    expect(body.message).toBe('已退出登录')
    expect((await server.call('GET', '/api/auth/admin/me', { token })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/logout')).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/logout', { token: userToken })).status).toBe(401)
  })

  it('refresh rotates the pair; reusing the old refresh token revokes the session', async () => {
    const login = await server.call<LoginReply>('POST', '/api/auth/admin/login', { json: { username: 'root', password: ADMIN_PASSWORD } })
    const first = login.body.data.tokens
    const refreshed = await server.call<{ tokens: LoginReply['tokens'] }>('POST', '/api/auth/admin/refresh', { json: { refresh_token: first.refresh_token } })
    expect(refreshed.status).toBe(200)
    const second = refreshed.body.data.tokens
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await server.call('GET', '/api/auth/admin/me', { token: second.access_token })).status).toBe(200)
    const replay = await server.call('POST', '/api/auth/admin/refresh', { json: { refresh_token: first.refresh_token } })
    expect(replay.status).toBe(401)
    expect((await server.call('GET', '/api/auth/admin/me', { token: second.access_token })).status).toBe(401)
  })

  it('refresh: 400 without a token, 401 for a garbage one', async () => {
    expect((await server.call('POST', '/api/auth/admin/refresh', { json: {} })).body).toMatchObject({ code: 400, message: '缺少刷新令牌' })
    expect((await server.call('POST', '/api/auth/admin/refresh', { json: { refresh_token: '1.abc' } })).status).toBe(401)
  })

  it('changes the password: wrong current 400, rules 400, other sessions end', async () => {
    await createAdmin(server, 'changer')
    const other = await adminToken(server, 'changer')
    const token = await adminToken(server, 'changer')
    const put = (json: unknown, t = token) => server.call('PUT', '/api/auth/admin/password', { token: t, json })
    expect((await put({ currentPassword: 'wrong-one', newPassword: 'new-pass-1' })).body).toMatchObject({ code: 400, message: '当前密码错误' })
    expect((await put({ newPassword: 'new-pass-1' })).body.message).toBe('请输入当前密码')
    expect((await put({ currentPassword: ADMIN_PASSWORD })).body.message).toBe('请输入新密码')
    expect((await put({ currentPassword: ADMIN_PASSWORD, newPassword: '123' })).body.message).toBe('新密码至少需要6位')
    expect((await server.call('PUT', '/api/auth/admin/password', { json: {} })).status).toBe(401)
    expect((await put({ currentPassword: ADMIN_PASSWORD, newPassword: 'new-pass-1' }, userToken)).status).toBe(401)
    const done = await put({ currentPassword: ADMIN_PASSWORD, newPassword: 'new-pass-1' })
    expect(done.status).toBe(200)
    expect((await server.call('GET', '/api/auth/admin/me', { token })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/admin/me', { token: other })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'changer', password: ADMIN_PASSWORD } })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'changer', password: 'new-pass-1' } })).status).toBe(200)
  })

  it('an admin token is not a user token', async () => {
    const token = await adminToken(server)
    // /api/auth/me is the member's; whether or not it exists yet, an admin token never authenticates there.
    const res = await server.call('GET', '/api/auth/me', { token })
    expect([401, 404]).toContain(res.status)
  })
})

describe('admin login rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_AUTH_PER_MINUTE: '3' })
    await createAdmin(server)
  })
  afterAll(() => server?.close())

  it('answers 429 with Retry-After once the per-minute budget is spent', async () => {
    const attempt = () => server.call('POST', '/api/auth/admin/login', { json: { username: 'root', password: 'wrong-password' } })
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captcha, registerMember, uniqueId } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'

interface Tokens {
  access_token: string
  refresh_token: string
  expires_in: number
}

describe('member auth: /api/auth', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  const register = async (json: Record<string, unknown>) => server.call<{ tokens: Tokens; user: Record<string, unknown> }>('POST', '/api/auth/register', { json: { ...(await captcha(server)), ...json } })

  describe('captcha', () => {
    it('issues a 4-character SVG captcha with an id', async () => {
      const { status, body, headers } = await server.call<{ captchaId: string; captchaSvg: string; text: string }>('GET', '/api/auth/captcha')
      expect(status).toBe(200)
      expect(body.data.captchaId).toMatch(/^[0-9a-f-]{36}$/)
      expect(body.data.captchaSvg).toMatch(/^<svg/)
      expect(body.data.text).toHaveLength(4)
      expect(headers.get('cache-control')).toBe('no-store')
    })

    it('is single use: the second attempt with the same captcha fails with a captcha message', async () => {
      const c = await captcha(server)
      const first = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'a', password: 'secret123', ...c } })
      expect(first.status).toBe(200)
      const second = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'b', password: 'secret123', ...c } })
      expect(second.status).toBe(400)
      expect(second.body.message).toBe('验证码已过期，请重新获取')
    })

    it('a wrong answer fails and uses the captcha up', async () => {
      const c = await captcha(server)
      const wrong = c.captchaText === 'xxxx' ? 'yyyy' : 'xxxx'
      const res = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'a', password: 'secret123', captchaId: c.captchaId, captchaText: wrong } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('验证码错误，请重新输入')
      const retry = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'a', password: 'secret123', ...c } })
      expect(retry.body.message).toBe('验证码已过期，请重新获取')
    })

    it('accepts the answer in any letter case', async () => {
      const c = await captcha(server)
      const res = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'a', password: 'secret123', captchaId: c.captchaId, captchaText: c.captchaText.toUpperCase() } })
      expect(res.status).toBe(200)
    })

    it('rejects an expired captcha', async () => {
      const c = await captcha(server)
      await dbRun(server.deps.db, `UPDATE captchas SET expires_at = ? WHERE id = ?`, ['2000-01-01 00:00:00.000', c.captchaId])
      const res = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'a', password: 'secret123', ...c } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('验证码已过期，请重新获取')
    })
  })

  describe('check-user-id', () => {
    it('reports whether a display id is free', async () => {
      const m = await registerMember(server)
      expect((await server.call('GET', `/api/auth/check-user-id?user_id=${m.user_id}`)).body.data).toEqual({ isUnique: false })
      expect((await server.call('GET', `/api/auth/check-user-id?user_id=${uniqueId()}`)).body.data).toEqual({ isUnique: true })
      expect((await server.call('GET', '/api/auth/check-user-id?user_id=search')).body.data).toEqual({ isUnique: false })
    })

    it('400 for a missing or malformed id', async () => {
      const missing = await server.call('GET', '/api/auth/check-user-id')
      expect(missing.status).toBe(400)
      expect(missing.body.message).toBe('请输入石榴号')
      const bad = await server.call('GET', '/api/auth/check-user-id?user_id=a-b-c')
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBe('石榴号只能包含字母、数字和下划线')
    })
  })

  describe('register', () => {
    it('creates the account with the spec defaults and signs it in', async () => {
      const id = uniqueId('reg')
      const { status, body } = await register({ user_id: id, nickname: '小石榴', password: 'secret123', avatar: '', bio: '', location: '' })
      expect(status).toBe(200)
      expect(body.message).toBe('注册成功')
      expect(body.data.tokens.access_token).toBeTruthy()
      expect(body.data.tokens.refresh_token).toBeTruthy()
      expect(body.data.tokens.expires_in).toBe(3600)
      expect(body.data.user).toMatchObject({ user_id: id, nickname: '小石榴', avatar: '/uploads/defaults/avatar.webp', bio: '用户没有任何简介', location: '未知', verified: 0 })
      expect(JSON.stringify(body.data)).not.toMatch(/password/)
      const avatar = await server.fetch('/uploads/defaults/avatar.webp')
      expect(avatar.status).toBe(200)
      expect(avatar.headers.get('content-type')).toBe('image/webp')
    })

    it('keeps a given bio as plain text', async () => {
      const { body } = await register({ user_id: uniqueId(), nickname: 'n', password: 'secret123', bio: '<b>hi</b><script>x()</script> & bye' })
      expect(body.data.user.bio).toBe('hi & bye')
    })

    it.each([
      [{ nickname: 'n', password: 'secret123' }, '请输入石榴号'],
      [{ user_id: 'ab', nickname: 'n', password: 'secret123' }, '石榴号长度需在3-15个字符之间'],
      [{ user_id: 'a'.repeat(16), nickname: 'n', password: 'secret123' }, '石榴号长度需在3-15个字符之间'],
      [{ user_id: 'bad id', nickname: 'n', password: 'secret123' }, '石榴号只能包含字母、数字和下划线'],
      [{ user_id: 'okid1', password: 'secret123' }, '请输入昵称'],
      [{ user_id: 'okid1', nickname: '   ', password: 'secret123' }, '请输入昵称'],
      [{ user_id: 'okid1', nickname: '一二三四五六七八九十一', password: 'secret123' }, '昵称不能超过10个字符'],
      [{ user_id: 'okid1', nickname: 'n' }, '请输入密码'],
      [{ user_id: 'okid1', nickname: 'n', password: '12345' }, '密码至少需要6位'],
      [{ user_id: 'okid1', nickname: 'n', password: 'x'.repeat(21) }, '密码不能超过20位'],
      [{ user_id: 'okid1', nickname: 'n', password: 'secret123', avatar: 42 }, '头像地址无效'],
      [{ user_id: 'okid1', nickname: 'n', password: 'secret123', bio: 'x'.repeat(201) }, '个人简介不能超过200个字符'],
    ])('400 %j → %s', async (json, message) => {
      const { status, body } = await register(json)
      expect(status).toBe(400)
      expect(body.message).toBe(message)
      expect((await server.call('GET', '/api/auth/check-user-id?user_id=okid1')).body.data).toEqual({ isUnique: true })
    })

    it.each([
      ['a client-bundled default avatar on another origin', 'http://client.example/assets/avatar-3f2a1b.png'],
      ['a relative asset path', '/assets/default-avatar.png'],
      ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
      ['javascript:', 'javascript:alert(1)'],
      ['a path escaping /uploads', '/uploads/../../etc/passwd'],
    ])('registers with %s as avatar, stored as our default avatar', async (_what, avatar) => {
      const { status, body } = await register({ user_id: uniqueId(), nickname: '新人', password: 'secret123', avatar })
      expect(status).toBe(200)
      expect(body.data.user.avatar).toBe('/uploads/defaults/avatar.webp')
    })

    // A new account has uploaded nothing: of our files only shared assets (the demo's, the default) can be its
    // avatar (issue 41 §3, media-ownership.test); another member's upload is refused there.
    it('keeps a shared avatar of ours, given as a path or behind any http(s) origin (stored as the path)', async () => {
      for (const avatar of ['/uploads/demo/avatars/a.webp', 'https://cdn.example:8443/uploads/demo/avatars/a.webp']) {
        const { body } = await register({ user_id: uniqueId(), nickname: '新人', password: 'secret123', avatar })
        expect(body.data.user.avatar).toBe('/uploads/demo/avatars/a.webp')
      }
    })

    it('400 without a captcha', async () => {
      const { status, body } = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'n', password: 'secret123' } })
      expect(status).toBe(400)
      expect(body.message).toBe('请输入验证码')
    })

    it('400 for a taken id, with the message the register screen puts under the id field', async () => {
      const m = await registerMember(server)
      const { status, body } = await register({ user_id: m.user_id, nickname: 'n', password: 'secret123' })
      expect(status).toBe(400)
      expect(body.message).toBe('该石榴号已存在')
    })
  })

  describe('login', () => {
    it('signs in by user_id or the documented user_display_id', async () => {
      const m = await registerMember(server)
      for (const key of ['user_id', 'user_display_id']) {
        const { status, body } = await server.call<{ tokens: Tokens; user: { user_id: string } }>('POST', '/api/auth/login', { json: { [key]: m.user_id, password: 'secret123' } })
        expect(status).toBe(200)
        expect(body.message).toBe('登录成功')
        expect(body.data.user.user_id).toBe(m.user_id)
        expect(body.data.tokens).toMatchObject({ expires_in: 3600, token_type: 'Bearer' })
      }
      // A blank user_id beside a user_display_id is no missing name (the document allows either to be given).
      const blank = await server.call('POST', '/api/auth/login', { json: { user_id: ' ', user_display_id: m.user_id, password: 'secret123' } })
      expect([blank.status, blank.body.message]).toEqual([200, '登录成功'])
    })

    it('400 with one message for a wrong password or an unknown id', async () => {
      const m = await registerMember(server)
      const wrong = await server.call('POST', '/api/auth/login', { json: { user_id: m.user_id, password: 'nope123' } })
      const unknown = await server.call('POST', '/api/auth/login', { json: { user_id: uniqueId(), password: 'nope123' } })
      expect([wrong.status, unknown.status]).toEqual([400, 400])
      expect(wrong.body.message).toBe('石榴号或密码错误')
      expect(unknown.body.message).toBe('石榴号或密码错误')
    })

    it('400 for missing fields', async () => {
      expect((await server.call('POST', '/api/auth/login', { json: { password: 'x' } })).body.message).toBe('请输入石榴号')
      expect((await server.call('POST', '/api/auth/login', { json: { user_id: 'abc' } })).body.message).toBe('请输入密码')
      const malformed = await server.fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"user_id":' })
      expect(malformed.status).toBe(400)
    })

    it('403 for a deactivated account', async () => {
      const m = await registerMember(server)
      await dbRun(server.deps.db, 'UPDATE users SET is_active = FALSE WHERE id = ?', [m.id])
      const { status, body } = await server.call('POST', '/api/auth/login', { json: { user_id: m.user_id, password: 'secret123' } })
      expect(status).toBe(403)
      expect(body.message).toBe('账号已被禁用')
    })
  })

  describe('me, refresh and logout', () => {
    it('me: the signed-in member; 401 without or with a bad token', async () => {
      const m = await registerMember(server)
      const { status, body } = await server.call<Record<string, unknown>>('GET', '/api/auth/me', { token: m.token })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ id: m.id, user_id: m.user_id, follow_count: 0, fans_count: 0 })
      expect(Object.keys(body.data)).not.toContain('password_hash')
      expect((await server.call('GET', '/api/auth/me')).status).toBe(401)
      expect((await server.call('GET', '/api/auth/me', { token: 'garbage' })).status).toBe(401)
    })

    it('refresh rotates the refresh token; presenting an old one revokes the whole family', async () => {
      const m = await registerMember(server)
      const first = await server.call<{ tokens: Tokens }>('POST', '/api/auth/refresh', { json: { refresh_token: m.refresh } })
      expect(first.status).toBe(200)
      const next = first.body.data.tokens
      expect(next.refresh_token).not.toBe(m.refresh)
      expect((await server.call('GET', '/api/auth/me', { token: next.access_token })).status).toBe(200)

      const replay = await server.call('POST', '/api/auth/refresh', { json: { refresh_token: m.refresh } })
      expect(replay.status).toBe(401)
      expect(replay.body.message).toBe('登录凭证已失效，请重新登录')
      // The family is gone: the newest tokens no longer work either.
      expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: next.refresh_token } })).status).toBe(401)
      expect((await server.call('GET', '/api/auth/me', { token: next.access_token })).status).toBe(401)
    })

    it('refresh: 400 without a token, 401 for garbage', async () => {
      const missing = await server.call('POST', '/api/auth/refresh', { json: {} })
      expect(missing.status).toBe(400)
      expect(missing.body.message).toBe('缺少刷新令牌')
      expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: 'nope' } })).status).toBe(401)
    })

    it('logout ends the session at once (access and refresh token)', async () => {
      const m = await registerMember(server)
      const { status, body } = await server.call('POST', '/api/auth/logout', { token: m.token, json: { refresh_token: m.refresh } })
      expect(status).toBe(200)
      expect(body.message).toBe('已退出登录')
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: m.refresh } })).status).toBe(401)
    })

    it('logout by refresh token alone (expired access token); 401 with neither', async () => {
      const m = await registerMember(server)
      expect((await server.call('POST', '/api/auth/logout', { json: { refresh_token: m.refresh } })).status).toBe(200)
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/logout', { json: {} })).status).toBe(401)
    })

    it('a member token is not an admin token', async () => {
      const m = await registerMember(server)
      expect((await server.call('GET', '/api/auth/admin/me', { token: m.token })).status).toBe(401)
    })
  })
})

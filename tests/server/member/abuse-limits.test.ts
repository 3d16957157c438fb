/**
 * Abuse limits (issue 11 §6): failed logins limited per account whatever the address, check-user-id and search
 * limited per address, invisible characters refused and NFKC applied in display ids and nicknames, every
 * unsupported method (TRACE and PROPFIND included) an enveloped 405.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, adminToken, createAdmin } from '../admin/support'
import { captcha, registerMember, uniqueId } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { createCategory, createNote, uploadImage } from './support/notes'

describe('abuse limits', () => {
  let server: TestServer
  beforeAll(async () => {
    // One trusted proxy: each request below claims its own client address through X-Forwarded-For.
    server = await startTestServer({ LOGIN_FAILURES_PER_ACCOUNT: '3', RATE_LIMIT_LOOKUPS_PER_MINUTE: '4', TRUST_PROXY: '1' })
    await createAdmin(server)
  })
  afterAll(() => server?.close())

  let address = 0
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` })
  async function post(path: string, json: unknown, headers: Record<string, string> = from()) {
    const res = await server.fetch(path, { method: 'POST', json, headers })
    return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; success: boolean; code: number } }
  }

  it('failed logins are limited per account across addresses: a short lock with a clear message, other accounts unaffected', async () => {
    const victim = await registerMember(server)
    const bystander = await registerMember(server)
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/login', { user_id: victim.user_id, password: `wrong${i}` })).status).toBe(400)
    const locked = await post('/api/auth/login', { user_id: victim.user_id, password: 'secret123' })
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ code: 429, success: false })
    expect(locked.body.message).toMatch(/^该账号登录失败次数过多，请\d+分钟后再试$/)
    const retry = Number(locked.headers.get('retry-after'))
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(600)
    expect((await post('/api/auth/login', { user_id: bystander.user_id, password: 'secret123' })).status).toBe(200)
    // The victim's signed-in session is untouched by the lock.
    expect((await server.call('GET', '/api/auth/me', { token: victim.token })).status).toBe(200)
  })

  it('a success clears the count; unknown accounts are counted like real ones', async () => {
    const m = await registerMember(server)
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/login', { user_id: m.user_id, password: 'wrong' })).status).toBe(400)
    expect((await post('/api/auth/login', { user_id: m.user_id, password: 'secret123' })).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/login', { user_id: m.user_id, password: 'wrong' })).status).toBe(400)
    expect((await post('/api/auth/login', { user_id: m.user_id, password: 'secret123' })).status).toBe(200)
    const ghost = uniqueId('g')
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/login', { user_id: ghost, password: 'x' })).status).toBe(400)
    expect((await post('/api/auth/login', { user_id: ghost, password: 'x' })).status).toBe(429)
  })

  it('administrator logins are locked per account too', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/admin/login', { username: 'root', password: 'wrong-password' })).status).toBe(401)
    const locked = await post('/api/auth/admin/login', { username: 'root', password: ADMIN_PASSWORD })
    expect(locked.status).toBe(429)
    expect(locked.body.message).toMatch(/该账号登录失败次数过多/)
  })

  it('check-user-id and search are limited per address', async () => {
    const headers = from()
    for (const path of ['/api/auth/check-user-id?user_id=abcdef', '/api/auth/check-user-id?user_id=abcdeg', '/api/users/search?keyword=a', '/api/search?keyword=b']) {
      expect((await server.fetch(path, { headers })).status, path).toBe(200)
    }
    for (const path of ['/api/auth/check-user-id?user_id=abcdeh', '/api/search?keyword=c', '/api/search/posts?keyword=d', '/api/users/search?keyword=e']) {
      const res = await server.fetch(path, { headers })
      expect(res.status, path).toBe(429)
      expect(((await res.json()) as { message: string }).message).toBe('请求过于频繁，请稍后再试')
    }
    expect((await server.fetch('/api/auth/check-user-id?user_id=abcdef', { headers: from() })).status).toBe(200)
  })

  describe('display names', () => {
    const register = async (user_id: string, nickname: string) => post('/api/auth/register', { user_id, nickname, password: 'secret123', ...(await captcha(server)) })

    it.each([
      ['bidi override + zero-width space', '\u202e\u200b石榴同学'],
      ['NUL', '石榴\u0000同学'],
      ['lone surrogate', '石榴\ud800'],
      ['zero-width joiner', 'a\u200db'],
      ['BOM inside', '石\ufeff榴'],
    ])('a nickname with a %s is refused at registration and in a profile update', async (_what, nickname) => {
      const res = await register(uniqueId(), nickname)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('昵称不能包含不可见字符或控制字符')
      const m = await registerMember(server)
      const update = await server.call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { nickname } })
      expect(update.status).toBe(400)
      expect(update.body.message).toBe('昵称不能包含不可见字符或控制字符')
    })

    it('nicknames are NFKC-normalised; display ids too, before the uniqueness check', async () => {
      const id = uniqueId('n')
      const res = await register(id, 'ＡＢＣ石榴')
      expect(res.status).toBe(200)
      const me = await server.call<{ nickname: string }>('GET', `/api/users/${id}`)
      expect(me.body.data.nickname).toBe('ABC石榴')
      const fullWidth = id.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0))
      const twin = await register(fullWidth, '双胞胎')
      expect(twin.status).toBe(400)
      expect(twin.body.message).toBe('该石榴号已存在')
      const check = await server.call<{ isUnique: boolean }>('GET', `/api/auth/check-user-id?user_id=${encodeURIComponent(fullWidth)}`)
      expect(check.body.data?.isUnique ?? false).toBe(false)
      expect((await register(`${uniqueId()}\u200b`, '零宽')).status).toBe(400)
    })

    it('administrators’ names, category and tag names and note tags refuse invisible characters too', async () => {
      await createAdmin(server, 'names')
      const admin = await adminToken(server, 'names') // not root: an earlier test locks root's logins
      const refused: Array<[string, unknown, string]> = [
        ['/api/admin/categories', { name: '学习\u202e', category_title: 'bidi' }, '分类名称不能包含不可见字符或控制字符'],
        ['/api/admin/tags', { name: '标\u200b签' }, '标签名称不能包含不可见字符或控制字符'],
        ['/api/admin/admins', { username: 'ops\u200d', password: 'admin-pass-1' }, '用户名不能包含不可见字符或控制字符'],
      ]
      for (const [path, json, message] of refused) {
        const res = await server.call('POST', path, { token: admin, json })
        expect([path, res.status, res.body.message]).toEqual([path, 400, message])
      }
      const m = await registerMember(server)
      const category_id = await createCategory(server, '标签测试', 'tagcheck')
      const images = [(await uploadImage(server, m.token)).url]
      const note = await server.call('POST', '/api/posts', { token: m.token, json: { title: '标签', content: '正文', category_id, images, tags: ['学习\u200b'] } })
      expect([note.status, note.body.message]).toEqual([400, '标签包含无效字符'])
    })
  })

  it('editing or deleting another member’s draft answers 404, as reading it does; a published note stays 403', async () => {
    const author = await registerMember(server)
    const other = await registerMember(server)
    const images = [(await uploadImage(server, author.token)).url]
    const category_id = await createCategory(server, '校园', 'campus')
    const draft = await createNote(server, author.token, { images, category_id, is_draft: true })
    const published = await createNote(server, author.token, { images, category_id })
    expect((await server.call('GET', `/api/posts/${draft}`, { token: other.token })).status).toBe(404)
    const edit = await server.call('PUT', `/api/posts/${draft}`, { token: other.token, json: { title: '改' } })
    expect(edit.status).toBe(404)
    expect(edit.body.message).toBe('笔记不存在')
    expect((await server.call('DELETE', `/api/posts/${draft}`, { token: other.token })).status).toBe(404)
    expect((await server.call('PUT', `/api/posts/${published}`, { token: other.token, json: { title: '改' } })).status).toBe(403)
    expect((await server.call('PUT', `/api/posts/${draft}`, { token: author.token, json: { title: '改' } })).status).toBe(200)
  })

  function raw(method: string, path: string): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += String(c)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  it.each([
    ['TRACE', '/api/health'],
    ['PROPFIND', '/api/health'],
    ['PROPFIND', '/api/posts'],
    ['TRACE', '/'],
    ['PROPFIND', '/admin'],
    ['POST', '/explore'],
    ['DELETE', '/uploads/images/a.webp'],
  ])('%s %s answers the enveloped 405', async (method, path) => {
    const res = await raw(method, path)
    expect(res.status).toBe(405)
    expect(res.type).toMatch(/application\/json/)
    expect(JSON.parse(res.body)).toEqual({ code: 405, success: false, message: '不支持该请求方法', data: null })
  })
})

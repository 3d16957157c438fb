/**
 * Free text never stores control characters (issue 22 §8): NUL, ESC, DEL, C1 controls, lone surrogates and
 * bidi overrides are refused with a 400 that names the field, in note titles and contents, comments, profiles,
 * search words and the admin forms; multi-line text keeps tabs and line breaks. Upload replies never echo a
 * file name with control or bidi characters. Runs on every engine (what is stored is read back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailbox, type Mailbox } from '../../support/mailbox'
import { insertMember, registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { adminToken, createAdmin } from '../admin/support'
import { createCategory, createNote, imageBlob, uploadImage } from './support/notes'

let server: TestServer
let author: Member
let other: Member
let categoryId: number
let image: string
let noteId: number

beforeAll(async () => {
  server = await startTestServer()
  author = await registerMember(server)
  other = await registerMember(server)
  categoryId = await createCategory(server, '学习', 'study')
  image = (await uploadImage(server, author.token)).url
  noteId = await createNote(server, author.token, { title: '普通笔记', content: '<p>内容</p>', category_id: categoryId, images: [image] })
})
afterAll(() => server?.close())

const note = (fields: Record<string, unknown>) => ({ title: '标题', content: '<p>内容</p>', category_id: categoryId, images: [image], type: 1, ...fields })

/** The same bad characters in every field: NUL, ESC, DEL, a C1 control, a lone surrogate, a bidi override. */
const BAD = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'photo\u202egnp']

describe('notes', () => {
  it('POST /posts: 401 without a token', async () => {
    const { status, body } = await server.call('POST', '/api/posts', { json: note({ title: 'a\u0000b' }) })
    expect(status).toBe(401)
    expect(body.success).toBe(false)
  })

  it.each(BAD)('POST /posts: a title with %j is refused with 400 标题不能包含控制字符', async (title) => {
    const { status, body } = await server.call('POST', '/api/posts', { token: author.token, json: note({ title }) })
    expect(status).toBe(400)
    expect(body.message).toBe('标题不能包含控制字符')
  })

  it('POST /posts: content with NUL or a bell is refused; tabs and line breaks are kept', async () => {
    for (const content of ['<p>a\u0000b</p>', '<p>\u0007</p>']) {
      const { status, body } = await server.call('POST', '/api/posts', { token: author.token, json: note({ content }) })
      expect(status).toBe(400)
      expect(body.message).toBe('内容不能包含控制字符')
    }
    const { status, body } = await server.call<{ id: number }>('POST', '/api/posts', { token: author.token, json: note({ title: '两行', content: '<p>第一行\n第二行\t缩进\r\n</p>' }) })
    expect(status).toBe(200)
    const [row] = await dbQuery<{ title: string; content: string }>(server.deps.db, 'SELECT title, content FROM posts WHERE id = ?', [body.data.id])
    expect(row!.title).toBe('两行')
    expect(row!.content).toContain('第一行\n第二行\t缩进')
  })

  it('PUT /posts/:id: 400 for a control character, 404 for a missing note, 403/404 for another member’s note, 200 otherwise', async () => {
    const bad = await server.call('PUT', `/api/posts/${noteId}`, { token: author.token, json: { title: 'x\u0000' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('标题不能包含控制字符')
    const missing = await server.call('PUT', '/api/posts/999999', { token: author.token, json: { title: '新标题' } })
    expect(missing.status).toBe(404)
    const foreign = await server.call('PUT', `/api/posts/${noteId}`, { token: other.token, json: { title: '新标题' } })
    expect([403, 404]).toContain(foreign.status)
    const ok = await server.call('PUT', `/api/posts/${noteId}`, { token: author.token, json: { title: '新标题' } })
    expect(ok.status).toBe(200)
    const [row] = await dbQuery<{ title: string }>(server.deps.db, 'SELECT title FROM posts WHERE id = ?', [noteId])
    expect(row!.title).toBe('新标题')
  })

  it('GET /posts and /search: a keyword with a control character is a 400, not a query', async () => {
    for (const p of ['/api/posts?keyword=a%00b', '/api/search?keyword=a%00b', '/api/search/posts?keyword=%E2%80%AEab']) {
      const { status, body } = await server.call('GET', p)
      expect(status, p).toBe(400)
      expect(body.message, p).toBe('关键词不能包含控制字符')
    }
    expect((await server.call('GET', '/api/search?keyword=%E5%86%85%E5%AE%B9')).status).toBe(200)
  })
})

describe('comments', () => {
  it('POST /comments: 401, 400 for NUL (nothing stored), 404 for a missing note, 200 with a line break', async () => {
    expect((await server.call('POST', '/api/comments', { json: { post_id: noteId, content: 'a\u0000b' } })).status).toBe(401)
    const bad = await server.call('POST', '/api/comments', { token: other.token, json: { post_id: noteId, content: 'a\u0000b' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('评论不能包含控制字符')
    const stored = await dbQuery<{ n: number }>(server.deps.db, 'SELECT COUNT(*) AS n FROM comments WHERE post_id = ?', [noteId])
    expect(Number(stored[0]!.n)).toBe(0)
    expect((await server.call('POST', '/api/comments', { token: other.token, json: { post_id: 999999, content: '你好' } })).status).toBe(404)
    const ok = await server.call('POST', '/api/comments', { token: other.token, json: { post_id: noteId, content: '第一行\n第二行' } })
    expect(ok.status).toBe(200)
  })
})

describe('profiles', () => {
  it('PUT /users/:id: 401, 400 per field with its name, 403 for another member, 200 for a multi-line bio', async () => {
    const path = `/api/users/${author.user_id}`
    expect((await server.call('PUT', path, { json: { bio: 'a\u0000' } })).status).toBe(401)
    for (const [field, value, message] of [
      ['bio', 'a\u001bb', '个人简介不能包含控制字符'],
      ['location', '北京\u202e', '所在地不能包含控制字符'],
      ['major', '计算机\u0000', '专业不能包含控制字符'],
      ['interests', ['读书', 'a\u0000'], '兴趣爱好不能包含控制字符'],
      ['nickname', '石榴\u0000', '昵称不能包含不可见字符或控制字符'],
    ] as const) {
      const { status, body } = await server.call('PUT', path, { token: author.token, json: { [field]: value } })
      expect(status, field).toBe(400)
      expect(body.message, field).toBe(message)
    }
    expect([403, 404]).toContain((await server.call('PUT', path, { token: other.token, json: { bio: '你好' } })).status)
    const ok = await server.call('PUT', path, { token: author.token, json: { bio: '第一行\n第二行' } })
    expect(ok.status).toBe(200)
  })
})

describe('admin forms', () => {
  let token: string
  beforeAll(async () => {
    await createAdmin(server)
    token = await adminToken(server)
  })

  it('POST /admin/notifications: 401 without a token, 400 for a control character in the title, 200 otherwise', async () => {
    const json = { user_display_id: author.user_id, sender_display_id: other.user_id, type: 1, title: '系统\u0000通知' }
    expect((await server.call('POST', '/api/admin/notifications', { json })).status).toBe(401)
    const bad = await server.call('POST', '/api/admin/notifications', { token, json })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('通知标题不能包含控制字符')
    expect((await server.call('POST', '/api/admin/notifications', { token, json: { ...json, title: '系统通知' } })).status).toBe(200)
  })

  it('PUT /admin/users/:id: a nickname with a zero-width or control character is refused like a member’s own', async () => {
    const [row] = await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM users WHERE user_id = ?', [other.user_id])
    for (const nickname of ['石榴\u200b同学', '石榴\u0000']) {
      const { status, body } = await server.call('PUT', `/api/admin/users/${row!.id}`, { token, json: { nickname } })
      expect(status, JSON.stringify(nickname)).toBe(400)
      expect(body.message).toBe('昵称不能包含不可见字符或控制字符')
    }
    expect((await server.call('PUT', '/api/admin/users/999999', { token, json: { nickname: '新昵称' } })).status).toBe(404)
  })
})

describe('upload replies', () => {
  async function uploadNamed(name: string): Promise<{ status: number; originalname: string }> {
    const form = new FormData()
    form.append('file', await imageBlob(), name)
    const { status, body } = await server.call<{ originalname: string }>('POST', '/api/upload/single', { token: author.token, body: form })
    return { status, originalname: body.data?.originalname }
  }

  it('never echo bidi overrides, zero-width or control characters of the client’s file name', async () => {
    expect(await uploadNamed('photo\u202egnp.exe')).toEqual({ status: 200, originalname: 'photognp.exe' })
    expect(await uploadNamed('a\u200bb\u2066c.png')).toEqual({ status: 200, originalname: 'abc.png' })
    expect(await uploadNamed('\u202e')).toEqual({ status: 200, originalname: 'file' })
  })

  it('401 without a token', async () => {
    const form = new FormData()
    form.append('file', await imageBlob(), 'a.png')
    expect((await server.call('POST', '/api/upload/single', { body: form })).status).toBe(401)
  })
})

/*
 * Issue 41: one rule at the edge (server/http/middlewares/validate.ts over every parsed query, body and
 * params) instead of a refine per field, which report descriptions, ban reasons and email addresses lacked:
 * they stored NUL, and a trailing NUL bound one mailbox to two accounts.
 */
describe('one rule at the edge: fields without a refine of their own (issue 41)', () => {
  let token: string
  let mailbox: Mailbox
  let mailServer: TestServer
  beforeAll(async () => {
    if (!(await dbQuery(server.deps.db, "SELECT id FROM admins WHERE username = 'root'")).length) await createAdmin(server)
    token = await adminToken(server)
    mailbox = await startMailbox()
    mailServer = await startTestServer({ SMTP_URL: mailbox.url, MAIL_FROM: '石榴 <no-reply@shiliu.test>' })
  }, 60_000)
  afterAll(async () => {
    await mailServer?.close()
    await mailbox?.close()
  })

  it('POST /reports: a description with NUL or ESC is a 400 that names it; nothing is stored; a line break is fine', async () => {
    const json = { target_type: 'post', target_id: noteId, reason: '其他' }
    expect((await server.call('POST', '/api/reports', { json: { ...json, description: 'a\u0000b' } })).status).toBe(401)
    for (const description of ['广告\u0000', '\u001b[31m红字']) {
      const { status, body } = await server.call('POST', '/api/reports', { token: other.token, json: { ...json, description } })
      expect([status, body.message], JSON.stringify(description)).toEqual([400, '说明不能包含控制字符'])
    }
    expect(await dbQuery(server.deps.db, 'SELECT id FROM reports WHERE reporter_id = ?', [other.id])).toEqual([])
    const ok = await server.call('POST', '/api/reports', { token: other.token, json: { ...json, description: '第一行\n第二行' } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('POST /admin/users/:id/ban: a reason with NUL is a 400, no ban is placed; 401 without a token', async () => {
    const [row] = await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM users WHERE user_id = ?', [author.user_id])
    const path = `/api/admin/users/${row!.id}/ban`
    expect((await server.call('POST', path, { json: { reason: '刷屏\u0000' } })).status).toBe(401)
    const { status, body } = await server.call('POST', path, { token, json: { reason: '刷屏\u0000' } })
    expect([status, body.message]).toEqual([400, '原因不能包含控制字符'])
    expect(await dbQuery(server.deps.db, 'SELECT id FROM user_bans WHERE user_id = ?', [row!.id])).toEqual([])
  })

  it('email: an address with a trailing NUL gets no code and binds nothing (one mailbox, one account)', async () => {
    const email = `nul${Date.now().toString(36)}@example.edu`
    for (const [path, json] of [
      ['send-email-code', { email: `${email}\u0000` }],
      ['send-reset-code', { email: `${email}\u0000` }],
      ['bind-email', { email: `${email}\u0000`, emailCode: '123456' }],
    ] as const) {
      const member = await insertMember(mailServer)
      const { status, body } = await mailServer.call('POST', `/api/auth/${path}`, { json, token: member.token })
      expect([status, body.message], path).toEqual([400, '邮箱不能包含控制字符'])
    }
    expect(await dbQuery(mailServer.deps.db, 'SELECT id FROM email_codes WHERE email LIKE ?', [`${email}%`])).toEqual([])
    expect(await dbQuery(mailServer.deps.db, 'SELECT id FROM users WHERE email LIKE ?', [`${email}%`])).toEqual([])
  })
})

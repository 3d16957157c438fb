/**
 * Classroom mode (issue 43, docs/classroom.md) on a real demo server of the run's engine: registration needs the
 * class code (400 in the envelope without it), the published demo passwords open nothing, the fresh
 * administrator password does, class accounts in one step with their teacher-only sheet, and the mode is not
 * there on a server started without it.
 */
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onClassroomReset } from '../../../server/classroom/restart'
import { CLASSROOM_MESSAGES } from '../../../server/classroom/rules'
import { User } from '../../../server/db/entities'
import { CLASS_ADMIN_PASSWORD, CLASS_CODE, CLASSROOM_ENV, TEACHER_KEY } from '../../support/classroom'
import { captcha, uniqueId } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { readZip } from '../../support/zip'
import { createNote, uploadImage } from '../member/support/notes'

const CODE = CLASS_CODE
const KEY = TEACHER_KEY
const ADMIN_PASSWORD = CLASS_ADMIN_PASSWORD

async function adminToken(server: TestServer, password = ADMIN_PASSWORD): Promise<string> {
  const { status, body } = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/admin/login', { json: { username: 'admin', password } })
  expect(status, JSON.stringify(body)).toBe(200)
  return body.data.tokens.access_token
}

const registration = async (server: TestServer, extra: Record<string, unknown> = {}) => ({
  user_id: uniqueId('cl'),
  nickname: '新同学',
  password: 'secret123',
  ...(await captcha(server)),
  ...extra,
})

describe('classroom mode', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(CLASSROOM_ENV)
  }, 180_000)
  afterAll(() => server?.close())

  it('registration without the class code, or with a wrong one, is a 400 in the envelope and writes nothing', async () => {
    const users = await server.deps.db.getRepository(User).count()
    const missing = await server.call('POST', '/api/auth/register', { json: await registration(server) })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ code: 400, success: false, message: CLASSROOM_MESSAGES.classCodeRequired, data: null })
    const blank = await server.call('POST', '/api/auth/register', { json: await registration(server, { classCode: '' }) })
    expect(blank.body.message).toBe(CLASSROOM_MESSAGES.classCodeRequired)
    const wrong = await server.call('POST', '/api/auth/register', { json: await registration(server, { classCode: 'K7M3PY' }) })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 400, message: CLASSROOM_MESSAGES.classCodeWrong })
    const notText = await server.call('POST', '/api/auth/register', { json: await registration(server, { classCode: 123456 }) })
    expect(notText.status).toBe(400)
    expect(await server.deps.db.getRepository(User).count()).toBe(users)
  })

  it('the register form learns that it needs the class code (GET /api/auth/email-config)', async () => {
    expect((await server.call('GET', '/api/auth/email-config')).body.data).toMatchObject({ classCodeRequired: true })
  })

  it('registration with the class code (as typed on a phone: lower case, spaces) succeeds', async () => {
    const { status, body } = await server.call<{ user: { user_id: string } }>('POST', '/api/auth/register', { json: await registration(server, { classCode: ' k7m3px ' }) })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data.user.user_id).toMatch(/^cl/)
  })

  it('the published demo passwords are refused at login, registration and password change', async () => {
    for (const [user_id, password] of [['demo', 'demo123456'], ['shiliu_official', 'password123'], ['nobody_here', 'admin123456']] as const) {
      const { status, body } = await server.call('POST', '/api/auth/login', { json: { user_id, password } })
      expect(status, user_id).toBe(403)
      expect(body).toMatchObject({ code: 403, message: CLASSROOM_MESSAGES.publishedPassword, data: null })
    }
    const admin = await server.call('POST', '/api/auth/admin/login', { json: { username: 'admin', password: 'admin123456' } })
    expect(admin.status).toBe(403)
    expect(admin.body.message).toBe(CLASSROOM_MESSAGES.publishedPassword)
    const register = await server.call('POST', '/api/auth/register', { json: await registration(server, { classCode: CODE, password: 'password123' }) })
    expect(register.status).toBe(403)
    const member = await server.call<{ tokens: { access_token: string }; user: { user_id: string } }>('POST', '/api/auth/register', { json: await registration(server, { classCode: CODE }) })
    const change = await server.call('PUT', `/api/users/${member.body.data.user.user_id}/password`, { token: member.body.data.tokens.access_token, json: { currentPassword: 'secret123', newPassword: 'demo123456' } })
    expect(change.status).toBe(403)
  })

  it('the administrator signs in with the fresh password only', async () => {
    expect((await server.call('POST', '/api/auth/admin/login', { json: { username: 'admin', password: 'something-else' } })).status).toBe(401)
    await adminToken(server)
  })

  it('the back-office shows the room, and creates class accounts that sign in with their one-time passwords', async () => {
    const token = await adminToken(server)
    const info = await server.call<{ url: string; code: string; teacher_url: string; seats: number }>('GET', '/api/admin/classroom', { token })
    expect(info.status).toBe(200)
    expect(info.body.data).toMatchObject({ url: server.url, code: CODE, teacher_url: `${server.url}/classroom/${KEY}/`, seats: 60 })

    const created = await server.call<{ accounts: Array<{ user_id: string; password: string }>; sheet: string; csv: string }>('POST', '/api/admin/classroom/students', { token, json: { count: 3 } })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const accounts = created.body.data.accounts
    expect(accounts.map((a) => a.user_id)).toEqual(['class01', 'class02', 'class03'])
    expect(new Set(accounts.map((a) => a.password)).size).toBe(3)
    for (const a of accounts) expect(a.password).toMatch(/^[a-z2-9]{8}$/)
    const login = await server.call('POST', '/api/auth/login', { json: { user_id: 'class02', password: accounts[1]!.password } })
    expect(login.status).toBe(200)
    // Numbering goes on after the accounts already there.
    const more = await server.call<{ accounts: Array<{ user_id: string }> }>('POST', '/api/admin/classroom/students', { token, json: { count: 2 } })
    expect(more.body.data.accounts.map((a) => a.user_id)).toEqual(['class04', 'class05'])

    // The sheet and the CSV: on the teacher page only, owner-only files in DATA_DIR/classroom/.
    const sheet = await server.fetch(created.body.data.sheet)
    expect(sheet.status).toBe(200)
    const html = await sheet.text()
    expect(html).toContain('@page { size: A4')
    for (const a of accounts) expect(html).toContain(a.password)
    const csv = await (await server.fetch(created.body.data.csv)).text()
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(`class01,同学01,${accounts[0]!.password}`)
    const file = path.join(server.dataDir, 'classroom', path.basename(created.body.data.csv))
    expect(statSync(file).mode & 0o077).toBe(0)
    expect((await server.call('GET', '/api/admin/classroom', { token })).body.data).toMatchObject({ sheets: expect.arrayContaining([{ sheet: created.body.data.sheet, csv: created.body.data.csv }]) })
  })

  it('refuses a bad count with a 400, and the classroom routes to anyone but an administrator', async () => {
    const token = await adminToken(server)
    for (const count of [0, 201, 'many', null]) {
      const { status, body } = await server.call('POST', '/api/admin/classroom/students', { token, json: { count } })
      expect(status, String(count)).toBe(400)
      expect(body.code).toBe(400)
    }
    expect((await server.call('GET', '/api/admin/classroom')).status).toBe(401)
    const member = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/register', { json: await registration(server, { classCode: CODE }) })
    const memberToken = member.body.data.tokens.access_token
    expect((await server.call('GET', '/api/admin/classroom', { token: memberToken })).status).toBe(401)
    expect((await server.call('POST', '/api/admin/classroom/students', { token: memberToken, json: { count: 1 } })).status).toBe(401)
  })

  it('the teacher page shows the address and the class code behind its key only', async () => {
    const page = await server.fetch(`/classroom/${KEY}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain(`<p class="code" id="class-code">${CODE}</p>`)
    expect(html).toContain(server.url)
    expect(html).toContain('<svg')
    for (const wrong of [`/classroom/${KEY.slice(0, -1)}x/`, '/classroom/', `/classroom/${KEY}/../room.json`, `/classroom/${KEY}/room.json`]) {
      const reply = await server.fetch(wrong)
      expect(await reply.text(), wrong).not.toContain(CODE)
    }
  })
  it('speaks the request\'s language (issue 40): the class-code refusal, the teacher page, the count and the sheet', async () => {
    const register = async (language?: string) => {
      const res = await server.fetch('/api/auth/register', { method: 'POST', json: await registration(server, { classCode: 'K7M3PY' }), headers: language ? { 'Accept-Language': language } : {} })
      return { status: res.status, language: res.headers.get('content-language'), body: (await res.json()) as { message: string } }
    }
    expect(await register('en')).toMatchObject({ status: 400, language: 'en', body: { message: 'Wrong class code: look at the code on the teacher\'s screen' } })
    expect(await register()).toMatchObject({ status: 400, language: 'zh-CN', body: { message: '课堂码错误，请看老师屏幕上的课堂码' } })

    const page = async (language?: string) => {
      const res = await server.fetch(`/classroom/${KEY}/`, { headers: language ? { 'Accept-Language': language } : {} })
      expect(res.headers.get('vary')).toMatch(/Accept-Language/i)
      return { language: res.headers.get('content-language'), html: await res.text() }
    }
    const en = await page('en-GB,en;q=0.9')
    expect(en.language).toBe('en')
    expect(en.html).toContain('<html lang="en">')
    expect(en.html).toContain('<h1 id="heading">Scan to join the Shiliu classroom</h1>')
    expect(en.html).toContain(`administrator <b>admin</b>`)
    expect(en.html).toContain(`<p class="code" id="class-code">${CODE}</p>`)
    const zh = await page()
    expect(zh.html).toContain('<html lang="zh-CN">')
    expect(zh.html).toContain('<h1 id="heading">扫码加入石榴课堂</h1>')

    const token = await adminToken(server)
    const created = await server.fetch('/api/admin/classroom/students', { method: 'POST', token, json: { count: 2 }, headers: { 'Accept-Language': 'en' } })
    const body = (await created.json()) as { message: string; data: { sheet: string } }
    expect(body.message).toBe('2 class accounts created')
    const sheet = await (await server.fetch(body.data.sheet)).text()
    expect(sheet).toContain('<html lang="en">')
    expect(sheet).toContain('Shiliu classroom accounts (2 accounts): scan the code with a phone')
    const one = await server.call<{ sheet: string }>('POST', '/api/admin/classroom/students', { token, json: { count: 1 } })
    expect(one.body.message).toBe('已创建 1 个班级账号')
    expect(await (await server.fetch(one.body.data.sheet)).text()).toContain('<h1>石榴课堂账号（1 个）：用手机扫码打开，输入石榴号和密码登录</h1>')
  })
})

describe('after class: the activity export and the reset (classroom mode)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(CLASSROOM_ENV)
  }, 180_000)
  afterAll(async () => {
    onClassroomReset(null)
    await server?.close()
  })

  it('exports what the students published (notes with their images), and nothing of the demo people', async () => {
    const token = await adminToken(server)
    const [student] = (await server.call<{ accounts: Array<{ user_id: string; password: string }> }>('POST', '/api/admin/classroom/students', { token, json: { count: 1 } })).body.data.accounts
    const session = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', { json: { user_id: student!.user_id, password: student!.password } })
    const studentToken = session.body.data.tokens.access_token
    const image = await uploadImage(server, studentToken)
    const [category] = await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM categories ORDER BY id LIMIT 1')
    await createNote(server, studentToken, { title: '课堂上拍的银杏', content: '下课路上', images: [image.url], category_id: Number(category!.id) })
    const selfRegistered = await server.call<{ user: { user_id: string } }>('POST', '/api/auth/register', { json: await registration(server, { classCode: CODE }) })

    const { status, body } = await server.call<{ name: string; url: string; members: number; notes: number }>('POST', '/api/admin/classroom/export', { token })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data).toMatchObject({ members: 2, notes: 1 })
    const zip = await readZip(Buffer.from(await (await server.fetch(body.data.url)).arrayBuffer()))
    const notes = JSON.parse(zip.get(`${student!.user_id}/notes.json`)!.toString('utf8')) as Array<{ title: string; images: string[] }>
    expect(notes.map((n) => n.title)).toEqual(['课堂上拍的银杏'])
    expect(zip.has(`${student!.user_id}/${notes[0]!.images[0]}`)).toBe(true)
    expect(zip.has(`${selfRegistered.body.data.user.user_id}/profile.json`)).toBe(true)
    expect(zip.get('members.csv')!.toString('utf8')).toContain(student!.user_id)
    expect([...zip.keys()].some((name) => name.startsWith('demo/') || name.startsWith('shiliu_official/'))).toBe(false)
    // Listed for the teacher.
    expect((await server.call<{ exports: string[] }>('GET', '/api/admin/classroom', { token })).body.data.exports).toContain(body.data.url)
    expect(await (await server.fetch(`/classroom/${KEY}/`)).text()).toContain(body.data.name)
    // The zip's README in the language of the request that made it (issue 40).
    expect(zip.get('README.txt')!.toString('utf8')).toMatch(/^石榴课堂：本节课的学生动态\n/)
    const english = await server.fetch('/api/admin/classroom/export', { method: 'POST', token, headers: { 'Accept-Language': 'en' } })
    const made = (await english.json()) as { message: string; data: { url: string } }
    expect(made.message).toBe('This class\'s student activity was exported')
    const englishZip = await readZip(Buffer.from(await (await server.fetch(made.data.url)).arrayBuffer()))
    expect(englishZip.get('README.txt')!.toString('utf8')).toMatch(/^Shiliu classroom: this class's student activity\n/)
  })

  it('the reset needs the confirmation, and the demo script behind the server (409 otherwise)', async () => {
    const token = await adminToken(server)
    expect((await server.call('POST', '/api/admin/classroom/reset', { token, json: {} })).status).toBe(400)
    expect((await server.call('POST', '/api/admin/classroom/reset', { token, json: { confirm: 'reset' } })).status).toBe(400)
    const refused = await server.call('POST', '/api/admin/classroom/reset', { token, json: { confirm: 'RESET' } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(CLASSROOM_MESSAGES.resetUnavailable)
    // As under scripts/demo.mjs: the server asks its process to stop for the reset, after exporting.
    const asked = new Promise<void>((resolve) => onClassroomReset(resolve))
    const reset = await server.call<{ export: { name: string } }>('POST', '/api/admin/classroom/reset', { token, json: { confirm: 'RESET' } })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    await asked
    expect(existsSync(path.join(server.dataDir, 'classroom-exports', reset.body.data.export.name))).toBe(true)
  })
})

describe('a server started without classroom mode', () => {
  let server: TestServer
  beforeAll(async () => {
    // The demo with the desktop app's own administrator password, and the classroom's variables but the switch.
    server = await startTestServer({ SHILIU_DEMO: '1', SHILIU_DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD, SHILIU_CLASSROOM_CODE: CODE, SHILIU_CLASSROOM_KEY: KEY })
  }, 180_000)
  afterAll(() => server?.close())

  it('registers without a class code (one sent is ignored), accepts the demo member password, has no classroom routes or pages', async () => {
    expect((await server.call('POST', '/api/auth/register', { json: await registration(server) })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/register', { json: await registration(server, { classCode: 'WHATEVER' }) })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/login', { json: { user_id: 'demo', password: 'demo123456' } })).status).toBe(200)
    const token = await adminToken(server)
    const info = await server.call('GET', '/api/admin/classroom', { token })
    expect(info.status).toBe(404)
    expect(info.body).toMatchObject({ code: 404, message: CLASSROOM_MESSAGES.notClassroom })
    expect((await server.call('POST', '/api/admin/classroom/students', { token, json: { count: 2 } })).status).toBe(404)
    expect((await server.call('POST', '/api/admin/classroom/export', { token })).status).toBe(404)
    expect((await server.call('POST', '/api/admin/classroom/reset', { token, json: { confirm: 'RESET' } })).status).toBe(404)
    expect(await (await server.fetch(`/classroom/${KEY}/`)).text()).not.toContain(CODE)
  })
})

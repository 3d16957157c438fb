import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { dbRun } from '../../support/sql'
import { adminToken, createAdmin, createCategory, createMember, uploadImage } from './support'

type Row = Record<string, unknown>

/** An application as the member form stores it (type and an HTML table of the fields). */
async function applyFor(server: TestServer, userId: number, form: Record<string, string | number>): Promise<void> {
  const { type, ...fields } = form
  const content = `<table>${Object.values(fields).map((v) => `<tr><td>${String(v)}</td></tr>`).join('')}</table>`
  await dbRun(server.deps.db, 'INSERT INTO verifications (user_id, type, content, status) VALUES (?, ?, ?, ?)', [userId, Number(type), content, 0])
  await new Promise((r) => setTimeout(r, 5))
}

const personal = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }
const official = { type: 1, organizationName: '石榴社团', creditCode: '91110000000000000X', contactName: '李四', contactPhone: '13800000000', reason: '官方账号' }

describe('verification audit (/api/admin/audit and /api/admin/verifications)', () => {
  let server: TestServer
  let token: string
  let applicants: Array<{ id: number; user_id: string; token: string }>
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    applicants = []
    for (const [i, form] of [personal, official, personal].entries()) {
      const m = await createMember(server, { user_id: `applicant${i}`, nickname: `申请人${i}` })
      await applyFor(server, m.user.id, form)
      applicants.push({ id: m.user.id, user_id: m.user.user_id, token: m.token })
    }
  })
  afterAll(() => server?.close())

  const badge = async (userId: string) => Number((await server.call<AdminList<Row>>('GET', `/api/admin/users?user_display_id=${userId}`, { token })).body.data.data[0]!.verified)

  it('lists applications with applicant fields, newest first by default, under both paths', async () => {
    for (const base of ['/api/admin/audit', '/api/admin/verifications']) {
      const { status, body } = await server.call<AdminList<Row>>('GET', base, { token })
      expect(status).toBe(200)
      expect(body.data.data.map((r) => r.user_display_id)).toEqual(['applicant2', 'applicant1', 'applicant0'])
      expect(body.data.data[0]).toMatchObject({ nickname: '申请人2', type: 2, status: 0, admin_note: null, audit_time: null })
      expect(String(body.data.data[0]!.content)).toContain('张三')
    }
    const asc = await server.call<AdminList<Row>>('GET', '/api/admin/audit?sortField=id&order=asc', { token })
    expect(asc.body.data.data.map((r) => r.user_display_id)).toEqual(['applicant0', 'applicant1', 'applicant2'])
    expect((await server.call<AdminList<Row>>('GET', '/api/admin/verifications?type=1', { token })).body.data.data.map((r) => r.user_display_id)).toEqual(['applicant1'])
    expect((await server.call<AdminList<Row>>('GET', `/api/admin/audit?search=${encodeURIComponent('申请人0')}`, { token })).body.data.data).toHaveLength(1)
    expect((await server.call('GET', '/api/admin/audit?sortField=nickname', { token })).body.message).toBe('不支持的排序字段')
  })

  it('approve sets the badge by type (1 official, 2 personal), note optional; no second decision', async () => {
    const [a0, a1] = (await server.call<AdminList<Row>>('GET', '/api/admin/audit?sortField=id&order=asc', { token })).body.data.data
    const approved = await server.call<Row>('PUT', `/api/admin/audit/${String(a0!.id)}/approve`, { token, json: {} })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ message: '审核通过成功', data: { status: 1, admin_note: null } })
    expect(approved.body.data.audit_time).toBeTruthy()
    expect(await badge('applicant0')).toBe(2)
    const viaAlias = await server.call<Row>('PUT', `/api/admin/verifications/${String(a1!.id)}/approve`, { token, json: { admin_note: '资料齐全' } })
    expect(viaAlias.body.data).toMatchObject({ status: 1, admin_note: '资料齐全' })
    expect(await badge('applicant1')).toBe(1)
    expect((await server.call('PUT', `/api/admin/audit/${String(a0!.id)}/reject`, { token, json: { admin_note: '晚了' } })).body).toMatchObject({ code: 400, message: '该申请已审核，不能重复审核' })
  })

  it('reject stores admin_note, grants no badge; without a reason (the screen sends no body) the note is empty', async () => {
    const [row] = (await server.call<AdminList<Row>>('GET', '/api/admin/audit?status=0', { token })).body.data.data
    expect((await server.call('PUT', `/api/admin/audit/${String(row!.id)}/reject`, { token, json: { admin_note: 42 } })).status).toBe(400)
    const rejected = await server.call<Row>('PUT', `/api/admin/audit/${String(row!.id)}/reject`, { token, json: { admin_note: '材料不清晰' } })
    expect(rejected.body).toMatchObject({ message: '拒绝申请成功', data: { status: 2, admin_note: '材料不清晰' } })
    expect(await badge('applicant2')).toBe(0)
    const again = await server.call('PUT', `/api/admin/audit/${String(row!.id)}/reject`, { token })
    expect(again.body.message).toBe('该申请已审核，不能重复审核')
    // A fresh application rejected with no body at all.
    const { user, token: applicant } = await createMember(server)
    const applied = await server.call('POST', '/api/users/verification', { token: applicant, json: { type: 2, realName: '李四', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' } })
    expect(applied.status).toBe(200)
    const [fresh] = (await server.call<AdminList<Row>>('GET', `/api/admin/audit?status=0&user_display_id=${user.user_id}`, { token })).body.data.data
    const bare = await server.fetch(`/api/admin/audit/${String(fresh!.id)}/reject`, { method: 'PUT', token })
    expect(bare.status).toBe(200)
    expect(((await bare.json()) as { data: Row }).data).toMatchObject({ status: 2, admin_note: '' })
  })

  it('404 for missing applications; 400 for bad ids', async () => {
    expect((await server.call('PUT', '/api/admin/audit/999999/approve', { token, json: {} })).status).toBe(404)
    expect((await server.call('PUT', '/api/admin/verifications/999999/reject', { token, json: { admin_note: 'x' } })).status).toBe(404)
    expect((await server.call('DELETE', '/api/admin/audit/999999', { token })).status).toBe(404)
    expect((await server.call('GET', '/api/admin/verifications/999999', { token })).status).toBe(404)
    expect((await server.call('PUT', '/api/admin/audit/abc/approve', { token, json: {} })).status).toBe(400)
  })

  it('deleting an approved application withdraws its badge; deleting others leaves users alone', async () => {
    const rows = (await server.call<AdminList<Row>>('GET', '/api/admin/audit?sortField=id&order=asc', { token })).body.data.data
    expect((await server.call('DELETE', `/api/admin/audit/${String(rows[0]!.id)}`, { token })).body.message).toBe('删除成功')
    expect(await badge('applicant0')).toBe(0)
    expect((await server.call('DELETE', '/api/admin/verifications', { token, json: { ids: [rows[2]!.id] } })).status).toBe(200)
    expect(await badge('applicant1')).toBe(1)
    expect((await server.call('DELETE', '/api/admin/audit', { token, json: { ids: [] } })).body.message).toBe('请选择要删除的项目')
  })

  it('no create or plain edit; 401 for no token and a user token everywhere', async () => {
    expect((await server.fetch('/api/admin/audit', { method: 'POST', token, json: {} })).status).toBe(405)
    const userToken = applicants[2]!.token
    for (const base of ['/api/admin/audit', '/api/admin/verifications']) {
      for (const [method, path, json] of [['GET', base, undefined], ['GET', `${base}/1`, undefined], ['PUT', `${base}/1/approve`, {}], ['PUT', `${base}/1/reject`, { admin_note: 'x' }], ['DELETE', `${base}/1`, undefined], ['DELETE', base, { ids: [1] }]] as const) {
        expect((await server.call(method, path, { json })).status, `${method} ${path}`).toBe(401)
        expect((await server.call(method, path, { json, token: userToken })).status, `${method} ${path}`).toBe(401)
      }
    }
  })
})

describe('activity monitor and categories', () => {
  let server: TestServer
  let token: string
  let userToken: string
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    userToken = (await createMember(server, { user_id: 'writer', nickname: '写手', avatar: '/uploads/a.png' })).token
  })
  afterAll(() => server?.close())

  it('categories: create, rules of §5, unique, update, delete', async () => {
    const created = await server.call<Row>('POST', '/api/admin/categories', { token, json: { name: '美食', category_title: 'food' } })
    expect(created.body).toMatchObject({ message: '分类创建成功', data: { name: '美食', category_title: 'food', post_count: 0 } })
    const cases: Array<[unknown, string]> = [
      [{ category_title: 'x' }, '请输入分类名称'],
      [{ name: 'x'.repeat(51), category_title: 'x' }, '分类名称最多50个字符'],
      [{ name: '旅行' }, '请输入英文标识'],
      [{ name: '旅行', category_title: 'Travel' }, '只能输入小写英文字母'],
      [{ name: '旅行', category_title: 'travel1' }, '只能输入小写英文字母'],
      [{ name: '旅行', category_title: 'a'.repeat(51) }, '英文标识最多50个字符'],
    ]
    for (const [json, message] of cases) expect((await server.call('POST', '/api/admin/categories', { token, json })).body).toMatchObject({ code: 400, message })
    expect((await server.call('POST', '/api/admin/categories', { token, json: { name: '美食', category_title: 'meishi' } })).status).toBe(409)
    const id = String(created.body.data.id)
    expect((await server.call<Row>('PUT', `/api/admin/categories/${id}`, { token, json: { name: '吃货' } })).body.data.name).toBe('吃货')
    expect((await server.call('PUT', `/api/admin/categories/${id}`, { token, json: { category_title: 'FOOD' } })).body.message).toBe('只能输入小写英文字母')
    expect((await server.call('PUT', '/api/admin/categories/999999', { token, json: { name: 'x' } })).status).toBe(404)
    expect((await server.call('GET', '/api/admin/categories', { token: userToken })).status).toBe(401)
  })

  it('tags: name required', async () => {
    expect((await server.call('POST', '/api/admin/tags', { token, json: {} })).body).toMatchObject({ code: 400, message: '请输入标签名称' })
    expect((await server.call('POST', '/api/admin/tags', { token, json: { name: '  ' } })).body.message).toBe('请输入标签名称')
  })

  it('monitor: registrations, published notes and comments, newest first, filtered and bounded', async () => {
    const category = await createCategory(server, '学习', 'study')
    const image = await uploadImage(server, userToken)
    const note = await server.call<Row>('POST', '/api/admin/posts', { token, json: { user_display_id: 'writer', title: '期末复习', content: '<p>重点<b>整理</b></p>', category_id: category.id, type: 1, images: [image] } })
    const postId = Number(note.body.data.id)
    await server.call('POST', '/api/admin/posts', { token, json: { user_display_id: 'writer', title: '草稿不出现', type: 1, is_draft: true } })
    const comment = await server.call<Row>('POST', '/api/admin/comments', { token, json: { post_id: postId, user_display_id: 'writer', content: '加油' } })
    const { status, body } = await server.call<Row[]>('GET', '/api/admin/monitor/activities', { token })
    expect(status).toBe(200)
    expect(body.data.map((a) => a.type).sort()).toEqual(['comment_publish', 'post_publish', 'user_register'])
    const times = body.data.map((a) => String(a.created_at))
    expect([...times].sort().reverse()).toEqual(times)
    const byType = (t: string) => body.data.find((a) => a.type === t)
    expect(byType('comment_publish')).toMatchObject({ id: comment.body.data.id, user_id: 'writer', target_id: postId, nickname: '写手', avatar: '/uploads/a.png', content: '加油', description: '评论了笔记《期末复习》' })
    expect(byType('post_publish')).toMatchObject({ id: postId, target_id: postId, content: '重点 整理', description: '发布了笔记《期末复习》' })
    expect(byType('user_register')).toMatchObject({ user_id: 'writer', target_id: null, description: '注册了账号' })
    for (const a of body.data) expect(Object.keys(a).sort()).toEqual(['avatar', 'content', 'created_at', 'description', 'id', 'nickname', 'target_id', 'type', 'user_id'])
    expect((await server.call<Row[]>('GET', '/api/admin/monitor/activities?activity_type=post_publish', { token })).body.data).toHaveLength(1)
    expect((await server.call<Row[]>('GET', '/api/admin/monitor/activities?limit=1', { token })).body.data).toHaveLength(1)
    expect((await server.call<Row[]>('GET', '/api/admin/monitor/activities?date_to=2000-01-01', { token })).body.data).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    expect((await server.call<Row[]>('GET', `/api/admin/monitor/activities?date_from=${today}&date_to=${today}`, { token })).body.data).toHaveLength(3)
    expect((await server.call('GET', '/api/admin/monitor/activities?activity_type=login', { token })).body).toMatchObject({ code: 400, message: '不支持的动态类型' })
    expect((await server.call('GET', '/api/admin/monitor/activities?limit=201', { token })).body.message).toBe('limit 不能超过200')
    expect((await server.call('GET', '/api/admin/monitor/activities?date_from=nope', { token })).body.message).toBe('日期格式不正确')
    expect((await server.call('GET', '/api/admin/monitor/activities')).status).toBe(401)
    expect((await server.call('GET', '/api/admin/monitor/activities', { token: userToken })).status).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createMember } from './support'

type Row = Record<string, unknown>
interface ListEnvelope {
  code: number
  success: boolean
  data: { data: Row[]; pagination: { page: number; limit: number; total: number; pages: number } }
}

/** The generic dialect, exercised on categories and tags (declared like every other resource). */
describe('generic admin resource mechanism', () => {
  let server: TestServer
  let token: string
  let userToken: string
  const list = async (path: string) => {
    const res = await server.fetch(path, { token })
    return { status: res.status, body: (await res.json()) as ListEnvelope & { message: string } }
  }

  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    userToken = (await createMember(server)).token
    for (let i = 0; i < 25; i++) {
      const { status } = await server.call('POST', '/api/admin/tags', { token, json: { name: `标签${String(i).padStart(2, '0')}`, description: i % 2 ? '奇数' : null } })
      expect(status).toBe(200)
    }
  })
  afterAll(() => server?.close())

  it('lists with data.data = rows and data.pagination beside them (default limit 20), nothing else in the envelope', async () => {
    const { status, body } = await list('/api/admin/tags')
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 200, success: true })
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'success'])
    expect(Object.keys(body.data).sort()).toEqual(['data', 'pagination'])
    expect(body.data.data).toHaveLength(20)
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 25, pages: 2 })
    expect(Object.keys(body.data.data[0]!).sort()).toEqual(['created_at', 'description', 'id', 'name', 'use_count'])
    expect(typeof body.data.data[0]!.created_at).toBe('string')
    expect(new Date(String(body.data.data[0]!.created_at)).toISOString()).toBe(body.data.data[0]!.created_at)
  })

  it('pages, limits and caps the limit at 100', async () => {
    const second = await list('/api/admin/tags?page=2&limit=20')
    expect(second.body.data.data).toHaveLength(5)
    expect((await list('/api/admin/tags?limit=101')).body).toMatchObject({ code: 400, message: 'limit 不能超过100' })
    expect((await list('/api/admin/tags?page=0')).status).toBe(400)
  })

  it('sorts by an allowed field in either direction, with sortOrder or order', async () => {
    const asc = await list('/api/admin/tags?sortField=name&sortOrder=asc&limit=3')
    expect(asc.body.data.data.map((r) => r.name)).toEqual(['标签00', '标签01', '标签02'])
    const desc = await list('/api/admin/tags?sortField=name&order=DESC&limit=2')
    expect(desc.body.data.data.map((r) => r.name)).toEqual(['标签24', '标签23'])
    const bad = await list('/api/admin/tags?sortField=password_hash')
    expect(bad.body).toMatchObject({ code: 400, message: '不支持的排序字段' })
    expect((await list('/api/admin/tags?sortOrder=sideways')).body.message).toBe('排序方向只能是 asc 或 desc')
  })

  it('filters: search (substring, escaped), declared filters, empty values ignored', async () => {
    expect((await list(`/api/admin/tags?search=${encodeURIComponent('标签1')}`)).body.data.pagination.total).toBe(10)
    expect((await list('/api/admin/tags?search=%25')).body.data.pagination.total).toBe(0)
    expect((await list(`/api/admin/tags?name=${encodeURIComponent('签2')}`)).body.data.pagination.total).toBe(5)
    expect((await list('/api/admin/tags?search=&name=')).body.data.pagination.total).toBe(25)
  })

  it('filters by creation date', async () => {
    const today = new Date().toISOString().slice(0, 10)
    expect((await list(`/api/admin/tags?date_from=${today}&date_to=${today}`)).body.data.pagination.total).toBe(25)
    expect((await list('/api/admin/tags?date_to=2000-01-01')).body.data.pagination.total).toBe(0)
    expect((await list('/api/admin/tags?date_from=yesterday')).body.message).toBe('日期格式不正确')
  })

  it('reads one row, 404 for a missing id, 400 for a malformed one', async () => {
    const first = (await list('/api/admin/tags?limit=1')).body.data.data[0]!
    const one = await server.call<Row>('GET', `/api/admin/tags/${String(first.id)}`, { token })
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual(first)
    const missing = await server.call('GET', '/api/admin/tags/999999', { token })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('标签不存在')
    expect((await server.call('GET', '/api/admin/tags/abc', { token })).status).toBe(400)
  })

  it('updates and deletes; 404 for missing ids', async () => {
    const created = await server.call<Row>('POST', '/api/admin/tags', { token, json: { name: '待改' } })
    expect(created.body.message).toBe('标签创建成功')
    const id = Number(created.body.data.id)
    const updated = await server.call<Row>('PUT', `/api/admin/tags/${id}`, { token, json: { name: '已改', description: '说明' } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ message: '更新成功', data: { id, name: '已改', description: '说明' } })
    expect((await server.call('PUT', '/api/admin/tags/999999', { token, json: { name: 'x' } })).status).toBe(404)
    expect((await server.call('DELETE', `/api/admin/tags/${id}`, { token })).body).toMatchObject({ code: 200, message: '删除成功' })
    expect((await server.call('DELETE', `/api/admin/tags/${id}`, { token })).status).toBe(404)
  })

  it('batch delete: empty or missing list 400, unknown ids 404, otherwise deletes the existing ones', async () => {
    for (const json of [{ ids: [] }, {}, undefined]) {
      const res = await server.call('DELETE', '/api/admin/tags', { token, json })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('请选择要删除的项目')
    }
    expect((await server.call('DELETE', '/api/admin/tags', { token, json: { ids: [999998, 999999] } })).status).toBe(404)
    const ids = (await list('/api/admin/tags?limit=3')).body.data.data.map((r) => Number(r.id))
    const res = await server.call<{ deletedCount: number }>('DELETE', '/api/admin/tags', { token, json: { ids: [...ids, 999999] } })
    expect(res.status).toBe(200)
    expect(res.body.data.deletedCount).toBe(3)
    expect((await list('/api/admin/tags')).body.data.pagination.total).toBe(22)
  })

  it('unique names conflict with 409', async () => {
    const res = await server.call('POST', '/api/admin/tags', { token, json: { name: '标签10' } })
    expect(res.status).toBe(409)
  })

  it('every route refuses no token and a user token with 401', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/tags'],
      ['GET', '/api/admin/tags/1'],
      ['POST', '/api/admin/tags', { name: 'x' }],
      ['PUT', '/api/admin/tags/1', { name: 'x' }],
      ['DELETE', '/api/admin/tags/1'],
      ['DELETE', '/api/admin/tags', { ids: [1] }],
    ]
    for (const [method, path, json] of routes) {
      expect((await server.call(method, path, { json })).status, `${method} ${path}`).toBe(401)
      expect((await server.call(method, path, { json, token: userToken })).status, `${method} ${path} user`).toBe(401)
    }
  })

  it('records every write in the admin audit log, listed as a read-only resource', async () => {
    const { body } = await list('/api/admin/audit-logs?resource=tags&sortField=id&sortOrder=asc&limit=100')
    const actions = body.data.data.map((r) => r.action)
    expect(actions.filter((a) => a === 'create')).toHaveLength(26)
    expect(actions).toContain('update')
    expect(actions).toContain('delete')
    expect(actions).toContain('batch-delete')
    const batch = body.data.data.find((r) => r.action === 'batch-delete')!
    expect(batch).toMatchObject({ admin_username: 'root', resource: 'tags' })
    expect(String(batch.resource_ids).split(',')).toHaveLength(3)
    const update = body.data.data.find((r) => r.action === 'update')!
    expect(JSON.parse(String(update.detail))).toEqual({ fields: ['name', 'description'] })
    expect((await server.fetch('/api/admin/audit-logs', { method: 'POST', token, json: {} })).status).toBe(405)
    expect((await server.fetch('/api/admin/audit-logs/1', { method: 'DELETE', token })).status).toBe(405)
  })
})

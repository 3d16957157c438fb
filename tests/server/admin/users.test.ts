import type { AdminList } from '../../../server/contract/admin/list'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createMember } from './support'

type Row = Record<string, unknown>

describe('admin users', () => {
  let server: TestServer
  let token: string
  let userToken: string
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    userToken = (await createMember(server)).token
  })
  afterAll(() => server?.close())

  const create = (json: unknown) => server.call<Row>('POST', '/api/admin/users', { token, json })
  const valid = { user_id: 'alice_01', nickname: '爱丽丝', password: 'secret-1' }

  it('creates a member with defaults; replies never carry the password hash', async () => {
    const { status, body } = await create({ ...valid, interests: ['摄影'], gender: '女', verified: '2' })
    expect(status).toBe(200)
    expect(body.message).toBe('用户创建成功')
    expect(body.data).toMatchObject({ user_id: 'alice_01', nickname: '爱丽丝', gender: '女', interests: ['摄影'], verified: 2, is_active: true, follow_count: 0 })
    expect(body.data.avatar).toMatch(/^\/uploads\//)
    expect(JSON.stringify(body)).not.toMatch(/password|\$argon2/)
    const list = await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=alice_01', { token })
    expect(list.body.data.data).toHaveLength(1)
    expect(JSON.stringify(list.body)).not.toMatch(/password|\$argon2/)
  })

  it.each([
    [{ nickname: '名字', password: 'secret-1' }, '请输入石榴号'],
    [{ ...valid, user_id: 'ab' }, '石榴号长度需在3-15个字符之间'],
    [{ ...valid, user_id: 'a'.repeat(16) }, '石榴号长度需在3-15个字符之间'],
    [{ ...valid, user_id: 'bad id!' }, '石榴号只能包含字母、数字和下划线'],
    [{ ...valid, nickname: undefined }, '请输入昵称'],
    [{ ...valid, nickname: '一' }, '昵称长度必须在2-10位之间'],
    [{ ...valid, nickname: '一二三四五六七八九十一' }, '昵称长度必须在2-10位之间'],
    [{ ...valid, password: undefined }, '请输入密码'],
    [{ ...valid, password: '12345' }, '密码长度必须在6-20位之间'],
    [{ ...valid, password: 'x'.repeat(21) }, '密码长度必须在6-20位之间'],
    [{ ...valid, verified: 3 }, '认证状态只能是 0、1 或 2'],
    [{ ...valid, gender: '其他' }, '性别只能是男或女'],
  ])('400 for %j: %s', async (json, message) => {
    const { status, body } = await create(json)
    expect(status).toBe(400)
    expect(body.message).toBe(message)
  })

  it('refuses a taken display id with 409, like a duplicate in any other resource', async () => {
    const { status, body } = await create(valid)
    expect(status).toBe(409)
    expect(body.message).toBe('该石榴号已存在')
  })

  it('updates the profile and account fields; sorts and filters', async () => {
    const id = (await server.call<AdminList<Row>>('GET', '/api/admin/users?user_display_id=alice_01', { token })).body.data.data[0]!.id
    const { status, body } = await server.call<Row>('PUT', `/api/admin/users/${String(id)}`, { token, json: { nickname: '新名字', bio: '<b>你好</b>', mbti: 'infp', password: '' } })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ nickname: '新名字', bio: '你好', mbti: 'INFP' })
    expect((await server.call('PUT', `/api/admin/users/${String(id)}`, { token, json: { nickname: '一' } })).body.message).toBe('昵称长度必须在2-10位之间')
    const taken = await server.call('PUT', `/api/admin/users/${String(id)}`, { token, json: { user_id: 'member1' } })
    expect([taken.status, taken.body.message]).toEqual([409, '该石榴号已存在'])
    expect((await server.call('PUT', '/api/admin/users/999999', { token, json: { nickname: '名字' } })).status).toBe(404)
    const filtered = await server.call<AdminList<Row>>('GET', `/api/admin/users?verified=2&nickname=${encodeURIComponent('新')}`, { token })
    expect(filtered.body.data.data.map((r) => r.user_id)).toEqual(['alice_01'])
    const sorted = await server.call<AdminList<Row>>('GET', '/api/admin/users?sortField=user_id&sortOrder=asc', { token })
    expect(sorted.body.data.data.map((r) => r.user_id)).toEqual(['alice_01', 'member1'])
  })

  it('401 without a token and with a user token', async () => {
    expect((await server.call('GET', '/api/admin/users')).status).toBe(401)
    expect((await server.call('GET', '/api/admin/users', { token: userToken })).status).toBe(401)
    expect((await server.call('POST', '/api/admin/users', { token: userToken, json: valid })).status).toBe(401)
  })

  it('deactivating a member ends their sessions and blocks login; reactivating lets them back in', async () => {
    const { user, token: memberToken } = await createMember(server)
    expect((await server.call('GET', '/api/auth/me', { token: memberToken })).status).toBe(200)
    expect((await server.call('PUT', `/api/admin/users/${user.id}`, { token, json: { is_active: false } })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/me', { token: memberToken })).status).toBe(401)
    const login = await server.call('POST', '/api/auth/login', { json: { user_id: user.user_id, password: 'member-pass' } })
    expect(login.status).toBe(403)
    expect((await server.call('PUT', `/api/admin/users/${user.id}`, { token, json: { is_active: true } })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/login', { json: { user_id: user.user_id, password: 'member-pass' } })).status).toBe(200)
  })

  it('a new password set by an admin ends the member sessions', async () => {
    const { user, token: memberToken } = await createMember(server)
    expect((await server.call('PUT', `/api/admin/users/${user.id}`, { token, json: { password: 'changed-1' } })).status).toBe(200)
    expect((await server.call('GET', '/api/auth/me', { token: memberToken })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/login', { json: { user_id: user.user_id, password: 'changed-1' } })).status).toBe(200)
  })

  it('deletes one and in batch; 404 for a missing id', async () => {
    const a = await createMember(server)
    const b = await createMember(server)
    expect((await server.call('DELETE', `/api/admin/users/${a.user.id}`, { token })).status).toBe(200)
    expect((await server.call('GET', `/api/admin/users/${a.user.id}`, { token })).status).toBe(404)
    expect((await server.call('DELETE', `/api/admin/users/${a.user.id}`, { token })).status).toBe(404)
    expect((await server.call('DELETE', '/api/admin/users', { token, json: { ids: [] } })).body.message).toBe('请选择要删除的项目')
    const batch = await server.call<{ deletedCount: number }>('DELETE', '/api/admin/users', { token, json: { ids: [b.user.id] } })
    expect(batch.body.data.deletedCount).toBe(1)
    expect((await server.call('GET', '/api/auth/me', { token: b.token })).status).toBe(401)
  })
})

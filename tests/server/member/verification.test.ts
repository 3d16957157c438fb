import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'

interface Status {
  id: number
  status: number
  statusText: string
  type: number
  admin_note: string | null
  created_at: string
  audit_time: string | null
  verified: number
}

const personal = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }
const official = { type: 1, organizationName: '石榴大学', creditCode: '12100000400000000X', contactName: '李四', contactPhone: '13800000000', reason: '官方账号' }

describe('member verification: apply, status, withdraw', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  /** The member's applications, newest first; the latest is the first. */
  const applications = async (token: string) => (await server.call<Status[]>('GET', '/api/users/verification/status', { token })).body.data
  const status = async (token: string) => (await applications(token))[0]
  const stored = async (userId: number) =>
    (await dbQuery(server.deps.db, 'SELECT type, status, content FROM verifications WHERE user_id = ?', [userId])) as Array<{ type: number; status: number; content: string }>

  it('no application: an empty list', async () => {
    const m = await registerMember(server)
    expect(await applications(m.token)).toEqual([])
  })

  it('a personal application is stored as a sanitised table and shows as pending; the content is not sent back', async () => {
    const m = await registerMember(server)
    const { status: code, body } = await server.call<Status>('POST', '/api/users/verification', { token: m.token, json: { ...personal, occupation: '<script>alert(1)</script>学生' } })
    expect(code).toBe(200)
    expect(body.message).toBe('申请已提交')
    expect(body.data).toMatchObject({ status: 0, statusText: '审核中', type: 2, verified: 0 })
    expect(JSON.stringify(body.data)).not.toContain('110101')
    const [row] = await stored(m.id)
    expect(row!.content).toContain('<table>')
    // Stored masked; the full table only encrypted (tests/server/admin/identity.test.ts).
    expect(row!.content).toContain('<th>身份证号</th><td>1101**********1234</td>')
    expect(row!.content).toContain('&lt;script&gt;')
    expect(row!.content).not.toContain('<script>')
    const list = await applications(m.token)
    expect(list).toHaveLength(1)
    expect(Object.keys(list[0]!).sort()).toEqual(['admin_note', 'audit_time', 'created_at', 'id', 'status', 'statusText', 'type', 'verified'])
    expect(list[0]).toMatchObject({ status: 0, statusText: '审核中', type: 2, admin_note: null, audit_time: null, verified: 0 })
    expect(JSON.stringify(list)).not.toContain('110101')
  })

  it('an official application, also with the documented snake_case names', async () => {
    const m = await registerMember(server)
    const { organizationName, creditCode, contactName, contactPhone, reason } = official
    const res = await server.call('POST', '/api/users/verification', {
      token: m.token,
      json: { type: '1', organization_name: organizationName, credit_code: creditCode, contact_name: contactName, contact_phone: contactPhone, description: reason },
    })
    expect(res.status).toBe(200)
    expect((await stored(m.id))[0]!.content).toContain('<th>统一社会信用代码</th>')
  })

  it('a ready-made content table from the client is sanitised', async () => {
    const m = await registerMember(server)
    const res = await server.call('POST', '/api/users/verification', { token: m.token, json: { type: 2, content: '<table onclick="x()"><tr><td>真实姓名</td><td>王五</td></tr></table><img src=x onerror=alert(1)>' } })
    expect(res.status).toBe(200)
    const [row] = await stored(m.id)
    expect(row!.content).toBe('<table><tr><td>真实姓名</td><td>王五</td></tr></table>')
  })

  it.each([
    [{ ...personal, type: undefined }, '请选择认证类型'],
    [{ ...personal, type: 3 }, '请选择认证类型'],
    [{ ...personal, realName: '' }, '请输入真实姓名'],
    [{ ...personal, idCard: '  ' }, '请输入身份证号'],
    [{ ...personal, occupation: undefined }, '请输入职业'],
    [{ ...personal, reason: '' }, '请输入申请理由'],
    [{ ...personal, reason: '理'.repeat(201) }, '申请理由不能超过200个字符'],
    [{ ...official, organizationName: '' }, '请输入机构名称'],
    [{ ...official, creditCode: undefined }, '请输入统一社会信用代码'],
    [{ ...official, contactName: '' }, '请输入联系人姓名'],
    [{ ...official, contactPhone: '' }, '请输入联系电话'],
    [{ type: 2 }, '请填写认证信息'],
    [{ type: 2, content: '<script>x</script>' }, '请填写认证信息'],
  ])('400 %j → %s, nothing stored', async (json, message) => {
    const m = await registerMember(server)
    const res = await server.call('POST', '/api/users/verification', { token: m.token, json })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await stored(m.id)).toEqual([])
  })

  it('one application at a time: pending and approved block a new one, rejected is replaced', async () => {
    const m = await registerMember(server)
    await server.call('POST', '/api/users/verification', { token: m.token, json: personal })
    const twice = await server.call('POST', '/api/users/verification', { token: m.token, json: personal })
    expect(twice.status).toBe(400)
    expect(twice.body.message).toBe('您的认证申请正在审核中，请勿重复提交')
    await dbRun(server.deps.db, "UPDATE verifications SET status = 2, admin_note = '材料不全' WHERE user_id = ?", [m.id])
    expect(await status(m.token)).toMatchObject({ status: 2, statusText: '未通过', admin_note: '材料不全' })
    expect((await server.call('POST', '/api/users/verification', { token: m.token, json: official })).status).toBe(200)
    expect(await stored(m.id)).toHaveLength(1)
    await dbRun(server.deps.db, 'UPDATE verifications SET status = 1 WHERE user_id = ?', [m.id])
    const approved = await server.call('POST', '/api/users/verification', { token: m.token, json: personal })
    expect(approved.status).toBe(400)
    expect(approved.body.message).toBe('您已通过认证，无需重复申请')
  })

  it('withdraw in any state; withdrawing an approved application removes the badge', async () => {
    for (const state of [0, 1, 2]) {
      const m = await registerMember(server)
      await server.call('POST', '/api/users/verification', { token: m.token, json: official })
      await dbRun(server.deps.db, 'UPDATE verifications SET status = ? WHERE user_id = ?', [state, m.id])
      if (state === 1) await dbRun(server.deps.db, 'UPDATE users SET verified = 1 WHERE id = ?', [m.id])
      const res = await server.call<Status[]>('DELETE', '/api/users/verification/revoke', { token: m.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('申请已撤回')
      expect(res.body.data).toEqual([])
      expect(await stored(m.id)).toEqual([])
      expect((await server.call('GET', `/api/users/${m.user_id}`)).body.data).toMatchObject({ verified: 0 })
    }
  })

  it('withdraw with nothing to withdraw: 404', async () => {
    const m = await registerMember(server)
    const res = await server.call('DELETE', '/api/users/verification/revoke', { token: m.token })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('没有可撤回的认证申请')
  })

  it('401 on every call without a token', async () => {
    expect((await server.call('POST', '/api/users/verification', { json: personal })).status).toBe(401)
    expect((await server.call('GET', '/api/users/verification/status')).status).toBe(401)
    expect((await server.call('DELETE', '/api/users/verification/revoke')).status).toBe(401)
  })
})

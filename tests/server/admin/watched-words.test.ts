import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, uniqueId } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin } from './support'

interface WordRow {
  id: number
  word: string
  action: string
  created_at: string
}

/** The watched-word list and the settings, as admin resources, and the list applied to nicknames and bios. */
describe('watched words (admin resource) and profiles', () => {
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    admin = await adminToken(server)
  })
  afterAll(() => server?.close())

  const addWord = async (word: string, action: string) => {
    const { status, body } = await server.call<WordRow>('POST', '/api/admin/watched-words', { token: admin, json: { word, action } })
    expect(status, body.message).toBe(200)
    return body.data
  }

  it('creates, lists, updates and deletes words, refusing bad input and duplicates in another width or case', async () => {
    expect((await server.call('GET', '/api/admin/watched-words')).status).toBe(401)
    const row = await addWord('ＶＩＰ代购', 'replace')
    expect(row).toMatchObject({ word: 'ＶＩＰ代购', action: 'replace' })
    expect(row.created_at).toBeTruthy()

    for (const [json, message] of [
      [{ word: '', action: 'block' }, '请输入词语'],
      [{ word: 'x', action: 'hide' }, '处理方式只能是 block、review 或 replace'],
      [{ word: 'x'.repeat(101), action: 'block' }, '词语最多100个字符'],
    ] as const) {
      const { status, body } = await server.call('POST', '/api/admin/watched-words', { token: admin, json })
      expect([status, body.message]).toEqual([400, message])
    }
    // A duplicate (in another width or case) is a conflict, the 409 the document declares.
    const duplicate = await server.call('POST', '/api/admin/watched-words', { token: admin, json: { word: 'vip代购', action: 'block' } })
    expect([duplicate.status, duplicate.body.message]).toEqual([409, '该词语已存在'])

    const list = await server.call<{ data: WordRow[]; pagination: { total: number } }>('GET', '/api/admin/watched-words?action=replace&search=vip', { token: admin })
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((w) => w.id)).toEqual([row.id])

    const updated = await server.call<WordRow>('PUT', `/api/admin/watched-words/${row.id}`, { token: admin, json: { action: 'block' } })
    expect([updated.status, updated.body.message, updated.body.data.action]).toEqual([200, '更新成功', 'block'])
    expect((await server.call('PUT', '/api/admin/watched-words/999999', { token: admin, json: { action: 'block' } })).body.message).toBe('敏感词不存在')

    const removed = await server.call('DELETE', `/api/admin/watched-words/${row.id}`, { token: admin })
    expect([removed.status, removed.body.message]).toEqual([200, '删除成功'])
    const logs = await server.call<{ data: Array<{ action: string; resource: string }> }>('GET', '/api/admin/audit-logs?resource=watched-words', { token: admin })
    expect(logs.body.data.data.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update'])
  })

  it('applies to nicknames and bios from the next write: block and review refuse, replace masks', async () => {
    const member = await registerMember(server)
    const profile = (json: Record<string, unknown>) => server.call<{ nickname: string; bio: string }>('PUT', `/api/users/${member.user_id}`, { token: member.token, json })

    expect((await profile({ nickname: '坏蛋小王' })).status).toBe(200)
    await addWord('坏蛋', 'block')
    await addWord('兼职刷单', 'review')
    await addWord('Hello', 'replace')

    for (const json of [{ nickname: '大坏蛋' }, { bio: '我在找兼职刷单的工作' }]) {
      const { status, body } = await profile(json)
      expect([status, body.message], JSON.stringify(json)).toEqual([400, '内容包含不当词语'])
    }
    const masked = await profile({ nickname: 'ｈｅｌｌｏ同学', bio: '你好 HeLLo 世界' })
    expect(masked.status).toBe(200)
    expect(masked.body.data).toMatchObject({ nickname: '***同学', bio: '你好 *** 世界' })

    // Registration goes through the same check.
    const id = uniqueId()
    await expect(registerMember(server, id, { nickname: '坏蛋' })).rejects.toThrow(/内容包含不当词语/)
  })

  it('edits the 笔记审核 setting with its allowed values only', async () => {
    const list = await server.call<{ data: Array<{ id: number; name: string; label: string; value: string }> }>('GET', '/api/admin/settings', { token: admin })
    expect(list.status).toBe(200)
    const setting = list.body.data.data.find((s) => s.name === 'post_review')!
    expect(setting).toMatchObject({ label: '笔记审核', value: 'off' })
    const bad = await server.call('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: { value: 'sometimes' } })
    expect([bad.status, bad.body.message]).toEqual([400, '笔记审核只能是：off、all、first3'])
    expect((await server.call('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: {} })).body.message).toBe('请选择设置值')
    const ok = await server.call<{ value: string }>('PUT', `/api/admin/settings/${setting.id}`, { token: admin, json: { value: 'first3' } })
    expect([ok.status, ok.body.data.value]).toEqual([200, 'first3'])
    // Settings come with the migrations: no create, no delete.
    expect((await server.call('POST', '/api/admin/settings', { token: admin, json: { name: 'x', value: 'y' } })).status).toBe(405)
    expect((await server.call('DELETE', `/api/admin/settings/${setting.id}`, { token: admin })).status).toBe(405)
  })
})

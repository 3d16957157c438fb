import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember, type Member } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'

/*
 * Fixed routes are never caught by their `/:id` siblings (issue 22 §7): /users/search, /users/verification and
 * /notifications/read-all advertise only their own methods, and any other method is a 405 with that Allow.
 */
describe('fixed paths beside /:id routes', () => {
  let server: TestServer
  let member: Member
  beforeAll(async () => {
    server = await startTestServer()
    member = await registerMember(server)
  })
  afterAll(() => server?.close())

  const allow = (res: Response) => (res.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort()

  it.each([
    ['/api/users/search', ['GET', 'HEAD']],
    ['/api/users/verification', ['POST']],
    ['/api/notifications/read-all', ['PUT']],
    ['/api/users/blocks', ['GET', 'HEAD']],
  ])('OPTIONS %s lists only %j', async (path, methods) => {
    const res = await server.fetch(path, { method: 'OPTIONS' })
    expect(res.status).toBe(204)
    expect(allow(res)).toEqual([...methods].sort())
  })

  it.each([
    ['PUT', '/api/users/search', ['GET', 'HEAD']],
    ['DELETE', '/api/users/search', ['GET', 'HEAD']],
    ['GET', '/api/users/verification', ['POST']],
    ['PUT', '/api/users/verification', ['POST']],
    ['DELETE', '/api/notifications/read-all', ['PUT']],
    ['POST', '/api/users/blocks', ['GET', 'HEAD']],
  ])('%s %s: 405 in the envelope with Allow %j, for a member too (never read as an id)', async (method, path, methods) => {
    for (const token of [undefined, member.token]) {
      const res = await server.fetch(path, { method, token, ...(method === 'GET' ? {} : { json: { nickname: '改名' } }) })
      expect(res.status).toBe(405)
      expect(allow(res)).toEqual([...methods].sort())
      expect(await res.json()).toEqual({ code: 405, success: false, message: '不支持该请求方法', data: null })
    }
  })

  it('the fixed routes themselves still answer', async () => {
    expect((await server.fetch('/api/users/search?keyword=a')).status).toBe(200)
    expect((await server.fetch('/api/notifications/read-all', { method: 'PUT', token: member.token })).status).toBe(200)
    expect((await server.fetch('/api/users/verification', { method: 'POST', token: member.token, json: {} })).status).toBe(400)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRoutes, isAdminPath, routeKey } from '../../support/routes'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin, createMember } from './support'

const PUBLIC_ADMIN_ROUTES = new Set(['POST /api/auth/admin/login', 'POST /api/auth/admin/refresh'])

/** Every admin route of the real router (so a new one is covered without editing this test). */
function adminRoutes(server: TestServer): Array<[string, string]> {
  return apiRoutes(server.deps)
    .filter((r) => isAdminPath(r.path) && !PUBLIC_ADMIN_ROUTES.has(routeKey(r)))
    .map((r) => [r.method, r.path.replace(/:[A-Za-z_]+/g, '1')])
}

describe('authorization matrix of the admin API', () => {
  let server: TestServer
  let userToken: string
  let adminTokenValue: string
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    adminTokenValue = await adminToken(server)
    userToken = (await createMember(server)).token
  })
  afterAll(() => server?.close())

  it('covers every admin route', () => {
    expect(adminRoutes(server).length).toBeGreaterThan(70)
  })

  it('answers 401 without a token, with a user token and with a forged token, on every admin route', async () => {
    for (const [method, path] of adminRoutes(server)) {
      const json = method === 'GET' ? undefined : {}
      for (const token of [undefined, userToken, `${adminTokenValue}x`]) {
        const { status, body } = await server.call(method, path, { token, json })
        expect(status, `${method} ${path} ${token === userToken ? 'user token' : token ? 'forged' : 'no token'}`).toBe(401)
        expect(body.success).toBe(false)
      }
    }
  })

  it('an admin token never authenticates a member route', async () => {
    for (const [method, path] of [['GET', '/api/auth/me'], ['GET', '/api/notifications'], ['POST', '/api/posts'], ['POST', '/api/likes']] as const) {
      expect((await server.call(method, path, { token: adminTokenValue, json: method === 'GET' ? undefined : {} })).status, `${method} ${path}`).toBe(401)
    }
  })
})

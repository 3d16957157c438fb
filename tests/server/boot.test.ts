import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

describe('server boot on an empty DATA_DIR', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  it('serves /api/health in the envelope', async () => {
    const { status, body } = await server.call<{ timestamp: string; uptime: number }>('GET', '/api/health')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.code).toBe(200)
    expect(Date.parse(body.data.timestamp)).not.toBeNaN()
    expect(body.data.uptime).toBeGreaterThanOrEqual(0)
  })

  it('answers unknown /api paths with an enveloped 404, not HTML', async () => {
    const { status, body } = await server.call('GET', '/api/no-such-thing')
    expect(status).toBe(404)
    expect(body).toMatchObject({ code: 404, success: false })
    expect(body.message).toBeTruthy()
  })

  it('answers an unsupported method on a known path with an enveloped 405 and its Allow header', async () => {
    const { status, body, headers } = await server.call('DELETE', '/api/health')
    expect(status).toBe(405)
    expect(body).toMatchObject({ code: 405, success: false })
    expect(headers.get('allow')).toContain('GET')
  })

  it('counts nothing on an empty database', async () => {
    const { body } = await server.call('GET', '/api/stats')
    expect(body.data).toEqual({ users: 0, posts: 0, comments: 0, likes: 0 })
  })
})

import { request } from 'node:http'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { startServer, type RunningServer } from '../../../server/main'
import { captcha, registerMember, uniqueId } from '../../support/members'
import { sharedEnv, startTestServer, type TestServer } from '../../support/server'

const LIMITS = { RATE_LIMIT_CAPTCHA_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '3' }

/** A second instance on the same DATA_DIR and database as `first`. */
async function secondInstance(first: TestServer, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(loadConfig({ HOST: '127.0.0.1', PORT: '0', ...sharedEnv(first), LOG_LEVEL: 'silent', SHILIU_TEST_CAPTCHA: '1', ...LIMITS, ...env }))
}

async function get(url: string): Promise<Response> {
  return fetch(url)
}

function expectTooMany(res: { status: number; headers: Headers; body?: { message: string } }) {
  expect(res.status).toBe(429)
  const retry = Number(res.headers.get('retry-after'))
  expect(retry).toBeGreaterThanOrEqual(1)
  expect(retry).toBeLessThanOrEqual(60)
  if (res.body) expect(res.body.message).toBe('请求过于频繁，请稍后再试')
}

describe('rate limits (database store)', () => {
  const servers: Array<{ close?: () => Promise<void>; stop: () => Promise<void> }> = []
  afterAll(async () => {
    for (const s of servers.reverse()) await (s.close ?? s.stop)()
  })

  it('captcha: over the limit answers 429 with Retry-After', async () => {
    const server = await startTestServer(LIMITS)
    servers.push(server)
    for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/auth/captcha')).status).toBe(200)
    expectTooMany(await server.call('GET', '/api/auth/captcha'))
  })

  it('login and register have their own limits', async () => {
    const server = await startTestServer(LIMITS)
    servers.push(server)
    for (let i = 0; i < 3; i++) expect((await server.call('POST', '/api/auth/login', { json: { user_id: 'nobody', password: 'x' } })).status).toBe(400)
    expectTooMany(await server.call('POST', '/api/auth/login', { json: { user_id: 'nobody', password: 'x' } }))
    for (let i = 0; i < 3; i++) expect((await server.call('POST', '/api/auth/register', { json: {} })).status).toBe(400)
    expectTooMany(await server.call('POST', '/api/auth/register', { json: {} }))
  })

  it('writes are limited per member, not per address', async () => {
    const server = await startTestServer({ ...LIMITS, RATE_LIMIT_AUTH_PER_MINUTE: '100', RATE_LIMIT_CAPTCHA_PER_MINUTE: '100' })
    servers.push(server)
    const [a, b, c] = [await registerMember(server), await registerMember(server), await registerMember(server)]
    for (let i = 0; i < 3; i++) expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
    expectTooMany(await server.call('PUT', `/api/users/${a.user_id}`, { token: a.token, json: { nickname: 'x' } }))
    expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: c.token })).status).toBe(200)
  })

  it('instances sharing a database share captchas and counters', async () => {
    const a = await startTestServer({ ...LIMITS, RATE_LIMIT_CAPTCHA_PER_MINUTE: '4' })
    servers.push(a)
    const b = await secondInstance(a, { RATE_LIMIT_CAPTCHA_PER_MINUTE: '4' })
    servers.push(b)
    // A captcha issued by one instance is accepted by the other, once.
    const c = await captcha(a)
    const register = (url: string) =>
      fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ user_id: uniqueId(), nickname: 'n', password: 'secret123', ...c }) })
    expect((await register(b.url)).status).toBe(200)
    expect((await register(a.url)).status).toBe(400)
    // 1 captcha so far on A; 3 more across both instances reach the limit of 4.
    expect((await get(`${b.url}/api/auth/captcha`)).status).toBe(200)
    expect((await get(`${a.url}/api/auth/captcha`)).status).toBe(200)
    expect((await get(`${b.url}/api/auth/captcha`)).status).toBe(200)
    const over = await get(`${a.url}/api/auth/captcha`)
    expectTooMany({ status: over.status, headers: over.headers })
  })
})

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1000 })
  try {
    await redis.connect()
    await redis.ping()
    return true
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

const haveRedis = await redisReachable()
if (!haveRedis) console.warn(`rate-limits.test: Redis not reachable at ${REDIS_URL}; the Redis store tests are skipped`)

/**
 * A JSON call from a given loopback source address: limits are per client address and Redis outlives this run
 * (and is shared with other runs on the machine), so the Redis test uses an address of its own.
 */
function callFrom(localAddress: string, base: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: { data: Record<string, string>; message: string } }> {
  const url = new URL(`${base}${path}`)
  const payload = json === undefined ? undefined : JSON.stringify(json)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method, localAddress, headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {} },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { data: Record<string, string>; message: string } }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe.skipIf(!haveRedis)('rate limits and captchas in Redis (REDIS_URL)', () => {
  const servers: Array<{ close?: () => Promise<void>; stop: () => Promise<void> }> = []
  afterAll(async () => {
    for (const s of servers.reverse()) await (s.close ?? s.stop)()
  })

  it('two instances with separate databases share captchas and limits through Redis', async () => {
    const byte = () => 1 + Math.floor(Math.random() * 250)
    const from = `127.${byte()}.${byte()}.${byte()}`
    const env = { REDIS_URL, RATE_LIMIT_CAPTCHA_PER_MINUTE: '3' }
    const a = await startTestServer(env)
    const b = await startTestServer(env)
    servers.push(a, b)
    const issued = await callFrom(from, a.url, 'GET', '/api/auth/captcha')
    expect(issued.status).toBe(200)
    const c = { captchaId: issued.body.data.captchaId!, captchaText: issued.body.data.text! }
    const register = () => callFrom(from, b.url, 'POST', '/api/auth/register', { user_id: uniqueId(), nickname: 'n', password: 'secret123', ...c })
    expect((await register()).status).toBe(200)
    const again = await register()
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('验证码已过期，请重新获取')
    expect((await callFrom(from, b.url, 'GET', '/api/auth/captcha')).status).toBe(200)
    expect((await callFrom(from, a.url, 'GET', '/api/auth/captcha')).status).toBe(200)
    const over = await callFrom(from, b.url, 'GET', '/api/auth/captcha')
    expect(over.status).toBe(429)
    expect(over.body.message).toBe('请求过于频繁，请稍后再试')
  })
})

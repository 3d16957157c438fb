import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { startServer, type RunningServer } from '../../../server/main'
import { captcha, registerMember, uniqueId } from '../../support/members'
import { startTestServer, type TestServer } from '../../support/server'

const LIMITS = { RATE_LIMIT_CAPTCHA_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '3' }

/** A second instance on the same DATA_DIR (and so the same SQLite database) as `first`. */
async function secondInstance(first: TestServer, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: first.dataDir, LOG_LEVEL: 'silent', SHILIU_TEST_CAPTCHA: '1', ...LIMITS, ...env }))
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

describe.skipIf(!haveRedis)('rate limits and captchas in Redis (REDIS_URL)', () => {
  const servers: Array<{ close?: () => Promise<void>; stop: () => Promise<void> }> = []
  afterAll(async () => {
    for (const s of servers.reverse()) await (s.close ?? s.stop)()
  })

  it('two instances with separate databases share captchas and limits through Redis', async () => {
    const redis = new Redis(REDIS_URL)
    const stale = await redis.keys('rl_captcha*')
    if (stale.length) await redis.del(...stale)
    redis.disconnect()
    const env = { REDIS_URL, RATE_LIMIT_CAPTCHA_PER_MINUTE: '3' }
    const a = await startTestServer(env)
    const b = await startTestServer(env)
    servers.push(a, b)
    const c = await captcha(a)
    expect(await captchaWorksOnce(b, c)).toBe(true)
    expect((await b.call('GET', '/api/auth/captcha')).status).toBe(200)
    expect((await a.call('GET', '/api/auth/captcha')).status).toBe(200)
    expectTooMany(await b.call('GET', '/api/auth/captcha'))
  })
})

/** Register on `server` with a captcha another instance issued (the check passes, the captcha is used up). */
async function captchaWorksOnce(server: TestServer, c: { captchaId: string; captchaText: string }): Promise<boolean> {
  const first = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'n', password: 'secret123', ...c } })
  const again = await server.call('POST', '/api/auth/register', { json: { user_id: uniqueId(), nickname: 'n', password: 'secret123', ...c } })
  return first.status === 200 && again.status === 400 && again.body.message === '验证码已过期，请重新获取'
}

/**
 * Captchas in Redis (REDIS_URL) while Redis is down (issue 22 §8c): issuing and checking a captcha answer 503
 * with Retry-After and a message, like every other dependency failure, never a plain 500; once Redis is back
 * they work again. A real redis-server of its own on a free port, stopped and restarted under the server.
 * Engine-independent: runs in the SQLite pass.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { runsOn, skipLoudly } from './../support/engines'
import { freePort } from '../support/ports'
import { startTestServer, type TestServer } from '../support/server'

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p))
if (!REDIS_SERVER && runsOn('sqlite')) skipLoudly('captchas while Redis is down', 'redis-server is not installed (apt-get install redis-server)')


/** A throw-away redis-server (no persistence) on `port`; resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk)
      if (/Ready to accept connections/i.test(out)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)))
  })
  return child
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

describe.runIf(runsOn('sqlite') && REDIS_SERVER !== undefined)('captchas while Redis is down (REDIS_URL)', () => {
  let server: TestServer
  let redis: ChildProcess
  let port: number
  afterAll(async () => {
    await server?.close()
    if (redis) await stopRedis(redis)
  })

  it('GET /auth/captcha: 200 while Redis answers, 503 with Retry-After while it is down, 200 again once it is back', async () => {
    port = await freePort()
    redis = await startRedis(port)
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${port}` })
    const up = await server.call<{ captchaId: string; text: string }>('GET', '/api/auth/captcha')
    expect(up.status).toBe(200)

    await stopRedis(redis)
    const down = await server.call('GET', '/api/auth/captcha')
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    expect(down.body).toEqual({ code: 503, success: false, message: '验证码服务暂时不可用，请稍后重试', data: { retry_after: 5 } })

    // Registering checks the captcha in Redis: the same 503, not a 500 (and not "wrong captcha").
    const register = await server.call('POST', '/api/auth/register', { json: { user_id: 'redisdown1', nickname: '测试', password: 'secret123', captchaId: up.body.data.captchaId, captchaText: up.body.data.text } })
    expect(register.status).toBe(503)
    expect(register.body.message).toBe('验证码服务暂时不可用，请稍后重试')

    redis = await startRedis(port)
    let again = 0
    for (let i = 0; i < 100 && again !== 200; i++) {
      again = (await server.call('GET', '/api/auth/captcha')).status
      if (again !== 200) await new Promise((r) => setTimeout(r, 100))
    }
    expect(again).toBe(200)
  }, 60_000)
})

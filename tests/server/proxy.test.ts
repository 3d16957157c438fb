/**
 * Proxy trust (TRUST_PROXY = number of proxies that append to X-Forwarded-For): the client address is the
 * right-most one no trusted proxy vouches for, and it is what rate limits and sessions see. The nginx site of
 * docs/deployment.md runs for real in front of two instances and is attacked with forged headers.
 * Engine-independent (the HTTP layer): runs in the SQLite pass.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { startServer, type RunningServer } from '../../server/main'
import { runsOn, skipLoudly } from '../support/engines'
import { requestBytes } from '../support/http'
import { freePort } from '../support/ports'
import { openEventStream } from '../support/event-stream'
import { registerMember } from '../support/members'
import { sharedEnv, startTestServer, type TestServer } from '../support/server'
import { dbQuery } from '../support/sql'
import { adminToken, createAdmin } from './admin/support'
import { uploadImage } from './member/support/notes'

const AUTH_LIMIT = 5
const cleanup: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

interface Reply {
  status: number
  body: { data: Record<string, unknown>; message: string }
}

/** A JSON request with the given headers, optionally from a given loopback source address. */
function call(base: string, method: string, p: string, options: { json?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Reply> {
  const url = new URL(`${base}${p}`)
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: options.from,
        headers: { ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}), ...options.headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const badLogin = (base: string, headers: Record<string, string>, from?: string) => call(base, 'POST', '/api/auth/login', { json: { user_id: 'nobody', password: 'wrong-password' }, headers, from })

/** The address the server recorded for a fresh session of `member`. */
async function sessionAddress(server: TestServer, base: string, userId: string, headers: Record<string, string>, from?: string): Promise<string> {
  const login = await call(base, 'POST', '/api/auth/login', { json: { user_id: userId, password: 'secret123' }, headers, from })
  expect(login.status).toBe(200)
  const [row] = await dbQuery<{ ip: string }>(server.deps.db, 'SELECT ip FROM sessions ORDER BY id DESC LIMIT 1')
  return row!.ip.replace(/^::ffff:/, '')
}

describe('TRUST_PROXY configuration', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'shiliu-proxy-cfg-')) }
  cleanup.push(() => rmSync(base.DATA_DIR, { recursive: true, force: true }))

  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['1', 1],
    ['2', 2],
  ])('TRUST_PROXY=%s trusts %i proxies', (value, hops) => {
    expect(loadConfig({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toBe(hops)
  })

  it.each(['true', 'yes', '-1', '1.5', 'loopback', '127.0.0.1'])('refuses TRUST_PROXY=%s with a message that says what to set', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*is not a number of proxies.*1: one nginx/s)
  })
})

describe.runIf(runsOn('sqlite'))('client address behind trusted proxies', () => {
  async function serverWith(hops: string): Promise<TestServer> {
    const server = await startTestServer({ TRUST_PROXY: hops, RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT) })
    cleanup.push(() => server.close())
    return server
  }

  it('TRUST_PROXY=1: a forged X-Forwarded-For does not buy a fresh rate-limit bucket (proxy_add_x_forwarded_for style)', async () => {
    const server = await serverWith('1')
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await badLogin(server.url, { 'X-Forwarded-For': `10.9.${i}.1, 198.51.100.7` })).status)
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(400))
    expect(statuses.slice(AUTH_LIMIT)).toEqual(Array(30 - AUTH_LIMIT).fill(429))
    // Another real client (right-most address) has its own budget.
    expect((await badLogin(server.url, { 'X-Forwarded-For': '10.9.0.1, 198.51.100.8' })).status).toBe(400)
  })

  it('TRUST_PROXY=1 / 2 / 0: the session records the right-most untrusted address', async () => {
    const one = await serverWith('1')
    const m1 = await registerMember(one)
    expect(await sessionAddress(one, one.url, m1.user_id, { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7' })).toBe('198.51.100.7')
    expect(await sessionAddress(one, one.url, m1.user_id, { 'X-Forwarded-For': '198.51.100.9' })).toBe('198.51.100.9')

    const two = await serverWith('2')
    const m2 = await registerMember(two)
    expect(await sessionAddress(two, two.url, m2.user_id, { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7, 10.0.0.2' })).toBe('198.51.100.7')

    const none = await serverWith('0')
    const m0 = await registerMember(none)
    expect(await sessionAddress(none, none.url, m0.user_id, { 'X-Forwarded-For': '6.6.6.6' }, '127.0.0.9')).toBe('127.0.0.9')
  })
})

/** The ```nginx block of docs/deployment.md. */
function documentedSite(): string {
  const doc = readFileSync('docs/deployment.md', 'utf8')
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1]
  if (!block) throw new Error('docs/deployment.md has no ```nginx block')
  return block
}


const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p))
if (!nginx && runsOn('sqlite')) skipLoudly('nginx site of docs/deployment.md', 'nginx is not installed (apt-get install nginx-light; .ci/run installs it)')

describe.runIf(runsOn('sqlite') && nginx !== undefined)('the nginx site of docs/deployment.md, for real', () => {
  /** Run nginx in the foreground with the documented site pointing at `upstreams`; its listening port. */
  async function runNginx(upstreams: RunningServer[], edit: (site: string) => string = (s) => s): Promise<number> {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'shiliu-nginx-'))
    mkdirSync(path.join(prefix, 'logs'))
    const port = await freePort()
    let site = documentedSite()
    const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+;.*$/gm)]
    expect(servers).toHaveLength(2)
    site = site.replace(servers[0]![0], upstreams.map((u) => `    server 127.0.0.1:${u.port};`).join('\n')).replace(servers[1]![0], '')
    // The release directory of the documented site is this checkout's build.
    expect(site).toContain('root /opt/shiliu/dist/renderer;')
    site = site.replace('root /opt/shiliu/dist/renderer;', `root ${path.resolve(upstreams[0]!.deps.config.rendererDir)};`)
    site = edit(site.replace(/listen 80;/, `listen 127.0.0.1:${port};`))
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log;\nevents { worker_connections 64; }\n` +
        // As Debian's /etc/nginx/nginx.conf does around the conf.d site files.
        `http {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n${site}\n}\n`,
    )
    const check = spawnSync(nginx!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' })
    expect(check.status, check.stderr).toBe(0)
    const child: ChildProcess = spawn(nginx!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' })
    cleanup.push(async () => {
      child.kill('SIGQUIT')
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
      rmSync(prefix, { recursive: true, force: true })
    })
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0)
      if (up === 200) return port
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`nginx did not come up: ${readFileSync(path.join(prefix, 'logs/error.log'), 'utf8')}`)
  }

  it('two instances behind it: forged headers change neither the rate-limit bucket nor the recorded address', async () => {
    const first = await startTestServer({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT) })
    cleanup.push(() => first.close())
    const second = await startServer(loadConfig({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', SHILIU_TEST_CAPTCHA: '1', TRUST_PROXY: '1', RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT), ...sharedEnv(first) }))
    cleanup.push(() => second.stop())
    const port = await runNginx([first, second])
    const proxy = `http://127.0.0.1:${port}`

    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await badLogin(proxy, { 'X-Forwarded-For': `10.8.${i}.1` }, '127.0.0.5')).status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(AUTH_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - AUTH_LIMIT)

    const member = await registerMember(first)
    expect(await sessionAddress(first, proxy, member.user_id, { 'X-Forwarded-For': '6.6.6.6' }, '127.0.0.6')).toBe('127.0.0.6')
  }, 60_000)

  it('serves the build\'s assets pre-compressed from disk and cached for a year; pages, API and media pass through as the instances compress and cache them', async () => {
    const server = await startTestServer({ TRUST_PROXY: '1' })
    cleanup.push(() => server.close())
    const proxy = `http://127.0.0.1:${await runNginx([server])}`
    const rendererDir = server.deps.config.rendererDir
    const html = readFileSync(path.join(rendererDir, 'member.html'), 'utf8')
    const asset = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!).find((a) => existsSync(path.join(rendererDir, `${a}.gz`)))!
    expect(asset).toBeDefined()
    const original = readFileSync(path.join(rendererDir, asset))

    const gz = await requestBytes(`${proxy}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.status).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toMatch(/javascript/)
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(gz.headers['x-content-type-options']).toBe('nosniff')
    expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/i)
    expect(gunzipSync(gz.bytes).equals(original)).toBe(true)
    const plain = await requestBytes(`${proxy}${asset}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.bytes.equals(original)).toBe(true)
    // Not in this release: asked of the instances, which answer 404 for a missing asset.
    expect((await requestBytes(`${proxy}/assets/other-release-1234abcd.js`)).status).toBe(404)

    const page = await requestBytes(`${proxy}/explore`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(page.bytes).equals(readFileSync(path.join(rendererDir, 'member.html')))).toBe(true)

    const api = await requestBytes(`${proxy}/api/openapi.json`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(api.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(api.bytes).toString('utf8')).openapi).toMatch(/^3\./)

    const member = await registerMember(server)
    const image = await uploadImage(server, member.token)
    const media = await requestBytes(`${proxy}${image.url}`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(media.status).toBe(200)
    expect(media.headers['content-encoding']).toBeUndefined()
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  }, 60_000)

  it('passes the notification stream through unbuffered: an event arrives while the stream stays open', async () => {
    const server = await startTestServer({ TRUST_PROXY: '1' })
    cleanup.push(() => server.close())
    const proxy = `http://127.0.0.1:${await runNginx([server])}`
    const [author, fan] = [await registerMember(server), await registerMember(server)]
    const stream = await openEventStream(`${proxy}/api/notifications/stream`, { Authorization: `Bearer ${author.token}`, 'Accept-Encoding': 'gzip, br' })
    cleanup.push(async () => stream.close())
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(stream.headers.get('content-encoding')).toBeNull()
    await stream.next((e) => e.event === 'counts')
    expect((await server.call('POST', `/api/users/${author.user_id}/follow`, { token: fan.token })).status).toBe(200)
    expect(JSON.parse((await stream.next((e) => e.event === 'notification')).data)).toMatchObject({ type: 6 })
  }, 60_000)

  it('passes the admin stream through the same unbuffered location: a report reaches it while it stays open', async () => {
    // Both stream routes fall in the site's stream location (the one with proxy_buffering off).
    const streamLocation = /location ~ (\S+) \{[^}]*proxy_buffering off;/.exec(documentedSite())?.[1]
    expect(streamLocation, 'a regex location with proxy_buffering off').toBeTruthy()
    for (const route of ['/api/notifications/stream', '/api/admin/stream']) expect(new RegExp(streamLocation!).test(route), route).toBe(true)
    expect(new RegExp(streamLocation!).test('/api/admin/streams')).toBe(false)

    const server = await startTestServer({ TRUST_PROXY: '1' })
    cleanup.push(() => server.close())
    const proxy = `http://127.0.0.1:${await runNginx([server])}`
    await createAdmin(server)
    const admin = await adminToken(server)
    const [author, reporter] = [await registerMember(server), await registerMember(server)]
    const stream = await openEventStream(`${proxy}/api/admin/stream`, { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'gzip, br' })
    cleanup.push(async () => stream.close())
    expect([stream.status, stream.headers.get('content-encoding')]).toEqual([200, null])
    await stream.next((e) => e.event === 'queue')
    const reported = await server.call('POST', '/api/reports', { token: reporter.token, json: { target_type: 'user', target_id: author.user_id, reason: '垃圾广告' } })
    expect(reported.status).toBe(200)
    expect(JSON.parse((await stream.next((e) => e.event === 'report_group')).data)).toMatchObject({ target_type: 'user', target_id: author.id })
  }, 60_000)

  it('with the common proxy_add_x_forwarded_for instead, the right-most address still wins', async () => {
    const server = await startTestServer({ TRUST_PROXY: '1' })
    cleanup.push(() => server.close())
    const port = await runNginx([server], (site) => site.replace('proxy_set_header X-Forwarded-For $remote_addr;', 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;'))
    const member = await registerMember(server)
    expect(await sessionAddress(server, `http://127.0.0.1:${port}`, member.user_id, { 'X-Forwarded-For': '6.6.6.6' }, '127.0.0.7')).toBe('127.0.0.7')
  }, 60_000)
})

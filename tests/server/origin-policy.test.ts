/**
 * Who may call the API from a web page (server/http/cors.ts): same-origin pages, the origins of CORS_ORIGINS
 * (the desktop app's app://shiliu), and non-browser clients; every other browser request is refused before it
 * reaches a handler. ALLOWED_HOSTS refuses requests addressed to other host names (DNS rebinding).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { judgeOrigin } from '../../server/http/cors'
import { startTestServer, type TestServer } from '../support/server'

const ADMIN = { username: 'admin', password: 'admin123456' }

function login(server: TestServer, headers: Record<string, string>) {
  return server.fetch('/api/auth/admin/login', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(ADMIN) })
}

/** A raw request, so the Host header can be anything (fetch sets it from the URL). */
function rawGet(server: TestServer, pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathname, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += String(chunk)))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('judgeOrigin', () => {
  const host = '127.0.0.1:3000'
  it('tells same-origin, allowed, non-browser and refused requests apart', () => {
    expect(judgeOrigin({ host }, [])).toEqual({ kind: 'no-origin' })
    expect(judgeOrigin({ host, secFetchSite: 'none' }, [])).toEqual({ kind: 'no-origin' })
    expect(judgeOrigin({ host, secFetchSite: 'same-origin' }, [])).toEqual({ kind: 'no-origin' })
    expect(judgeOrigin({ host, origin: 'http://127.0.0.1:3000' }, [])).toEqual({ kind: 'same-origin' })
    expect(judgeOrigin({ host: 'campus.example.edu', origin: 'https://campus.example.edu', secFetchSite: 'same-origin' }, [])).toEqual({ kind: 'same-origin' })
    expect(judgeOrigin({ host, origin: 'app://shiliu' }, ['app://shiliu'])).toEqual({ kind: 'allowed', origin: 'app://shiliu' })
    expect(judgeOrigin({ host, origin: 'https://anything.example' }, ['*'])).toEqual({ kind: 'allowed', origin: 'https://anything.example' })
    expect(judgeOrigin({ host, origin: 'app://shiliu' }, []).kind).toBe('refused')
    expect(judgeOrigin({ host, origin: 'https://evil.example' }, ['app://shiliu']).kind).toBe('refused')
    expect(judgeOrigin({ host, origin: 'null' }, []).kind).toBe('refused')
    expect(judgeOrigin({ host, origin: 'http://127.0.0.1:4000' }, []).kind).toBe('refused')
    expect(judgeOrigin({ host, secFetchSite: 'cross-site' }, []).kind).toBe('refused')
    expect(judgeOrigin({ host, secFetchSite: 'same-site' }, []).kind).toBe('refused')
  })
})

describe('CORS_ORIGINS and ALLOWED_HOSTS settings', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-origin-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const base = { DATA_DIR: dataDir }
  it('default to none and are normalised', () => {
    const config = loadConfig(base, dataDir)
    expect(config.corsOrigins).toEqual([])
    expect(config.allowedHosts).toEqual([])
    expect(loadConfig({ ...base, CORS_ORIGINS: ' app://shiliu , HTTPS://Campus.Example.edu/ ', ALLOWED_HOSTS: '127.0.0.1,LocalHost' }, dataDir)).toMatchObject({
      corsOrigins: ['app://shiliu', 'https://campus.example.edu'],
      allowedHosts: ['127.0.0.1', 'localhost'],
    })
  })
  it('refuse what is not an origin', () => {
    for (const bad of ['https://campus.example.edu/path', 'campus.example.edu', 'https://user@campus.example.edu']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad }, dataDir), bad).toThrow(ConfigError)
    }
  })
})

describe('a headless server (no CORS_ORIGINS)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ SHILIU_DEMO: '1' })
  })
  afterAll(() => server.close())

  it('serves its own pages and non-browser clients', async () => {
    expect((await login(server, {})).status).toBe(200)
    expect((await login(server, { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200)
    const res = await login(server, { Origin: server.url })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses another site before the handler runs, preflight included, with the envelope', async () => {
    const res = await login(server, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 403, success: false, message: '不允许从其他网站调用此接口', data: null })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await server.fetch('/api/auth/admin/login', { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    // A form post or <img> from another site carries no readable Origin but says cross-site.
    expect((await server.fetch('/api/health', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403)
    // The desktop app's origin is not allowed unless configured.
    expect((await login(server, { Origin: 'app://shiliu' })).status).toBe(403)
  })

  it('still serves media to any page (no CORS headers for unknown origins)', async () => {
    const res = await server.fetch('/uploads/demo/avatars/avatar-01.webp', { headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('the desktop app\'s embedded server (CORS_ORIGINS=app://shiliu, ALLOWED_HOSTS=127.0.0.1,localhost)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ SHILIU_DEMO: '1', CORS_ORIGINS: 'app://shiliu', ALLOWED_HOSTS: '127.0.0.1,localhost' })
  })
  afterAll(() => server.close())

  it('answers the app\'s origin with CORS headers, preflight included', async () => {
    const res = await login(server, { Origin: 'app://shiliu', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('app://shiliu')
    expect(res.headers.get('vary')).toContain('Origin')
    const preflight = await server.fetch('/api/auth/admin/login', {
      method: 'OPTIONS',
      headers: { Origin: 'app://shiliu', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://shiliu')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization')
    const media = await server.fetch('/uploads/demo/avatars/avatar-01.webp', { headers: { Origin: 'app://shiliu' } })
    expect(media.headers.get('access-control-allow-origin')).toBe('app://shiliu')
  })

  it('refuses any web page in the user\'s browser, also one rebinding its name to 127.0.0.1', async () => {
    expect((await login(server, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await login(server, { Origin: 'http://localhost:8080', 'Sec-Fetch-Site': 'same-site' })).status).toBe(403)
    const rebound = await rawGet(server, '/api/health', { Host: `evil.example:${server.port}` })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 403, success: false, message: '不允许的主机名' })
    expect((await rawGet(server, '/', { Host: `evil.example:${server.port}` })).status).toBe(403)
    expect((await rawGet(server, '/api/health', { Host: `localhost:${server.port}` })).status).toBe(200)
    expect((await rawGet(server, '/api/health', { Host: `127.0.0.1:${server.port}` })).status).toBe(200)
  })
})

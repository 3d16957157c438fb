/**
 * Security headers on every kind of reply (issue 11 §2): HTML of both apps, API successes and errors, media
 * and missing media. The built pages carry no inline script or style the CSP would block.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMember } from '../support/members'
import { startTestServer, type TestServer } from '../support/server'
import { uploadImage } from './member/support/notes'

const DESKTOP = 'app://shiliu'

function cspOf(headers: Headers): Map<string, string> {
  const policy = headers.get('content-security-policy') ?? ''
  return new Map(policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')] as [string, string]))
}

function expectCommon(headers: Headers, what: string): void {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(headers.get('x-frame-options'), what).toBe('DENY')
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin')
  expect(cspOf(headers).get('frame-ancestors'), what).toBe("'none'")
}

describe('security headers', () => {
  let server: TestServer
  let mediaUrl: string
  let token: string
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: DESKTOP })
    const m = await registerMember(server)
    token = m.token
    mediaUrl = (await uploadImage(server, token)).url
  })
  afterAll(() => server?.close())

  const get = (p: string, headers: Record<string, string> = {}) => server.fetch(p, { headers })

  it('HTML of the member app: strict CSP (own scripts only, no inline), blob: previews allowed', async () => {
    for (const p of ['/', '/explore', '/post/1']) {
      const res = await get(p)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expectCommon(res.headers, p)
      const csp = cspOf(res.headers)
      expect(csp.get('default-src')).toBe("'self'")
      expect(csp.get('script-src')).toBe("'self'")
      expect(csp.get('style-src')).toBe("'self'")
      expect(csp.get('object-src')).toBe("'none'")
      expect(csp.get('base-uri')).toBe("'none'")
      expect(csp.get('connect-src')).toBe("'self'")
      expect(csp.get('img-src')).toBe("'self' data: blob:")
      expect(csp.get('media-src')).toBe("'self' blob:")
      expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-(inline|eval)|upgrade-insecure-requests|\*/)
    }
  })

  it('HTML of the admin app: the same, without blob: (it makes no upload previews)', async () => {
    for (const p of ['/admin', '/admin/audit']) {
      const res = await get(p)
      expect(res.status).toBe(200)
      expectCommon(res.headers, p)
      const csp = cspOf(res.headers)
      expect(csp.get('script-src')).toBe("'self'")
      expect(csp.get('img-src')).toBe("'self' data:")
      expect(csp.get('media-src')).toBe("'self'")
      expect(res.headers.get('content-security-policy')).not.toMatch(/blob:|unsafe-(inline|eval)/)
    }
  })

  it('the built pages have no inline script, style element or style attribute for the CSP to block', () => {
    for (const page of ['member.html', 'admin.html']) {
      const html = readFileSync(path.join(server.deps.config.rendererDir, page), 'utf8')
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, page).toMatch(/\bsrc=/)
      expect(html, page).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i)
    }
  })

  it('API replies, successes and errors alike: nosniff, no framing, a CSP that grants nothing', async () => {
    const replies = [
      ['GET /api/health', await get('/api/health')],
      ['GET /api/auth/me (signed in)', await server.fetch('/api/auth/me', { token })],
      ['GET /api/auth/me (401)', await get('/api/auth/me')],
      ['GET /api/nope (404)', await get('/api/nope')],
      ['POST /api/auth/login (400)', await server.fetch('/api/auth/login', { method: 'POST', json: {} })],
      ['PATCH /api/health (405)', await server.fetch('/api/health', { method: 'PATCH' })],
      ['cross-site POST (403)', await server.fetch('/api/auth/login', { method: 'POST', json: {}, headers: { Origin: 'https://evil.example' } })],
    ] as const
    for (const [what, res] of replies) {
      expectCommon(res.headers, what)
      expect(res.headers.get('content-type'), what).toMatch(/application\/json/)
      const csp = cspOf(res.headers)
      expect(csp.get('default-src'), what).toBe("'none'")
      expect(csp.has('sandbox'), what).toBe(true)
      expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin')
    }
    expect(replies.map(([, r]) => r.status)).toEqual([200, 200, 401, 404, 400, 405, 403])
  })

  it('media: nosniff, no framing, and loadable by the desktop app (CORP cross-origin, CORS for app://shiliu only)', async () => {
    const media = await get(mediaUrl, { Origin: DESKTOP })
    expect(media.status).toBe(200)
    expect(media.headers.get('content-type')).toMatch(/^image\//)
    expectCommon(media.headers, 'media')
    expect(cspOf(media.headers).get('default-src')).toBe("'none'")
    expect(media.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(media.headers.get('access-control-allow-origin')).toBe(DESKTOP)
    const foreign = await get(mediaUrl, { Origin: 'https://evil.example' })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const missing = await get('/uploads/images/none.webp')
    expect(missing.status).toBe(404)
    expectCommon(missing.headers, 'missing media')
  })

  it('the desktop app’s API calls still get CORS from app://shiliu (preflight included)', async () => {
    const preflight = await server.fetch('/api/auth/me', { method: 'OPTIONS', headers: { Origin: DESKTOP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DESKTOP)
    expect(preflight.headers.get('x-content-type-options')).toBe('nosniff')
    const call = await server.fetch('/api/auth/me', { token, headers: { Origin: DESKTOP } })
    expect(call.status).toBe(200)
    expect(call.headers.get('access-control-allow-origin')).toBe(DESKTOP)
  })
})

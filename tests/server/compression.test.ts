/**
 * Compression and caching (issue 22 §1): API replies over 1 KiB are compressed on the fly (brotli, else gzip,
 * by Accept-Encoding and its q-values) and decode to the same JSON; small replies, HEAD, media and event
 * streams are not. The renderer build is served from its pre-compressed .br/.gz copies with the original
 * type, `Vary: Accept-Encoding`, a year of immutable caching for hashed assets and `no-cache` for the pages;
 * the security headers stay. Also the build step that writes the copies, /robots.txt and the pages' lang.
 * Engine-independent (the HTTP layer): runs in the SQLite pass. Needs `npm run build` (npm test builds first).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/vite/precompress'
import { compression } from '../../server/http/compression'
import { runsOn } from '../support/engines'
import { requestBytes, type BytesReply } from '../support/http'
import { registerMember } from '../support/members'
import { startTestServer, type TestServer } from '../support/server'
import { createCategory, createNote, uploadImage } from './member/support/notes'

const decode = (reply: BytesReply): Buffer => {
  const encoding = reply.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(reply.bytes)
  if (encoding === 'gzip') return gunzipSync(reply.bytes)
  expect(encoding).toBeUndefined()
  return reply.bytes
}
const varies = (reply: BytesReply) => String(reply.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding')

describe.runIf(runsOn('sqlite'))('compression and caching', () => {
  let server: TestServer
  let imageUrl: string
  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => requestBytes(`${server.url}${p}`, { method, headers })

  beforeAll(async () => {
    server = await startTestServer()
    const member = await registerMember(server)
    const category = await createCategory(server, '学习', 'study')
    imageUrl = (await uploadImage(server, member.token)).url
    for (let i = 0; i < 8; i++) await createNote(server, member.token, { title: `第${i}篇笔记`, content: `<p>${'校园生活的一天。'.repeat(20)}</p>`, category_id: category, images: [imageUrl] })
  })
  afterAll(() => server?.close())

  describe('API replies', () => {
    it('brotli when accepted: Vary, no Content-Length, and the same JSON as the uncompressed reply, in fewer bytes', async () => {
      const plain = await get('/api/posts?page=1&limit=20')
      expect(plain.status).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.bytes.length).toBeGreaterThan(1024)
      const br = await get('/api/posts?page=1&limit=20', { 'Accept-Encoding': 'gzip, deflate, br' })
      expect(br.status).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(/^application\/json/)
      expect(br.headers['content-length']).toBeUndefined()
      expect(varies(br)).toBe(true)
      expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')))
      expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)
      // The reply's security headers are kept.
      expect(br.headers['x-content-type-options']).toBe('nosniff')
      expect(br.headers['content-security-policy']).toMatch(/default-src 'none'/)
    })

    it('gzip for clients without brotli, or that refuse it with q=0; nothing for identity', async () => {
      for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0']) {
        const reply = await get('/api/openapi.json', { 'Accept-Encoding': accept })
        expect(reply.headers['content-encoding'], accept).toBe('gzip')
        expect(JSON.parse(decode(reply).toString('utf8')).openapi, accept).toMatch(/^3\./)
      }
      for (const accept of ['identity', 'deflate']) expect((await get('/api/openapi.json', { 'Accept-Encoding': accept })).headers['content-encoding'], accept).toBeUndefined()
    })

    it('small replies, HEAD and errors under 1 KiB stay as they are', async () => {
      const health = await get('/api/health', { 'Accept-Encoding': 'br, gzip' })
      expect(health.status).toBe(200)
      expect(health.headers['content-encoding']).toBeUndefined()
      const head = await get('/api/posts?page=1&limit=20', { 'Accept-Encoding': 'br, gzip' }, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers['content-encoding']).toBeUndefined()
      expect(head.bytes.length).toBe(0)
      const missing = await get('/api/posts/999999', { 'Accept-Encoding': 'br, gzip' })
      expect(missing.status).toBe(404)
      expect(missing.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(missing.bytes.toString('utf8'))).toMatchObject({ code: 404, success: false })
      const invalid = await get('/api/posts?limit=abc', { 'Accept-Encoding': 'br, gzip' })
      expect(invalid.status).toBe(400)
    })

    it('media are sent as stored: no Content-Encoding, no Vary, a year of immutable caching', async () => {
      const image = await get(imageUrl, { 'Accept-Encoding': 'br, gzip' })
      expect(image.status).toBe(200)
      expect(image.headers['content-encoding']).toBeUndefined()
      expect(varies(image)).toBe(false)
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    })
  })

  describe('the renderer build (dist/renderer)', () => {
    const rendererDir = () => server.deps.config.rendererDir
    const assetsOf = (page: string) => [...readFileSync(path.join(rendererDir(), page), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)

    it('the build wrote a .br and a .gz beside every script, stylesheet and page', () => {
      const assets = readdirSync(path.join(rendererDir(), 'assets')).filter((f) => /\.(js|css)$/.test(f))
      expect(assets.length).toBeGreaterThan(5)
      for (const file of [...assets.map((f) => `assets/${f}`), 'member.html', 'admin.html']) {
        const size = readFileSync(path.join(rendererDir(), file)).length
        if (size < 512) continue
        expect(existsSync(path.join(rendererDir(), `${file}.br`)), file).toBe(true)
        expect(existsSync(path.join(rendererDir(), `${file}.gz`)), file).toBe(true)
      }
    })

    it('hashed assets: the pre-compressed copy the client accepts, with the original type, cached for a year', async () => {
      const assets = assetsOf('member.html')
      expect(assets.filter((a) => existsSync(path.join(rendererDir(), `${a}.br`))).length).toBeGreaterThan(2)
      for (const asset of assets) {
        const original = readFileSync(path.join(rendererDir(), asset))
        const type = asset.endsWith('.js') ? /^(application|text)\/javascript; charset=utf-8$/ : /^text\/css; charset=utf-8$/
        const tags = new Set<string>()
        // Files too small to gain from compression have no copies and are sent as they are.
        const copies = existsSync(path.join(rendererDir(), `${asset}.br`))
        for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['', undefined]] as const) {
          const reply = await get(asset, accept ? { 'Accept-Encoding': accept } : {})
          expect(reply.status, asset).toBe(200)
          expect(reply.headers['content-encoding'], `${asset} ${accept}`).toBe(copies ? encoding : undefined)
          expect(reply.headers['content-type'], asset).toMatch(type)
          expect(reply.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
          expect(reply.headers['x-content-type-options'], asset).toBe('nosniff')
          expect(varies(reply), asset).toBe(true)
          expect(decode(reply).equals(original), `${asset} ${accept}`).toBe(true)
          tags.add(String(reply.headers.etag))
        }
        // Each representation has its own validator, so a cache never serves brotli bytes as gzip.
        expect(tags.size, asset).toBe(copies ? 3 : 1)
      }
    })

    it('revalidation of a compressed copy answers 304; a range request gets bytes of the file as it is', async () => {
      const [asset] = assetsOf('member.html')
      const first = await get(asset!, { 'Accept-Encoding': 'br' })
      const again = await get(asset!, { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) })
      expect(again.status).toBe(304)
      const range = await get(asset!, { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-9' })
      expect(range.status).toBe(206)
      expect(range.headers['content-encoding']).toBeUndefined()
      expect(range.bytes.equals(readFileSync(path.join(rendererDir(), asset!)).subarray(0, 10))).toBe(true)
    })

    it('pages (and the history fallback): compressed, no-cache, with the app’s CSP', async () => {
      for (const [p, file] of [['/', 'member.html'], ['/explore', 'member.html'], ['/post/1', 'member.html'], ['/admin', 'admin.html'], ['/admin/users', 'admin.html']] as const) {
        const reply = await get(p, { 'Accept-Encoding': 'br, gzip' })
        expect(reply.status, p).toBe(200)
        expect(reply.headers['content-encoding'], p).toBe('br')
        expect(reply.headers['content-type'], p).toMatch(/^text\/html; charset=utf-8$/i)
        expect(reply.headers['cache-control'], p).toBe('no-cache')
        expect(reply.headers['content-security-policy'], p).toMatch(/script-src 'self'/)
        expect(decode(reply).equals(readFileSync(path.join(rendererDir(), file))), p).toBe(true)
      }
    })

    it('a missing asset is a 404, not a page', async () => {
      const reply = await get('/assets/missing-abcdef12.js', { 'Accept-Encoding': 'br' })
      expect(reply.status).toBe(404)
    })

    it('/robots.txt allows the public pages and keeps crawlers out of /admin and /api', async () => {
      const reply = await get('/robots.txt')
      expect(reply.status).toBe(200)
      expect(reply.headers['content-type']).toMatch(/^text\/plain/)
      const text = reply.bytes.toString('utf8')
      expect(text).toMatch(/^User-agent: \*$/m)
      expect(text).toMatch(/^Allow: \/$/m)
      expect(text).toMatch(/^Disallow: \/admin$/m)
      expect(text).toMatch(/^Disallow: \/api$/m)
      expect(text).not.toMatch(/^Disallow: \/(explore|post|user|search_result)(\/|\s*$)/m)
      expect(reply.headers['cache-control']).not.toMatch(/immutable/)
    })

    it('both pages say they are Chinese (lang="zh-CN") and have a title and a description', () => {
      for (const page of ['member.html', 'admin.html']) {
        const html = readFileSync(path.join(rendererDir(), page), 'utf8')
        expect(html, page).toMatch(/<html lang="zh-CN">/)
        expect(html, page).toMatch(/<title>[^<]+<\/title>/)
        expect(html, page).toMatch(/<meta name="description" content="[^"]+"/)
      }
    })
  })
})

describe('the build step that writes the pre-compressed copies', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-precompress-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes .br and .gz beside text files that gain from it, and leaves small and binary files alone', async () => {
    const script = `export const notes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `笔记 ${i}` })))}\n`
    writeFileSync(path.join(dir, 'app-abc123.js'), script)
    writeFileSync(path.join(dir, 'tiny.css'), 'a{color:red}')
    writeFileSync(path.join(dir, 'image.png'), Buffer.alloc(4096, 7))
    expect(await precompressDir(dir)).toBe(2)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'app-abc123.js.br'))).toString('utf8')).toBe(script)
    expect(gunzipSync(readFileSync(path.join(dir, 'app-abc123.js.gz'))).toString('utf8')).toBe(script)
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'image.png.br'))).toBe(false)
    // Running again (a second build into the same folder) compresses the sources, never the copies.
    expect(await precompressDir(dir)).toBe(2)
    expect(existsSync(path.join(dir, 'app-abc123.js.br.br'))).toBe(false)
  })
})

describe('event streams are never compressed', () => {
  it('text/event-stream passes through the compression middleware unbuffered, even when brotli is accepted', async () => {
    const app = new Koa()
    app.use(compression())
    const stream = new PassThrough()
    app.use((ctx) => {
      ctx.type = 'text/event-stream'
      ctx.body = stream
      stream.write(`data: ${'x'.repeat(4096)}\n\n`)
    })
    const http = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => http.once('listening', resolve))
    try {
      const { port } = http.address() as AddressInfo
      const res = await fetch(`http://127.0.0.1:${port}/events`, { headers: { 'Accept-Encoding': 'br, gzip' } })
      expect(res.headers.get('content-encoding')).toBeNull()
      // The first event arrives while the stream is still open (a compressor would hold it back).
      const reader = res.body!.getReader()
      const first = await reader.read()
      expect(new TextDecoder().decode(first.value)).toMatch(/^data: x/)
      stream.end()
      await reader.cancel()
    } finally {
      await new Promise((resolve) => http.close(resolve))
    }
  })
})

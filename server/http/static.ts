import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Context, Next } from 'koa'
import send from 'send'
import { corsHeaders } from './cors'
import { chooseVariant } from './precompressed'
import { MethodNotAllowed } from '../errors'

interface SendOptions {
  /** Cache lifetime in ms; `immutable` for names that change whenever the content does. */
  maxAge: number
  immutable?: boolean
  headers?: Record<string, string>
  /** Send the pre-compressed `.br` / `.gz` copy beside the file when the client accepts it (renderer build). */
  precompressed?: boolean
}

/**
 * Serve files with `send` (ETag, Last-Modified, HTTP ranges for video seeking, correct types) and
 * `nosniff`. The root is fixed and `send` refuses traversal outside it.
 */
async function sendFile(ctx: Context, root: string, file: string, options: SendOptions): Promise<boolean> {
  const variant = options.precompressed ? await chooseVariant(ctx, root, file) : { file, encoding: null }
  // The type of the file itself, not of its .br/.gz copy (`send` keeps a Content-Type that is already set).
  if (variant.encoding) ctx.type = path.extname(file)
  return new Promise((resolve, reject) => {
    ctx.respond = false
    // Koa starts every response at 404 and `send` only sets non-200 statuses itself (206, 304, 412, 416).
    ctx.res.statusCode = 200
    const stream = send(ctx.req, variant.file, { root, maxAge: options.maxAge, immutable: options.immutable ?? false, index: false, dotfiles: 'deny' })
    stream.on('headers', (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff')
      // <img>/<video> of the desktop app (another origin) need CORP cross-origin; CORS only for allowed origins.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value)
      // Caches must keep the variants apart (the compression middleware already names Accept-Encoding in Vary).
      if (options.precompressed) ctx.vary('Accept-Encoding')
      if (variant.encoding) res.setHeader('Content-Encoding', variant.encoding)
    })
    stream.on('error', (err: { status?: number }) => {
      ctx.respond = true
      if (variant.encoding) ctx.remove('Content-Type')
      if (err.status === 404) resolve(false)
      else reject(err)
    })
    stream.on('end', () => resolve(true))
    stream.pipe(ctx.res)
  })
}

const HOUR_MS = 3600 * 1000
const YEAR_MS = 365 * 24 * HOUR_MS

/** Pages and media are only read: any other method (POST, TRACE, PROPFIND, ...) is an enveloped 405. */
const readOnly = () => MethodNotAllowed('GET, HEAD')

/** Uploaded media under /uploads/...; names are server-chosen and never change, so they cache forever. */
export function uploadsMiddleware(uploadsDir: string, corsOrigins: readonly string[] = []) {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/uploads/')) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw readOnly()
    const cors = corsHeaders(ctx.get('Origin') || undefined, corsOrigins)
    if (!(await sendFile(ctx, uploadsDir, ctx.path.slice('/uploads'.length), { maxAge: YEAR_MS, immutable: true, headers: cors }))) {
      ctx.status = 404
      ctx.body = 'Not Found'
    }
  }
}

/**
 * The built renderers: static assets, the admin app at /admin (history fallback for /admin/*) and the member
 * app everywhere else (history fallback for its client routes). /api and /uploads never reach here.
 */
export function rendererMiddleware(rendererDir: string) {
  const hasRenderer = existsSync(path.join(rendererDir, 'member.html'))
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/uploads/')) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw readOnly()
    if (!hasRenderer) {
      ctx.status = 503
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = 'The web app is not built: run `npm run build`.'
      return
    }
    const isAsset = ctx.path.startsWith('/assets/')
    if (path.extname(ctx.path) && ctx.path !== '/member.html' && ctx.path !== '/admin.html') {
      // Hashed build files (/assets/<name>-<hash>.<ext>) never change: cached for a year, never revalidated.
      if (await sendFile(ctx, rendererDir, ctx.path, { maxAge: isAsset ? YEAR_MS : HOUR_MS, immutable: isAsset, precompressed: true })) return
      if (isAsset) {
        ctx.status = 404
        return
      }
    }
    const page = ctx.path === '/admin' || ctx.path.startsWith('/admin/') ? 'admin.html' : 'member.html'
    // The page names the current build's assets: revalidated on every visit (ETag), so a release shows at once.
    ctx.set('Cache-Control', 'no-cache')
    await sendFile(ctx, rendererDir, `/${page}`, { maxAge: 0, precompressed: true })
  }
}

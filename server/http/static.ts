import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Context, Next } from 'koa'
import send from 'send'
import { corsHeaders } from './cors'
import { MethodNotAllowed } from '../errors'

/**
 * Serve files with `send` (ETag, Last-Modified, HTTP ranges for video seeking, correct types) and
 * `nosniff`. The root is fixed and `send` refuses traversal outside it.
 */
function sendFile(ctx: Context, root: string, file: string, maxAge: number, immutable = false, extraHeaders: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve, reject) => {
    ctx.respond = false
    // Koa starts every response at 404 and `send` only sets non-200 statuses itself (206, 304, 412, 416).
    ctx.res.statusCode = 200
    const stream = send(ctx.req, file, { root, maxAge, immutable, index: false, dotfiles: 'deny' })
    stream.on('headers', (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff')
      // <img>/<video> of the desktop app (another origin) need CORP cross-origin; CORS only for allowed origins.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value)
    })
    stream.on('error', (err: { status?: number }) => {
      ctx.respond = true
      if (err.status === 404) resolve(false)
      else reject(err)
    })
    stream.on('end', () => resolve(true))
    stream.pipe(ctx.res)
  })
}

/** Pages and media are only read: any other method (POST, TRACE, PROPFIND, ...) is an enveloped 405. */
const readOnly = () => MethodNotAllowed('GET, HEAD')

/** Uploaded media under /uploads/...; names are server-chosen and never change, so they cache forever. */
export function uploadsMiddleware(uploadsDir: string, corsOrigins: readonly string[] = []) {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/uploads/')) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw readOnly()
    const cors = corsHeaders(ctx.get('Origin') || undefined, corsOrigins)
    if (!(await sendFile(ctx, uploadsDir, ctx.path.slice('/uploads'.length), 365 * 24 * 3600 * 1000, true, cors))) {
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
      if (await sendFile(ctx, rendererDir, ctx.path, isAsset ? 365 * 24 * 3600 * 1000 : 3600 * 1000, isAsset)) return
      if (isAsset) {
        ctx.status = 404
        return
      }
    }
    const page = ctx.path === '/admin' || ctx.path.startsWith('/admin/') ? 'admin.html' : 'member.html'
    ctx.set('Cache-Control', 'no-cache')
    await sendFile(ctx, rendererDir, `/${page}`, 0)
  }
}

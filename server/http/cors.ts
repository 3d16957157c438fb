import type { Context, Next } from 'koa'

/**
 * The API authenticates with bearer tokens, never cookies, so any origin may call it: the Electron
 * windows (app://shiliu) talk to the embedded or a remote server this way.
 */
export function cors() {
  return async (ctx: Context, next: Next) => {
    ctx.set('Access-Control-Allow-Origin', '*')
    ctx.set('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id')
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id')
      ctx.set('Access-Control-Max-Age', '86400')
      ctx.status = 204
      return
    }
    await next()
  }
}

import Router from '@koa/router'
import type { AppDeps } from '../deps'
import { registerAdminRoutes } from './admin'
import { MethodNotAllowed, NotFound } from '../errors'
import { registerMemberRoutes } from './member'
import { indexRoutes } from './route-index'
import { registerSystemRoutes } from './system'

/**
 * The whole /api surface. Member and admin routes register themselves; unknown paths get an enveloped 404.
 * A request's routes are looked up through an index of first path segments (route-index.ts).
 */
export function createApiRouter(deps: AppDeps): Router {
  const router = indexRoutes(new Router({ prefix: '/api' }))
  registerSystemRoutes(router, deps)
  registerMemberRoutes(router, deps)
  registerAdminRoutes(router, deps)
  return router
}

/**
 * Unknown /api paths (404) and unsupported methods answer in the envelope, not as text: 405 with its Allow
 * header, also for methods no route knows (TRACE, PROPFIND, ...), which the router calls 501.
 */
export function apiNotFound() {
  return async (ctx: import('koa').Context, next: import('koa').Next) => {
    await next()
    if (!(ctx.path === '/api' || ctx.path.startsWith('/api/')) || ctx.body !== undefined) return
    if (ctx.status === 404) throw NotFound()
    if (ctx.status === 405 || ctx.status === 501) throw MethodNotAllowed()
  }
}

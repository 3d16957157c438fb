import type { AppDeps } from '../../server/deps'
import { createApiRouter } from '../../server/http/api'

/*
 * The routes the real API router serves, read from its stack, so that route-driven suites (authorization
 * matrices, the OpenAPI check) cover a new route without being edited, or fail until it gets an entry.
 */

export interface ApiRoute {
  method: string
  /** Koa path with the /api prefix and `:param` placeholders, e.g. `/api/posts/:id`. */
  path: string
}

export const MUTATING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE']

/** Every method and path of `createApiRouter(deps)` (HEAD, implied by GET, left out). */
export function apiRoutes(deps: AppDeps): ApiRoute[] {
  const out: ApiRoute[] = []
  for (const layer of createApiRouter(deps).stack) {
    for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: String(layer.path) })
  }
  return out
}

/** The administrator API: /api/admin/** and the admin session routes /api/auth/admin/**. */
export const isAdminPath = (path: string) => /^\/api\/(admin|auth\/admin)(\/|$)/.test(path)

/** `METHOD /api/path/:param`, the key route tables use. */
export const routeKey = (r: ApiRoute) => `${r.method} ${r.path}`

/** Every state-changing member route (POST/PUT/PATCH/DELETE outside the admin API), as route keys. */
export const mutatingMemberRoutes = (deps: AppDeps): string[] =>
  apiRoutes(deps)
    .filter((r) => MUTATING_METHODS.includes(r.method) && !isAdminPath(r.path))
    .map(routeKey)

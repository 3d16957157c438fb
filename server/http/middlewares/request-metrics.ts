import type { Context, Next } from 'koa'
import { httpDuration } from '../../telemetry/metrics'

/**
 * Request durations per route template (shiliu_http_request_duration_seconds): the router's pattern
 * (`/api/posts/:id`), never the raw path, so the label set stays small. Requests no route matched are
 * `uploads` (media files), `renderer` (the apps' pages and assets) or `unmatched` (unknown /api paths).
 */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute
  if (typeof matched === 'string') return matched
  if (ctx.path.startsWith('/uploads/')) return 'uploads'
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return 'unmatched'
  return 'renderer'
}

export function requestMetrics() {
  return async (ctx: Context, next: Next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      httpDuration.observe({ method: ctx.method, route: routeOf(ctx), status: `${Math.floor(ctx.status / 100)}xx` }, (performance.now() - started) / 1000)
    }
  }
}

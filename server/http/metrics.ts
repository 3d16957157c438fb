import type Router from '@koa/router'
import { timingSafeEqual } from 'node:crypto'
import { clusterMetrics, inClusterWorker } from '../cluster/worker'
import type { AppDeps } from '../deps'
import { AppError, NotFound } from '../errors'
import { metricsRegistry } from '../telemetry/metrics'

/*
 * GET /api/metrics: the process's metrics in Prometheus text format (server/telemetry/metrics.ts), for an
 * operator's scraper. Off unless METRICS_TOKEN is set (404, as if the route did not exist); then the token is
 * required as a bearer token (401 otherwise). Metrics are per instance: scrape every instance. The workers of
 * one instance (WORKERS > 1) answer for all of them, summed by the primary (cluster/primary.ts).
 */

const BEARER = /^Bearer\s+(\S+)$/i

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function registerMetricsRoute(router: Router, deps: AppDeps): void {
  router.get('/metrics', async (ctx) => {
    const expected = deps.config.metricsToken
    if (!expected) throw NotFound()
    const given = BEARER.exec(ctx.get('authorization'))?.[1]
    if (!given || !sameToken(given, expected)) throw new AppError(401, '需要有效的指标令牌（METRICS_TOKEN）', null, { 'WWW-Authenticate': 'Bearer realm="metrics"' })
    ctx.set('Cache-Control', 'no-store')
    ctx.type = metricsRegistry.contentType
    ctx.body = inClusterWorker() ? await clusterMetrics() : await metricsRegistry.metrics()
  })
}

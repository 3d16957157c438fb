import type Router from '@koa/router'
import type { AppDeps } from '../deps'
import { Comment, Like, Post, User } from '../db/entities'
import { ok } from './envelope'
import { checkHealth, liveness } from './health'
import { registerMetricsRoute } from './metrics'
import { msg } from '../i18n/message'
import { replyText } from './locale'

/** Public status routes of the documented API: health, site-wide counts and (with METRICS_TOKEN) metrics. */
export function registerSystemRoutes(router: Router, deps: AppDeps): void {
  /** Read and write probes, disk space, Redis (http/health.ts): 200 `ok`, or 503 `degraded` naming the part. */
  router.get('/health', async (ctx) => {
    const report = await checkHealth(deps)
    if (report.status === 'ok') return ok(ctx, report)
    const failing = Object.entries(report.checks).filter(([, v]) => v !== 'ok' && v !== 'off').map(([k]) => k)
    ctx.status = 503
    ctx.set('Retry-After', '5')
    ctx.body = { code: 503, success: false, message: replyText(ctx, msg('服务部分不可用：{parts}', { parts: failing.join('、') })), data: report }
  })

  /** Liveness only: the process answers (no database work). */
  router.get('/health/live', (ctx) => ok(ctx, liveness(deps)))

  router.get('/stats', async (ctx) => {
    const [users, posts, comments, likes] = await Promise.all([
      deps.db.getRepository(User).count(),
      deps.db.getRepository(Post).countBy({ is_draft: false }),
      deps.db.getRepository(Comment).count(),
      deps.db.getRepository(Like).count(),
    ])
    ok(ctx, { users, posts, comments, likes })
  })

  registerMetricsRoute(router, deps)
}

import type Router from '@koa/router'
import { recentActivities } from '../../../admin/activities'
import { monitorSummary } from '../../../admin/summary'
import { requireAdmin } from '../../../auth/middleware'
import { monitorQuery, type MonitorQuery } from '../../../contract/admin/audit'
import type { AppDeps } from '../../../deps'
import { ok } from '../../envelope'
import { validate, validated } from '../../middlewares/validate'
import { localeOf } from '../../locale'

/**
 * GET /api/admin/monitor/activities (admin-back-office.md §2 activity monitor, with the moderation types of
 * issue 18) and GET /api/admin/monitor/summary (the headline numbers: open reports and bans included).
 */
export function registerMonitorRoutes(router: Router, deps: AppDeps): void {
  router.get('/admin/monitor/summary', requireAdmin(deps), async (ctx) => {
    ok(ctx, await monitorSummary(deps))
  })
  router.get('/admin/monitor/activities', requireAdmin(deps), validate({ query: monitorQuery }), async (ctx) => {
    ok(ctx, await recentActivities(deps, validated<MonitorQuery>(ctx).query, localeOf(ctx)), '获取动态成功')
  })
}

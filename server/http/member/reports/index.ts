import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentUser, requireUser } from '../../../auth/middleware'
import { MODERATION_MESSAGES, reportCreateBody, reportStatusQuery, type ReportCreateBody, type ReportStatusQuery } from '../../../contract/moderation'
import type { AppDeps } from '../../../deps'
import { createReport, hasOpenReport } from '../../../domain/reports'
import { ok } from '../../envelope'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/** Reports (issue 18): file one (POST /reports), and whether the member has an open one on a target (已举报). */
export function registerReportRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  router.post('/reports', auth, writeLimit(deps), validate({ body: reportCreateBody }), async (ctx: Context) => {
    const id = await createReport(deps.db, currentUser(ctx).id, validated<never, ReportCreateBody>(ctx).body)
    ok(ctx, { id, reported: true }, MODERATION_MESSAGES.reported)
  })
  router.get('/reports/status', auth, validate({ query: reportStatusQuery }), async (ctx: Context) => {
    const { target_type, target_id } = validated<ReportStatusQuery>(ctx).query
    ok(ctx, { reported: await hasOpenReport(deps.db, currentUser(ctx).id, target_type, target_id) })
  })
}

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type Router from '@koa/router'
import { currentUser, requireUser } from '../../../auth/middleware'
import { dataExportIdParams } from '../../../contract/data-export'
import type { AppDeps } from '../../../deps'
import { EXPORT_MESSAGES, exportFile, latestExport, requestExport } from '../../../domain/data-export'
import { NotFound } from '../../../errors'
import { ok } from '../../envelope'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/**
 * 账号与安全 → 导出我的数据 (issue 21 part 5, docs/data-export.md): POST asks for an export (built in the
 * background; once a day), GET shows the latest one, …/download serves the zip to its member for 24 hours.
 * Open during a ban (a member's own data). Registered before /users/{id}.
 */
export function registerDataExportRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps, { duringBan: 'allowed' })
  router.get('/users/data-export', auth, async (ctx) => {
    ok(ctx, await latestExport(deps, currentUser(ctx).id))
  })
  router.post('/users/data-export', auth, writeLimit(deps), async (ctx) => {
    ok(ctx, await requestExport(deps, currentUser(ctx).id), '已开始导出，完成后会通知你')
  })
  router.get('/users/data-export/:exportId/download', auth, validate({ params: dataExportIdParams }), async (ctx) => {
    const { exportId } = validated<unknown, unknown, { exportId: number }>(ctx).params
    const { file, name } = await exportFile(deps, currentUser(ctx).id, exportId)
    const size = await stat(file).then((s) => s.size, () => null)
    if (size === null) throw NotFound(EXPORT_MESSAGES.notFound)
    ctx.set({ 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' })
    ctx.type = 'application/zip'
    ctx.length = size
    ctx.body = createReadStream(file)
  })
}

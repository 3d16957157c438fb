import type Router from '@koa/router'
import { requireAdmin } from '../../../auth/middleware'
import { OUTBOX_MESSAGES, outboxQuery } from '../../../contract/admin/outbox'
import type { AppDeps } from '../../../deps'
import { NotFound } from '../../../errors'
import { readOutbox } from '../../../mail/transport'
import { listPage, pagination } from '../../../presenters/list'
import { ok } from '../../envelope'
import { validate, validated } from '../../middlewares/validate'

/** How many of the newest messages the view pages through. */
const OUTBOX_WINDOW = 1000

/**
 * GET /api/admin/outbox: the messages SMTP_URL=outbox wrote to DATA_DIR/outbox/, newest first, read-only
 * (issue 20). 404 when the server sends real mail: then there is no outbox, and nothing sent is kept.
 */
export function registerOutboxRoutes(router: Router, deps: AppDeps): void {
  router.get('/admin/outbox', requireAdmin(deps), validate({ query: outboxQuery }), (ctx) => {
    if (deps.config.mail?.smtpUrl !== 'outbox') throw NotFound(OUTBOX_MESSAGES.notOutbox)
    const { page, limit } = validated<{ page: number; limit: number }>(ctx).query
    const all = readOutbox(deps.config.dataDir, OUTBOX_WINDOW)
    ctx.set('Cache-Control', 'no-store')
    ok(ctx, listPage('data', all.slice((page - 1) * limit, page * limit), pagination(page, limit, all.length)))
  })
}

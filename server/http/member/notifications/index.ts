import type Router from '@koa/router'
import { requireStreamUser, requireUser } from '../../../auth/middleware'
import { idParams } from '../../../contract/common'
import { NOTIFICATION_TABS, notificationListQuery } from '../../../contract/notifications'
import type { AppDeps } from '../../../deps'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate } from '../../middlewares/validate'
import { listHandler, markAllRead, markRead, remove, unreadCount, unreadCountByType } from './handlers'
import { redeemTicket } from '../../event-stream'
import { issueTicket, openStream } from './stream'

/** /api/notifications (member-and-visitor.md §7 Notifications): every call needs the member's token. */
export function registerNotificationRoutes(router: Router, deps: AppDeps): void {
  // The inbox stays usable during a ban: reading and tidying notifications changes nothing anyone else sees.
  const auth = requireUser(deps, { duringBan: 'allowed' })
  const writes = writeLimit(deps)
  const list = validate({ query: notificationListQuery })
  const byId = validate({ params: idParams })
  router.get('/notifications', auth, list, (ctx) => listHandler('all')(ctx, deps))
  for (const tab of NOTIFICATION_TABS) {
    router.get(`/notifications/${tab}`, auth, list, (ctx) => listHandler(tab)(ctx, deps))
  }
  router.post('/notifications/stream-ticket', auth, (ctx) => issueTicket(ctx, deps))
  router.get('/notifications/stream', requireStreamUser(deps, (jti) => redeemTicket(deps, jti)), (ctx) => openStream(ctx, deps))
  router.get('/notifications/unread-count', auth, (ctx) => unreadCount(ctx, deps))
  router.get('/notifications/unread-count-by-type', auth, (ctx) => unreadCountByType(ctx, deps))
  router.put('/notifications/read-all', auth, writes, (ctx) => markAllRead(ctx, deps))
  router.put('/notifications/:id/read', auth, writes, byId, (ctx) => markRead(ctx, deps))
  router.delete('/notifications/:id', auth, writes, byId, (ctx) => remove(ctx, deps))
}

import type { z } from 'zod'
import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import type { idParams } from '../../../contract/common'
import { NOTIFICATION_MESSAGES, type NotificationListQuery } from '../../../contract/notifications'
import { Notification } from '../../../db/entities'
import { inTransaction } from '../../../db/transaction'
import type { AppDeps } from '../../../deps'
import { presentNotification } from '../../../presenters/notification'
import { listPage, pagination } from '../../../presenters/list'
import { ok } from '../../envelope'
import { NotFound } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { notificationPage, unreadCounts, type NotificationKind } from './queries'
import { localeOf } from '../../locale'

/** The signed-in member's notifications: lists per tab, unread counts, mark read, delete. Only their own. */

export function listHandler(kind: NotificationKind) {
  return async (ctx: Context, deps: AppDeps): Promise<void> => {
    const { page, limit } = validated<NotificationListQuery>(ctx).query
    const { rows, total } = await notificationPage(deps, currentUser(ctx).id, kind, page, limit)
    ok(ctx, listPage('notifications', rows.map((row) => presentNotification(row, localeOf(ctx))), pagination(page, limit, total)))
  }
}

export async function unreadCount(ctx: Context, deps: AppDeps): Promise<void> {
  ok(ctx, { count: (await unreadCounts(deps, currentUser(ctx).id)).total })
}

export async function unreadCountByType(ctx: Context, deps: AppDeps): Promise<void> {
  ok(ctx, await unreadCounts(deps, currentUser(ctx).id))
}

/** Someone else's notification is a 404: its existence is not revealed. */
async function ownNotification(ctx: Context, deps: AppDeps): Promise<Notification> {
  const { id } = validated<never, never, z.infer<typeof idParams>>(ctx).params
  const found = await deps.db.getRepository(Notification).findOneBy({ id, user_id: currentUser(ctx).id })
  if (!found) throw NotFound(NOTIFICATION_MESSAGES.notFound)
  return found
}

export async function markRead(ctx: Context, deps: AppDeps): Promise<void> {
  const notification = await ownNotification(ctx, deps)
  if (!notification.is_read) await inTransaction(deps.db, (m) => m.getRepository(Notification).update({ id: notification.id }, { is_read: true }), { changesCards: false })
  ok(ctx, { id: notification.id, is_read: 1 }, NOTIFICATION_MESSAGES.read)
}

export async function markAllRead(ctx: Context, deps: AppDeps): Promise<void> {
  const userId = currentUser(ctx).id
  const { affected } = await inTransaction(deps.db, (m) => m.getRepository(Notification).update({ user_id: userId, is_read: false }, { is_read: true }), { changesCards: false })
  ok(ctx, { count: affected ?? 0 }, NOTIFICATION_MESSAGES.readAll)
}

export async function remove(ctx: Context, deps: AppDeps): Promise<void> {
  const notification = await ownNotification(ctx, deps)
  await inTransaction(deps.db, (m) => m.getRepository(Notification).delete({ id: notification.id, user_id: notification.user_id }), { changesCards: false })
  ok(ctx, { id: notification.id }, NOTIFICATION_MESSAGES.deleted)
}

import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import { signStreamTicket, STREAM_TICKET_TTL_SECONDS } from '../../../auth/tokens'
import type { AppDeps } from '../../../deps'
import { presentNotification } from '../../../presenters/notification'
import { ok } from '../../envelope'
import { lastEventId, StreamHub, type SseStream } from '../../event-stream'
import { newestNotificationId, notificationsAfter, unreadCounts } from './queries'
import { fixed } from '../../../i18n/message'
import { localeOf } from '../../locale'
import type { Locale } from '../../../i18n/locales'

/*
 * GET /api/notifications/stream: Server-Sent Events of the signed-in member's new notifications and unread
 * counts, the moment they are committed (domain/notifications.ts announces them on the event bus, which
 * carries them across instances through Redis). Each `notification` event has the notification's id as its
 * `id:`; a `counts` event follows each batch with the id of the last one. A client that reconnects with
 * `Last-Event-ID` (or `?lastEventId=`, for clients that open a new EventSource with a new ticket) gets what
 * it missed, read from the notifications table. The mechanics (caps, heartbeats, shutdown) are those of
 * every stream: http/event-stream.ts.
 */

export const MAX_PER_MEMBER = 5
/** Missed notifications replayed at most on one reconnect (older ones are in the list as usual). */
const REPLAY_LIMIT = 100

/** Send what is new since the stream's last id, then the unread counts. */
async function sendNew(deps: AppDeps, stream: SseStream): Promise<void> {
  const rows = await notificationsAfter(deps, stream.key, stream.lastId, REPLAY_LIMIT)
  for (const row of rows) {
    if (!stream.send('notification', Number(row.id), presentNotification(row, streamLocales.get(stream)))) return
    stream.lastId = Math.max(stream.lastId, Number(row.id))
  }
  if (rows.length) stream.send('counts', stream.lastId, await unreadCounts(deps, stream.key))
}

/** The language each stream was opened in (its member's, else the request's: http/locale.ts). */
const streamLocales = new WeakMap<SseStream, Locale>()

const hub = new StreamHub({
  name: 'notifications',
  principal: 'user',
  maxPerKey: MAX_PER_MEMBER,
  tooManyMessage: fixed('同时打开的通知连接过多（最多 {max} 个），请关闭其他窗口后重试', { max: MAX_PER_MEMBER }),
  route: (event) => (event.kind === 'notifications' ? event.userIds : null),
  refresh: sendNew,
})

/** POST /api/notifications/stream-ticket: a single-use ticket for the stream URL, valid for a minute. */
export function issueTicket(ctx: Context, deps: AppDeps): void {
  const me = currentUser(ctx)
  ok(ctx, { ticket: signStreamTicket(deps.config.jwtSecret, me.id, me.sessionId, 'user'), expires_in: STREAM_TICKET_TTL_SECONDS })
}

export async function openStream(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const resume = lastEventId(ctx)
  const start = resume ?? (await newestNotificationId(deps, me.id))
  await hub.open(ctx, deps, { key: me.id, sessionId: me.sessionId }, start, async (stream) => {
    streamLocales.set(stream, localeOf(ctx))
    if (resume !== null) await sendNew(deps, stream)
    else stream.send('counts', start, await unreadCounts(deps, me.id))
  })
}

import { PassThrough } from 'node:stream'
import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import { signStreamTicket, STREAM_TICKET_TTL_SECONDS } from '../../../auth/tokens'
import { limiterFor } from '../../../db/rate-limiter'
import type { AppDeps } from '../../../deps'
import { AppError } from '../../../errors'
import { eventBusOf, type AppEvent } from '../../../events/bus'
import { presentNotification } from '../../../presenters/notification'
import { openStreams } from '../../../telemetry/metrics'
import { ok } from '../../envelope'
import { newestNotificationId, notificationsAfter, unreadCounts } from './queries'

/*
 * GET /api/notifications/stream: Server-Sent Events of the signed-in member's new notifications and unread
 * counts, the moment they are committed (domain/notifications.ts announces them on the event bus, which
 * carries them across instances through Redis). Each `notification` event has the notification's id as its
 * `id:`; a `counts` event follows each batch with the id of the last one. A client that reconnects with
 * `Last-Event-ID` (or `?lastEventId=`, for clients that open a new EventSource with a new ticket) gets what
 * it missed, read from the notifications table. Bounded: MAX_PER_MEMBER streams per member and
 * STREAM_MAX_CONNECTIONS per instance; closed cleanly on shutdown (closeAllStreams, server/main.ts).
 */

export const MAX_PER_MEMBER = 5
/** Missed notifications replayed at most on one reconnect (older ones are in the list as usual). */
const REPLAY_LIMIT = 100
const RETRY_MS = 3000

interface Stream {
  userId: number
  lastId: number
  out: PassThrough
  /** A fetch is running; `again` asks for one more when it ends (events never run two fetches at once). */
  busy: boolean
  again: boolean
}

interface Hub {
  byUser: Map<number, Set<Stream>>
  count: number
  unsubscribe: () => void
  heartbeat: NodeJS.Timeout
}

const hubs = new WeakMap<AppDeps, Hub>()

function hubOf(deps: AppDeps): Hub {
  let hub = hubs.get(deps)
  if (hub) return hub
  const byUser = new Map<number, Set<Stream>>()
  const bus = eventBusOf(deps.db)
  const unsubscribe = bus ? bus.subscribe((event: AppEvent) => {
    if (event.kind !== 'notifications') return
    for (const userId of event.userIds) for (const stream of byUser.get(userId) ?? []) void pump(deps, stream)
  }) : () => undefined
  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const s of streams) send(s.out, ': heartbeat\n\n')
  }, deps.config.streamHeartbeatSeconds * 1000)
  heartbeat.unref()
  hub = { byUser, count: 0, unsubscribe, heartbeat }
  hubs.set(deps, hub)
  return hub
}

const frame = (event: string, id: number, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/** Write unless the client has gone (a read may finish after the stream was ended): false once it is closed. */
function send(out: PassThrough, text: string): boolean {
  if (out.writableEnded || out.destroyed) return false
  out.write(text)
  return true
}

/** Send what is new since the stream's last id, then the unread counts. */
async function pump(deps: AppDeps, stream: Stream): Promise<void> {
  if (stream.busy) {
    stream.again = true
    return
  }
  stream.busy = true
  try {
    do {
      stream.again = false
      const rows = await notificationsAfter(deps, stream.userId, stream.lastId, REPLAY_LIMIT)
      for (const row of rows) {
        if (!send(stream.out, frame('notification', Number(row.id), presentNotification(row)))) return
        stream.lastId = Math.max(stream.lastId, Number(row.id))
      }
      if (rows.length) send(stream.out, frame('counts', stream.lastId, await unreadCounts(deps, stream.userId)))
    } while (stream.again && !stream.out.writableEnded)
  } catch (err) {
    deps.logger.warn({ err, userId: stream.userId }, 'notification stream fetch failed')
  } finally {
    stream.busy = false
  }
}

/** POST /api/notifications/stream-ticket: a single-use ticket for the stream URL, valid for a minute. */
export function issueTicket(ctx: Context, deps: AppDeps): void {
  const me = currentUser(ctx)
  ok(ctx, { ticket: signStreamTicket(deps.config.jwtSecret, me.id, me.sessionId), expires_in: STREAM_TICKET_TTL_SECONDS })
}

/** Spend a ticket's one use (shared across instances: the rate-limit store, in the database or Redis). */
export async function redeemTicket(deps: AppDeps, jti: string): Promise<boolean> {
  try {
    await limiterFor(deps, 'ticket').consume(jti)
    return true
  } catch {
    return false
  }
}

function lastEventId(ctx: Context): number | null {
  const raw = ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '')
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

export async function openStream(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const hub = hubOf(deps)
  const mine = hub.byUser.get(me.id) ?? new Set<Stream>()
  if (mine.size >= MAX_PER_MEMBER) throw new AppError(429, `同时打开的通知连接过多（最多 ${MAX_PER_MEMBER} 个），请关闭其他窗口后重试`, null, { 'Retry-After': '30' })
  if (hub.count >= deps.config.streamMaxConnections) throw new AppError(503, '通知连接已满，请稍后重试', { retry_after: 30 }, { 'Retry-After': '30' })
  const resume = lastEventId(ctx)
  const start = resume ?? (await newestNotificationId(deps, me.id))
  const out = new PassThrough()
  const stream: Stream = { userId: me.id, lastId: start, out, busy: false, again: false }
  mine.add(stream)
  hub.byUser.set(me.id, mine)
  hub.count++
  openStreams.inc()
  const release = () => {
    if (!mine.delete(stream)) return
    hub.count--
    openStreams.dec()
    if (mine.size === 0) hub.byUser.delete(me.id)
  }
  ctx.req.socket.setTimeout(0)
  ctx.req.socket.setNoDelay(true)
  ctx.req.once('close', () => {
    release()
    out.end()
  })
  out.once('close', release)
  // Written by hand rather than through Koa's body: a stream is never compressed or buffered, and a client
  // going away is the normal end of it, not an error to log.
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' })
  ctx.respond = false
  ctx.res.statusCode = 200
  ctx.res.flushHeaders()
  out.pipe(ctx.res)
  send(out, `retry: ${RETRY_MS}\n\n`)
  if (resume !== null) await pump(deps, stream)
  else send(out, frame('counts', start, await unreadCounts(deps, me.id)))
}

/** Shutdown: end every open stream so the drain does not wait for them (clients reconnect elsewhere). */
export function closeAllStreams(deps: AppDeps): void {
  const hub = hubs.get(deps)
  if (!hub) return
  clearInterval(hub.heartbeat)
  hub.unsubscribe()
  for (const streams of hub.byUser.values()) for (const s of streams) s.out.end()
  hubs.delete(deps)
}

/** Open streams of this instance (health details, metrics). */
export const openStreamCount = (deps: AppDeps): number => hubs.get(deps)?.count ?? 0

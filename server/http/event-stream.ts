import { PassThrough } from 'node:stream'
import type { Context } from 'koa'
import { sessionsInForce } from '../auth/sessions'
import type { Principal } from '../auth/tokens'
import { limiterFor } from '../db/rate-limiter'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { eventBusOf, type AppEvent } from '../events/bus'
import { openStreams } from '../telemetry/metrics'

/*
 * The Server-Sent Events mechanics that every stream of this server shares (the member's notifications,
 * http/member/notifications/stream.ts; the administrators' moderation queue, http/admin/stream.ts):
 *
 * - a hub per kind of stream, its streams keyed by the principal's id, at most `maxPerKey` per key (429);
 * - one cap for the instance over every kind together (STREAM_MAX_CONNECTIONS, 503 with Retry-After);
 * - one bus subscription and one heartbeat timer per instance, dispatching each event to the hubs it concerns;
 * - a stream's `refresh` never runs twice at once: an event arriving meanwhile asks for one more run;
 * - `retry:` advice first, `id:` on every event, `Last-Event-ID` (or `?lastEventId=`) read for the resume;
 * - written by hand rather than through Koa's body (never compressed or buffered; X-Accel-Buffering: no);
 * - closeAllStreams ends every stream at shutdown, so the drain does not wait for them;
 * - a stream lives as long as the session it was opened with (issue 41): a `sessions` event (a logout, 退出其他设备,
 *   a new password, a deactivation, an administrator's edit, on any instance) makes the streams it names ask
 *   the database whether their sessions are still in force, and those that are not end at once; a session that
 *   simply runs out (its refresh lifetime, not the hour of one access token, which the client renews) ends its
 *   streams at the next heartbeat after its end. A stream checks once more right after it is registered, so a
 *   session that ended while the stream was being opened (before any event could find it) is refused (401).
 */

const RETRY_MS = 3000

/** A stream as a hub's `refresh` sees it. */
export interface SseStream {
  /** The principal's id (users.id or admins.id). */
  readonly key: number
  /** The session the stream was opened with (its ticket's or access token's). */
  readonly sessionId: number
  /** The id of the last event sent (what a resume starts after). */
  lastId: number
  /** Write one event; false once the client has gone (a read may finish after the stream ended). */
  send(event: string, id: number, data: unknown): boolean
}

export interface StreamHubOptions {
  /** For logs. */
  name: string
  /** Whose sessions the streams are bound to (the `sessions` events of that kind concern them). */
  principal: Principal
  maxPerKey: number
  /** The 429 message beyond maxPerKey. */
  tooManyMessage: string
  /** The keys an event concerns, 'all' for every stream of the hub, or null when it concerns none. */
  route(event: AppEvent): readonly number[] | 'all' | null
  /** Bring one stream up to date: send what is new since its lastId. */
  refresh(deps: AppDeps, stream: SseStream): Promise<void>
}

interface Stream extends SseStream {
  out: PassThrough
  busy: boolean
  again: boolean
  /** When its session expires (ms since the epoch). */
  endsAt: number
  /** Unregister the stream and end its reply (at most once; what every way of closing calls). */
  end(): void
}

type Streams = Map<number, Set<Stream>>

/** Every stream of one instance (one AppDeps), across hubs. */
interface Registry {
  hubs: Map<StreamHub, Streams>
  total: number
  unsubscribe: () => void
  heartbeat: NodeJS.Timeout
}

const registries = new WeakMap<AppDeps, Registry>()

function registryOf(deps: AppDeps): Registry {
  let registry = registries.get(deps)
  if (registry) return registry
  const hubs = new Map<StreamHub, Streams>()
  const bus = eventBusOf(deps.db)
  const unsubscribe = bus
    ? bus.subscribe((event) => {
        if (event.kind === 'sessions') void endStreamsOfEndedSessions(deps, hubs, event)
        else for (const [hub, streams] of hubs) hub.dispatch(deps, streams, event)
      })
    : () => undefined
  const heartbeat = setInterval(() => {
    const now = Date.now()
    for (const streams of hubs.values())
      for (const set of streams.values())
        for (const s of set) {
          // A session that ran out by itself (no event announces that) ends its streams here.
          if (s.endsAt <= now) s.end()
          else write(s.out, ': heartbeat\n\n')
        }
  }, deps.config.streamHeartbeatSeconds * 1000)
  heartbeat.unref()
  registry = { hubs, total: 0, unsubscribe, heartbeat }
  registries.set(deps, registry)
  return registry
}

type SessionsEvent = Extract<AppEvent, { kind: 'sessions' }>

/** The streams a `sessions` event names ask the database which of their sessions are in force; the others end. */
async function endStreamsOfEndedSessions(deps: AppDeps, hubs: Map<StreamHub, Streams>, event: SessionsEvent): Promise<void> {
  const named: Stream[] = []
  const sessionIds = new Set(event.sessionIds)
  for (const [hub, streams] of hubs) {
    if (hub.principal !== event.principal) continue
    for (const key of event.subjectIds) for (const s of streams.get(key) ?? []) named.push(s)
    if (sessionIds.size) for (const set of streams.values()) for (const s of set) if (sessionIds.has(s.sessionId)) named.push(s)
  }
  if (!named.length) return
  try {
    await checkSessions(deps, event.principal, named)
  } catch (err) {
    deps.logger.warn({ err, principal: event.principal }, 'could not check the sessions of open streams')
  }
}

/** End the streams whose sessions are no longer in force (one read); the others learn their session's end. */
async function checkSessions(deps: AppDeps, principal: Principal, streams: readonly Stream[]): Promise<void> {
  const inForce = await sessionsInForce(deps.db, principal, [...new Set(streams.map((s) => s.sessionId))])
  for (const s of streams) {
    const endsAt = inForce.get(s.sessionId)
    if (endsAt === undefined) s.end()
    else s.endsAt = endsAt
  }
}

const frame = (event: string, id: number, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`

function write(out: PassThrough, text: string): boolean {
  if (out.writableEnded || out.destroyed) return false
  out.write(text)
  return true
}

/** The id a reconnecting client last saw: the Last-Event-ID header, or ?lastEventId= (a new EventSource). */
export function lastEventId(ctx: Context): number | null {
  const raw = ctx.get('last-event-id') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '')
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

/** Spend a stream ticket's one use (shared across instances: the rate-limit store, in the database or Redis). */
export async function redeemTicket(deps: AppDeps, jti: string): Promise<boolean> {
  try {
    await limiterFor(deps, 'ticket').consume(jti)
    return true
  } catch {
    return false
  }
}

export class StreamHub {
  constructor(private readonly options: StreamHubOptions) {}

  get principal(): Principal {
    return this.options.principal
  }

  /** @internal the registry hands each bus event to every hub. */
  dispatch(deps: AppDeps, streams: Streams, event: AppEvent): void {
    const keys = this.options.route(event)
    if (keys === null) return
    const targets = keys === 'all' ? streams.values() : keys.map((k) => streams.get(k) ?? new Set<Stream>())
    for (const set of targets) for (const stream of set) void this.pump(deps, stream)
  }

  private async pump(deps: AppDeps, stream: Stream): Promise<void> {
    if (stream.busy) {
      stream.again = true
      return
    }
    stream.busy = true
    try {
      do {
        stream.again = false
        await this.options.refresh(deps, stream)
      } while (stream.again && !stream.out.writableEnded)
    } catch (err) {
      deps.logger.warn({ err, stream: this.options.name, key: stream.key }, 'event stream refresh failed')
    } finally {
      stream.busy = false
    }
  }

  /**
   * Answer the request with a stream for `owner.key`, bound to its session `owner.sessionId`, starting after
   * `startId`; `begin` sends what the client gets first (a resume's missed events, or the current state).
   * 429 / 503 past the caps, 401 when the session ended while the stream was being opened.
   */
  async open(ctx: Context, deps: AppDeps, owner: { key: number; sessionId: number }, startId: number, begin: (stream: SseStream) => Promise<void>): Promise<void> {
    const { key, sessionId } = owner
    const registry = registryOf(deps)
    const streams = registry.hubs.get(this) ?? new Map<number, Set<Stream>>()
    registry.hubs.set(this, streams)
    const mine = streams.get(key) ?? new Set<Stream>()
    if (mine.size >= this.options.maxPerKey) throw new AppError(429, this.options.tooManyMessage, null, { 'Retry-After': '30' })
    if (registry.total >= deps.config.streamMaxConnections) throw new AppError(503, '实时连接已满，请稍后重试', { retry_after: 30 }, { 'Retry-After': '30' })
    const out = new PassThrough()
    const req = ctx.req
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      mine.delete(stream)
      registry.total--
      openStreams.dec()
      if (mine.size === 0 && streams.get(key) === mine) streams.delete(key)
      req.off('close', end)
      out.end()
    }
    const stream: Stream = {
      key,
      sessionId,
      lastId: startId,
      out,
      busy: true,
      again: false,
      endsAt: Number.POSITIVE_INFINITY,
      end,
      send: (event, id, data) => write(out, frame(event, id, data)),
    }
    mine.add(stream)
    streams.set(key, mine)
    registry.total++
    openStreams.inc()
    req.once('close', end)
    out.once('close', end)
    // Registered: a `sessions` event from now on finds it. One that came before (the session ended while the
    // request was being authenticated) is caught by this check.
    try {
      await checkSessions(deps, this.options.principal, [stream])
    } catch (err) {
      end()
      throw err
    }
    if (ended) {
      if (req.destroyed) return
      throw new AppError(401, this.options.principal === 'admin' ? '管理员登录已过期，请重新登录' : '登录已过期，请重新登录')
    }
    ctx.req.socket.setTimeout(0)
    ctx.req.socket.setNoDelay(true)
    // Connection: close — when the stream ends (its client left, its session ended, a shutdown) its socket goes
    // with it at once, instead of lingering as a kept-alive connection (socket, parser, timer) for keepAliveTimeout
    // (65 s) that nobody reuses: a reconnecting EventSource opens a new request, on a connection of its own.
    ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', Connection: 'close' })
    ctx.respond = false
    ctx.res.statusCode = 200
    ctx.res.flushHeaders()
    out.pipe(ctx.res)
    write(out, `retry: ${RETRY_MS}\n\n`)
    try {
      await begin(stream)
    } finally {
      stream.busy = false
    }
    // An event that arrived while `begin` ran asked for a refresh: run it now.
    if (stream.again) void this.pump(deps, stream)
  }

  /** Open streams of this hub on this instance. */
  count(deps: AppDeps): number {
    let n = 0
    for (const set of registries.get(deps)?.hubs.get(this)?.values() ?? []) n += set.size
    return n
  }
}

/** Shutdown: end every open stream of every hub so the drain does not wait for them (clients reconnect elsewhere). */
export function closeAllStreams(deps: AppDeps): void {
  const registry = registries.get(deps)
  if (!registry) return
  clearInterval(registry.heartbeat)
  registry.unsubscribe()
  for (const streams of registry.hubs.values()) for (const set of streams.values()) for (const s of set) s.end()
  registries.delete(deps)
}

/** Open streams of this instance, every kind together (health details, metrics). */
export const openStreamCount = (deps: AppDeps): number => registries.get(deps)?.total ?? 0

/** What the registry of this instance holds: streams, and principals with streams (tests: nothing stays behind a closed stream). */
export function streamRegistrySize(deps: AppDeps): { streams: number; keys: number } {
  const registry = registries.get(deps)
  let keys = 0
  for (const streams of registry?.hubs.values() ?? []) keys += streams.size
  return { streams: registry?.total ?? 0, keys }
}

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

/*
 * The HTTP side of a clean stop (server/main.ts). While draining:
 * - a request that arrives (a kept-alive connection stays open until its next request) is refused at once
 *   with 503 + `Connection: close`, in the envelope, so the client retries elsewhere or later instead of
 *   being served by a process that is about to close its database;
 * - requests already in flight finish, and their replies carry `Connection: close`, so no client is left
 *   holding a kept-alive connection to a process that is going away;
 * - `drain()` resolves when the last in-flight request has finished, or when the grace period ends.
 */

const RETRY_AFTER_SECONDS = 5

function refuse(res: ServerResponse): void {
  const body = JSON.stringify({ code: 503, success: false, message: '服务器正在重启，请稍后重试', data: { retry_after: RETRY_AFTER_SECONDS } })
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': String(RETRY_AFTER_SECONDS),
    Connection: 'close',
  })
  res.end(body)
}

/** Make the reply close its connection, whenever its headers are written. */
function closeAfter(res: ServerResponse): void {
  if (res.headersSent) return
  res.setHeader('Connection', 'close')
  // A handler may still replace headers (or Koa drop them all on an unhandled error): set it at the last moment too.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
    return writeHead(...args)
  }) as ServerResponse['writeHead']
}

export class RequestGate {
  private readonly inFlight = new Set<ServerResponse>()
  private draining = false
  private onIdle: (() => void) | null = null

  /** Wrap the app's request listener. */
  listener(app: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) return refuse(res)
      this.inFlight.add(res)
      res.once('close', () => {
        this.inFlight.delete(res)
        if (this.inFlight.size === 0) this.onIdle?.()
      })
      app(req, res)
    }
  }

  get inFlightCount(): number {
    return this.inFlight.size
  }

  /** Stop taking requests; resolves true when every in-flight one finished, false when `graceMs` ran out first. */
  drain(graceMs: number): Promise<boolean> {
    this.draining = true
    for (const res of this.inFlight) closeAfter(res)
    if (this.inFlight.size === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), graceMs)
      this.onIdle = () => {
        clearTimeout(timer)
        resolve(true)
      }
    })
  }
}

import { randomUUID } from 'node:crypto'
import type { Context, Next } from 'koa'
import type { Logger } from 'pino'

/**
 * One structured line per request: method, path (never the query string, which can carry search terms or
 * tokens), status, duration and request id. Bodies and headers are never logged.
 */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint()
    const requestId = ctx.get('x-request-id').slice(0, 64) || randomUUID()
    ctx.state.requestId = requestId
    ctx.set('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info({ reqId: requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request')
    }
  }
}

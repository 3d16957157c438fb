import type { Context, Next } from 'koa'
import { QueryFailedError } from 'typeorm'
import type { Logger } from 'pino'
import { HashingBusy } from '../auth/passwords'
import { StorageFault, storageFault } from '../db/faults'
import { AppError, Conflict, Invalid, STATUS_MESSAGES } from '../errors'
import { replyText } from './locale'

/** Unique-constraint and foreign-key failures of SQLite, PostgreSQL and MySQL, mapped to client errors. */
function fromDatabaseError(err: QueryFailedError): AppError | null {
  const driver = err.driverError as { code?: string | number; errno?: number; message?: string } | undefined
  const code = String(driver?.code ?? '')
  const message = String(driver?.message ?? err.message)
  if (code === '23505' || code === 'ER_DUP_ENTRY' || /UNIQUE constraint failed/.test(message)) return Conflict('数据已存在')
  if (code === '23503' || code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_ROW_IS_REFERENCED_2' || /FOREIGN KEY constraint failed/.test(message))
    return Invalid('关联的数据不存在')
  return null
}

/** A temporary condition: 503 / 507 with Retry-After in the header and in the envelope's data. */
function retryLater(status: 503 | 507, retryAfterSeconds: number, message = STATUS_MESSAGES[status]): AppError {
  return new AppError(status, message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) })
}

/**
 * The storage could not take the write (server/db/faults.ts): the lock held elsewhere past the busy timeout,
 * a full disk (database or uploads), a read-only or failing database file, a server that is stopping. Not
 * the client's fault and not a bug: the server recovers by itself once the cause is gone. A raw
 * SQLITE_READONLY outside the writer is a write that bypassed it: a bug, left to be a logged 500.
 */
function fromStorageFault(err: unknown): AppError | null {
  const kind = storageFault(err)
  if (kind === 'busy') return retryLater(503, 2)
  if (kind === 'full') return retryLater(507, 60)
  if (!(err instanceof StorageFault)) return null
  if (kind === 'closed') return retryLater(503, 5, '服务器正在重启，请稍后重试')
  return retryLater(503, 30, '数据库暂时无法写入，请稍后重试')
}

/** Normalise anything thrown below into an AppError; unknown errors become a logged 500. */
export function toHttpError(err: unknown): AppError {
  if (err instanceof AppError) return err
  if (err instanceof HashingBusy) return retryLater(503, 1)
  const fault = fromStorageFault(err)
  if (fault) return fault
  if (err instanceof QueryFailedError) {
    const mapped = fromDatabaseError(err)
    if (mapped) return mapped
  }
  // Errors from koa-body / http-errors carry an `expose`d status (malformed JSON, body too large, ...).
  const e = err as { status?: number; statusCode?: number; expose?: boolean; type?: string; code?: string }
  const status = e.status ?? e.statusCode
  if (status && status >= 400 && status < 500) {
    // koa-body's JSON parser (co-body) throws a SyntaxError with status 400, also for `__proto__` keys.
    if (e.type === 'entity.parse.failed' || err instanceof SyntaxError) {
      return Invalid(/prototype/.test((err as Error).message) ? '请求体包含不允许的字段' : '请求体不是有效的 JSON')
    }
    // A multipart file over its limit is about the file; a JSON body over its limit is about the request.
    if (e.code === 'LIMIT_FILE_SIZE' || (status === 413 && e.type !== 'entity.too.large')) return new AppError(413, '文件大小超出限制')
    if (status === 413) return new AppError(413, '请求体过大')
    return new AppError(status)
  }
  return new AppError(500)
}

/** Writes every failure in the spec's envelope `{code, success: false, message, data}`, in the request's language. */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next()
    } catch (err) {
      const httpError = toHttpError(err)
      if (httpError.status === 500) logger.error({ err, reqId: ctx.state.requestId }, 'request failed')
      else if (httpError.status > 500) logger.warn({ err, reqId: ctx.state.requestId }, `request refused: ${httpError.message}`)
      ctx.status = httpError.status
      ctx.set(httpError.headers)
      ctx.body = { code: httpError.status, success: false, message: replyText(ctx, httpError.text), data: httpError.data }
    }
  }
}

/** Codes of a reply cut short because the client went away (closed tab, aborted fetch, lost network). */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED'])

export function isClientGone(err: unknown): boolean {
  return CLIENT_GONE_CODES.has(String((err as { code?: unknown } | null)?.code ?? ''))
}

/**
 * Koa's 'error' event: what fails after the error middleware can no longer answer, i.e. while a reply is
 * being written (a streamed file or image whose client left). Koa's default handler prints the stack to
 * stderr, outside the structured log; a client that leaves is routine, so it goes to debug, and anything else
 * to error with the request's id. Koa reports a failed stream twice (the pipeline's callback and
 * on-finished): the WeakSet logs each error once.
 */
export function replyErrorLogger(logger: Logger) {
  const seen = new WeakSet<object>()
  return (err: unknown, ctx?: Context) => {
    if (typeof err === 'object' && err !== null) {
      if (seen.has(err)) return
      seen.add(err)
    }
    const reqId = ctx?.state?.requestId
    if (isClientGone(err)) logger.debug({ err, reqId }, 'client left before the reply ended')
    else logger.error({ err, reqId }, 'reply failed after it began')
  }
}

/**
 * The error vocabulary of every floor: domain commands, policies, auth and admin resources throw these, and
 * http/errors.ts translates them (and database, storage and body-parser failures) into the spec's envelope.
 * A status travels with each error because the spec's catalogue names the outcome by it (400 invalid, 403
 * forbidden, ...); nothing here knows about Koa or the transport.
 */
import type { Message } from './i18n/format'

/** Default messages of the spec's error catalogue (member §8, admin §8). */
export const STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数错误',
  401: '未授权访问',
  403: '禁止访问',
  404: '请求的资源不存在',
  409: '资源冲突',
  413: '文件过大',
  415: '不支持的文件类型',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误',
  503: '服务器繁忙，请稍后重试',
  507: '服务器存储空间已满，暂时无法保存，请稍后重试',
}

/** What an error says: a catalogue id (the spec's Chinese text) or a message with values (server/i18n). */
export type ErrorText = string | Message

/**
 * An error whose status (the spec's catalogue) and message are safe to show to the client. `message` is the
 * reference (Chinese) text, for logs; `text` keeps the message's id and values so the error middleware can
 * render it in the request's language (issue 40).
 */
export class AppError extends Error {
  readonly text: ErrorText
  constructor(
    readonly status: number,
    text: ErrorText = STATUS_MESSAGES[status] ?? '请求失败',
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(text))
    this.text = text
    this.name = 'AppError'
  }
}

export const Invalid = (message: ErrorText = STATUS_MESSAGES[400]!, data: unknown = null) => new AppError(400, message, data)
export const Unauthorized = (message: ErrorText = STATUS_MESSAGES[401]!) => new AppError(401, message)
export const Forbidden = (message: ErrorText = STATUS_MESSAGES[403]!) => new AppError(403, message)
export const NotFound = (message: ErrorText = STATUS_MESSAGES[404]!) => new AppError(404, message)
export const Conflict = (message: ErrorText = STATUS_MESSAGES[409]!) => new AppError(409, message)
/** An unsupported method, in the envelope (with Allow when the resource has a fixed set). */
export const MethodNotAllowed = (allow?: string) => new AppError(405, '不支持该请求方法', null, allow ? { Allow: allow } : {})

/**
 * A service the request depends on (Redis, ...) does not answer: 503 with Retry-After in the header and in the
 * envelope's data, like the storage faults http/errors.ts translates.
 */
export const Unavailable = (message: ErrorText, retryAfterSeconds: number) =>
  new AppError(503, message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) })

export const TooMany = (retryAfterSeconds: number) =>
  new AppError(429, STATUS_MESSAGES[429], null, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/**
 * What a middleware tells about the replies it can give, read from the router by the OpenAPI document
 * (server/openapi/router-facts.ts) so that the declared statuses, the access and the validated schemas come
 * from the chain a route really runs, not from a second list kept by hand.
 */
export interface MiddlewareFacts {
  /** Statuses this middleware itself can answer with (401 from an auth check, 429 from a limiter, ...). */
  statuses?: readonly number[]
  /** Who the route lets in, when this middleware decides it. */
  access?: 'optional-user' | 'user' | 'admin' | 'user-or-admin'
  /** The zod schemas a validator parses (query, body, path params). */
  schemas?: { query?: unknown; body?: unknown; params?: unknown }
}

const FACTS = new WeakMap<object, MiddlewareFacts>()

/** Attach `facts` to a middleware function and return it. */
export function withFacts<F extends object>(facts: MiddlewareFacts, middleware: F): F {
  FACTS.set(middleware, facts)
  return middleware
}

/** The facts attached to a middleware, if any. */
export const factsOf = (middleware: object): MiddlewareFacts | undefined => FACTS.get(middleware)

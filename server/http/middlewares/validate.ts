import type { Context, Next } from 'koa'
import { z } from 'zod'
import { controlCharacterMessage, controlCharacterPath } from '../../contract/common'
import { Invalid, withFacts } from '../../errors'
import { known, msg, type Message } from '../../i18n/message'

export interface Schemas<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> {
  query?: Q
  body?: B
  params?: P
}

/** The first issue's message: the contract schemas carry the spec's user-facing messages. */
export function firstMessage(error: z.ZodError): string | Message {
  const issue = error.issues[0]
  if (!issue) return '请求参数错误'
  // zod's own default texts are English; keep them out of a Chinese UI unless a schema gave a message.
  return issue.message && !/^(Invalid|Expected|Too|Unrecognized|Required)/i.test(issue.message) ? issue.message : msg('参数 {path} 无效', { path: issue.path.join('.') || known('请求') })
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> | undefined {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (!result.success) throw Invalid(firstMessage(result.error))
  // The one control-character rule, over what the handler will use (server/contract/common.ts); a field's
  // own refine, checked above, has already given its more precise message.
  const bad = controlCharacterPath(result.data)
  if (bad) throw Invalid(controlCharacterMessage(bad))
  return result.data
}

/**
 * Validate query, body and route params once, at the edge. Parsed values are put on ctx.state.query,
 * ctx.state.body and ctx.state.params with the schemas' inferred types (see `validated`).
 */
export function validate<Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, P extends z.ZodType = z.ZodNever>(
  schemas: Schemas<Q, B, P>,
) {
  return withFacts({ statuses: [400], schemas }, async (ctx: Context, next: Next) => {
    ctx.state.query = parse(schemas.query, ctx.query)
    ctx.state.body = parse(schemas.body, (ctx.request as { body?: unknown }).body ?? {})
    ctx.state.params = parse(schemas.params, (ctx as unknown as { params?: unknown }).params ?? {})
    await next()
  })
}

/** Typed access to what `validate` parsed. */
export function validated<Q = unknown, B = unknown, P = unknown>(ctx: Context): { query: Q; body: B; params: P } {
  return { query: ctx.state.query as Q, body: ctx.state.body as B, params: ctx.state.params as P }
}

import { Stream } from 'node:stream'
import type { Middleware } from 'koa'
import { replyJson } from '../presenters/json-text'

/**
 * Serialise a JSON reply once. With an object as `ctx.body`, Koa's `response.length` getter (which compression
 * reads to compare with its threshold) runs JSON.stringify, and then compression or Koa's respond() runs it
 * again: two serialisations of every feed page. Profiled under the mixed bench (issue 19 part 3), the getter
 * alone was 3.6 % of the main thread. Placed inside compression, this turns the object into its text once;
 * the Content-Type Koa set for the object (application/json) stays. Parts serialised in advance (cached note
 * cards) go in as their text (presenters/json-text.ts).
 */
export function jsonOnce(): Middleware {
  return async (ctx, next) => {
    await next()
    const body: unknown = ctx.body
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return
    ctx.body = replyJson(body)
  }
}

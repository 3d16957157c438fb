import type { Context } from 'koa'

/** Successful reply in the spec's envelope. List replies put `listPage(...)` (presenters/list.ts) in `data`. */
export function ok(ctx: Context, data: unknown = null, message = 'success', status = 200): void {
  ctx.status = status
  ctx.body = { code: 200, success: true, message, data }
}

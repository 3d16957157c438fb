import type { Context } from 'koa'
import type { Message } from '../i18n/format'
import { replyText } from './locale'

/** Successful reply in the spec's envelope, its message in the request's language (http/locale.ts). List replies put `listPage(...)` (presenters/list.ts) in `data`. */
export function ok(ctx: Context, data: unknown = null, message: string | Message = 'success', status = 200): void {
  ctx.status = status
  ctx.body = { code: 200, success: true, message: replyText(ctx, message), data }
}

import type { Context } from 'koa'

export interface Pagination {
  page: number
  limit: number
  total: number
  pages: number
}

/** Successful reply in the spec's envelope. */
export function ok(ctx: Context, data: unknown = null, message = 'success', status = 200): void {
  ctx.status = status
  ctx.body = { code: 200, success: true, message, data }
}

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) }
}

import { z } from 'zod'

/*
 * Shared request/reply pieces of the HTTP contract. This folder depends on zod only: the renderer imports
 * it too, so both ends agree on shapes and messages.
 */

export const MAX_PAGE_SIZE = 100

/*
 * Free text (titles, contents, comments, bios, reasons, search words) never holds control characters: NUL,
 * ESC, DEL and the C1 controls break storage, logs and terminals; lone surrogates are no text at all; bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text show in another order than it
 * is stored. Multi-line text keeps tab, line feed and carriage return. Emoji joiners and marks stay allowed.
 * Display names refuse more (every invisible character: users.ts).
 */
const SINGLE_LINE_CONTROLS = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u
const MULTI_LINE_CONTROLS = /(?![\t\n\r])\p{Cc}|[\p{Cs}\u202a-\u202e\u2066-\u2069]/u
export const CONTROL_MESSAGE = '不能包含控制字符'
export const hasControlCharacters = (text: string, multiline = false) => (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(text)

/** `.refine(...singleLine('标题'))`: refuses control characters with "标题不能包含控制字符". */
export const singleLine = (label: string) => [(v: string) => !hasControlCharacters(v), `${label}${CONTROL_MESSAGE}`] as const
/** `.refine(...multiLine('内容'))`: the same, tab and line breaks allowed. */
export const multiLine = (label: string) => [(v: string) => !hasControlCharacters(v, true), `${label}${CONTROL_MESSAGE}`] as const

/** A positive database id in a path or body ('0', '-1', '1e3', 'abc' and ids beyond 2^31 are refused). */
export const idSchema = z.preprocess(
  // Only plain decimal digits: Number() would also read '1e3', '0x10' or ' 7 '.
  (v) => (typeof v === 'string' ? (/^\d{1,12}$/.test(v) ? Number(v) : Number.NaN) : v),
  z.number({ error: '无效的ID' }).int('无效的ID').positive('无效的ID').max(2_147_483_647, '无效的ID'),
)

export const idParams = z.object({ id: idSchema })

/** page ≥ 1 and 1 ≤ limit ≤ 100 (default 20), as query strings. */
/** A positive whole number from a query string: plain decimal digits only ('1e1', '0x10' refused). */
function queryCount(message: string) {
  return z.preprocess((v) => (typeof v === 'string' ? (/^\d{1,15}$/.test(v) ? Number(v) : Number.NaN) : v), z.number({ error: message }).int(message))
}

/** page ≥ 1 and 1 ≤ limit ≤ 100 (default 20), as query strings. */
export function pageQuery(defaultLimit = 20) {
  return z.object({
    page: queryCount('page 必须是正整数').pipe(z.number().min(1, 'page 必须是正整数').max(100_000, 'page 过大')).default(1),
    limit: queryCount('limit 必须是正整数')
      .pipe(z.number().min(1, 'limit 必须是正整数').max(MAX_PAGE_SIZE, `limit 不能超过${MAX_PAGE_SIZE}`))
      .default(defaultLimit),
  })
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
})
export type Pagination = z.infer<typeof paginationSchema>

/**
 * The `data` of every paged list reply: the page under the spec's name for it and `pagination` beside it
 * (`{ posts: [...], pagination }`; the admin resources use the name `data`). Built by presenters/list.ts.
 */
export function listReplySchema<K extends string, T extends z.ZodType>(name: K, item: T) {
  return z.object({ [name]: z.array(item), pagination: paginationSchema } as Record<K, z.ZodArray<T>> & { pagination: typeof paginationSchema })
}
export type ListReply<K extends string, T> = { [P in K]: T[] } & { pagination: Pagination }

/** Every reply: `{ code, success, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), success: z.boolean(), message: z.string(), data })
}

/** A query-string flag: 1/0, true/false. */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: '参数必须是 true/false 或 1/0' })
  .transform((v) => v === '1' || v === 'true')

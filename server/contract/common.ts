import { z } from 'zod'
import { fixed, known, msg, type Message } from '../i18n/message'

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

/*
 * The same two rules as JSON Schema patterns, for the OpenAPI document (server/openapi/text-patterns.ts): plain
 * \uXXXX ranges that ECMAScript and Python regular expressions both read (Cc is U+0000–U+001F and
 * U+007F–U+009F, Cs U+D800–U+DFFF); tests/server/contract/openapi-examples.test.ts checks they agree with the
 * regular expressions above over every UTF-16 code unit.
 */
const CONTROL_RANGES = '\\u007f-\\u009f\\ud800-\\udfff\\u202a-\\u202e\\u2066-\\u2069'
export const SINGLE_LINE_PATTERN = `^[^\\u0000-\\u001f${CONTROL_RANGES}]*$`
export const MULTI_LINE_PATTERN = `^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f${CONTROL_RANGES}]*$`

/** The refinements as named functions, so the OpenAPI document can tell which rule a field's refine is. */
export const isSingleLineText = (v: string) => !hasControlCharacters(v)
export const isMultiLineText = (v: string) => !hasControlCharacters(v, true)

/** `.refine(...singleLine('标题'))`: refuses control characters with "标题不能包含控制字符". */
export const singleLine = (label: string) => [isSingleLineText, fixed('{label}不能包含控制字符', { label: known(label) })] as const
/** `.refine(...multiLine('内容'))`: the same, tab and line breaks allowed. */
export const multiLine = (label: string) => [isMultiLineText, fixed('{label}不能包含控制字符', { label: known(label) })] as const

/**
 * The one rule at the edge (issue 41): every string of every request (query, body, route params; nested in
 * objects and arrays) is free text as far as control characters go, so no field can escape by lacking its
 * own refine (report descriptions, ban reasons and email addresses did). Tab and line breaks are allowed
 * here; single-line fields refuse them with their own refine, which also gives the message its label.
 * Passwords are the one exception: hashed and never shown, and refusing them would lock out an account made
 * with one.
 */
const NOT_TEXT_KEY = /password/i

/** Names of common fields for the edge rule's message; other fields are named by their path. */
const FIELD_LABELS: Record<string, string> = {
  title: '标题', content: '内容', description: '说明', reason: '原因', email: '邮箱', nickname: '昵称', bio: '个人简介',
  keyword: '关键词', search: '搜索内容', name: '名称', note: '备注', admin_note: '审核备注', message: '内容', location: '所在地',
}

/** The path of the first string holding a control character in a parsed request part, or null. */
export function controlCharacterPath(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === 'string') return hasControlCharacters(value, true) ? path : null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, i])
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, v] of Object.entries(value)) {
      if (NOT_TEXT_KEY.test(key)) continue
      const found = controlCharacterPath(v, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** The edge rule's message for a path: "邮箱不能包含控制字符", or "参数 a.b 不能包含控制字符". */
export function controlCharacterMessage(path: ReadonlyArray<string | number>): Message {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string')
  const label = key ? FIELD_LABELS[key] : undefined
  return label ? msg('{label}不能包含控制字符', { label: known(label) }) : msg('参数 {path} 不能包含控制字符', { path: path.join('.') || known('请求') })
}

/** A positive database id in a path or body ('0', '-1', '1e3', 'abc' and ids beyond 2^31 are refused). */
export const idSchema = z.preprocess(
  // Only plain decimal digits: Number() would also read '1e3', '0x10' or ' 7 '.
  (v) => (typeof v === 'string' ? (/^\d{1,12}$/.test(v) ? Number(v) : Number.NaN) : v),
  z.number({ error: '无效的ID' }).int('无效的ID').positive('无效的ID').max(2_147_483_647, '无效的ID'),
)

export const idParams = z.object({ id: idSchema })

/** A required id in a body: `missing` when absent, '无效的ID' when not an id (declared required in the document). */
export const requiredIdField = (missing: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (/^\d{1,12}$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: (issue) => (issue.input === undefined ? missing : '无效的ID') }).int('无效的ID').positive('无效的ID').max(2_147_483_647, '无效的ID'),
  )

/** page ≥ 1 and 1 ≤ limit ≤ 100 (default 20), as query strings. */
/** A positive whole number from a query string: plain decimal digits only ('1e1', '0x10' refused). */
export function queryCount(message: string) {
  return z.preprocess((v) => (typeof v === 'string' ? (/^\d{1,15}$/.test(v) ? Number(v) : Number.NaN) : v), z.number({ error: message }).int(message))
}

/** page ≥ 1 and 1 ≤ limit ≤ 100 (default 20), as query strings. */
export function pageQuery(defaultLimit = 20) {
  return z.object({
    page: queryCount('page 必须是正整数').pipe(z.number().min(1, 'page 必须是正整数').max(100_000, 'page 过大')).default(1),
    limit: queryCount('limit 必须是正整数')
      .pipe(z.number().min(1, 'limit 必须是正整数').max(MAX_PAGE_SIZE, fixed('limit 不能超过{max}', { max: MAX_PAGE_SIZE })))
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

import { z } from 'zod'
import { idSchema, listReplySchema, pageQuery, singleLine, type Pagination } from '../common'

/*
 * The generic admin REST dialect (admin-back-office.md §7): every resource list takes page, limit (default
 * 20, max 100), search, user_display_id, sortField (the resource's allow-list), sortOrder or order, the
 * resource's own filters, and date_from / date_to on created_at. Empty query values count as absent, since
 * the table sends cleared filters as empty strings.
 */

export const ADMIN_PAGE_SIZE = 20

/** Treat '' (a cleared filter) as "not given": drop empty query values before parsing. */
export function withoutEmpty<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((v) => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')) : v))
    .pipe(schema)
}

export const sortOrderSchema = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }))

/** A day or an ISO timestamp: '2025-01-31' or '2025-01-31T08:00:00Z'. */
export const dateQuery = z
  .string()
  // A day, or a day and a time (the pattern the OpenAPI document publishes; the refine catches what it cannot, such as 02-30).
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/, '日期格式不正确')
  .refine((v) => !Number.isNaN(new Date(v).getTime()), '日期格式不正确')

/** Query keys of the shared dialect (never read as a column filter). */
export const ADMIN_LIST_KEYS: ReadonlySet<string> = new Set(['page', 'limit', 'search', 'user_display_id', 'sortField', 'sortOrder', 'order', 'date_from', 'date_to'])

/** Query filters shared by every admin list; the resource adds its own and the sortField allow-list. */
/** What a list can be narrowed by besides its filters: a date column, the user's display id, a keyword. */
export interface ListNarrowing {
  /** The rows have a created_at (date_from / date_to). */
  dated?: boolean
  /** The rows belong to a user (user_display_id). */
  byUser?: boolean
  /** Some columns are searched (search). */
  searchable?: boolean
}

/**
 * The admin list dialect of one resource. Keys the resource cannot use are left out (and so neither
 * documented nor read): a list without a created_at column takes no date range.
 */
export function adminListQuery(sortable: readonly [string, ...string[]], filters: Record<string, z.ZodType> = {}, narrowing: ListNarrowing = { dated: true, byUser: true, searchable: true }) {
  const extra: Record<string, z.ZodType> = {}
  for (const [name, schema] of Object.entries(filters)) extra[name] = schema.optional()
  return withoutEmpty(
    pageQuery(ADMIN_PAGE_SIZE).extend({
      ...(narrowing.searchable ? { search: z.string().trim().max(100, '搜索内容过长').refine(...singleLine('搜索内容')).optional().describe('关键词，模糊匹配') } : {}),
      ...(narrowing.byUser ? { user_display_id: z.string().trim().max(15).optional().describe('用户的小石榴号（精确匹配）') } : {}),
      sortField: z.enum(sortable, { error: '不支持的排序字段' }).optional(),
      sortOrder: sortOrderSchema.optional().describe('asc 或 desc'),
      order: sortOrderSchema.optional().describe('sortOrder 的别名'),
      ...(narrowing.dated ? { date_from: dateQuery.optional().describe('创建时间起（含）'), date_to: dateQuery.optional().describe('创建时间止（含当天）') } : {}),
      ...extra,
    }),
  )
}

/** Filter value kinds used by the resources. */
export const intFilter = z.coerce.number({ error: '筛选值必须是整数' }).int('筛选值必须是整数')
export const flagFilter = z
  .enum(['1', '0', 'true', 'false'], { error: '筛选值必须是 1/0 或 true/false' })
  .transform((v) => v === '1' || v === 'true')
/** A note's XiaoShiLiu v1.3 status (0 已发布，1 草稿，2 待审核，3 未过审), the v1.3.2 client's 笔记状态 filter. */
export const noteStatusFilter = z.enum(['0', '1', '2', '3'], { error: '笔记状态只能是0、1、2或3' }).transform(Number)
/** Users' ban state: banned / normal (the v1.3.2 client's values), or 1 / 0 (our back-office's). */
export const banStatusFilter = z
  .enum(['banned', 'normal', '1', '0', 'true', 'false'], { error: '封禁状态只能是 banned、normal、1 或 0' })
  .transform((v) => v === 'banned' || v === '1' || v === 'true')
export const textFilter = z.string().trim().max(100, '筛选内容过长').refine(...singleLine('筛选内容'))

/** Batch delete body: `{ ids: [1, 2, 3] }`. */
export const batchDeleteBody = z.object({
  ids: z
    .array(idSchema, { error: '请选择要删除的项目' })
    .min(1, '请选择要删除的项目')
    .max(1000, '一次最多删除1000项'),
})
export type BatchDeleteBody = z.infer<typeof batchDeleteBody>

export const batchDeleteReply = z.object({ deletedCount: z.number().int() })

/** The `data` of a list reply: `{ data: [...rows], pagination }` (A §7 "data.data"; docs/decisions.md). */
export function adminListData<T extends z.ZodType>(row: T) {
  return listReplySchema('data', row)
}
export type AdminList<T> = { data: T[]; pagination: Pagination }

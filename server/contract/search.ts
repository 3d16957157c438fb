import { z } from 'zod'
import { listReplySchema, pageQuery, paginationSchema, singleLine } from './common'
import { postCardSchema } from './posts'
import { userCardSchema } from './users'

/* Search (member-and-visitor.md §2.10, §7): notes by keyword and/or tag, users by keyword. */

const TYPE_ALIASES: Record<string, SearchType> = { post: 'posts', video: 'videos', user: 'users' }
export const SEARCH_TYPES = ['all', 'posts', 'videos', 'users'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]
/** Tag chips: the 10 most frequent tags of the results. */
export const TAG_STATS_MAX = 10

export const searchQuery = pageQuery(20).extend({
  type: z
    .string()
    .transform((t) => TYPE_ALIASES[t] ?? t)
    .pipe(z.enum(SEARCH_TYPES, { error: '搜索类型只能是 all、posts、videos 或 users' }))
    .default('posts'),
  keyword: z.string({ error: '关键词无效' }).trim().max(100, '关键词不能超过100个字符').refine(...singleLine('关键词')).optional(),
  tag: z.string({ error: '标签无效' }).trim().max(32, '标签无效').refine(...singleLine('标签')).optional(),
})
export type SearchQuery = z.infer<typeof searchQuery>

export const searchPostsQuery = pageQuery(20).extend({
  keyword: z.string({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(100, '关键词不能超过100个字符').refine(...singleLine('关键词')),
})
export type SearchPostsQuery = z.infer<typeof searchPostsQuery>

export const tagStatSchema = z.object({ id: z.number().int(), label: z.string(), count: z.number().int() })
export type TagStat = z.infer<typeof tagStatSchema>

/** A user in search results: a follow-list entry without the follow time. */
export const searchUserSchema = userCardSchema
export type SearchUser = z.infer<typeof searchUserSchema>

/** [start, end) of a matched word: UTF-16 indexes into the string, as JavaScript counts them. */
const matchRange = z.tuple([z.number().int(), z.number().int()])
/**
 * Where a keyword search result matched (server/search/highlight.ts): ranges in `title`, and a short excerpt
 * of `content` around the first match with the ranges in it ('' when the content did not match). Plain
 * text: a client marks the ranges up itself.
 */
export const searchHighlightSchema = z
  .object({ title: z.array(matchRange), excerpt: z.string(), excerpt_ranges: z.array(matchRange) })
  .describe('关键词命中位置：title 中的 [开始, 结束)，以及正文命中处的摘录 excerpt 与其中的位置')
export type SearchHighlight = z.infer<typeof searchHighlightSchema>
/** A note in search results: a card, with `highlight` when a keyword was searched. */
export const searchCardSchema = postCardSchema.extend({ highlight: searchHighlightSchema.optional() })
export type SearchCard = z.infer<typeof searchCardSchema>

export const searchReply = z.object({
  keyword: z.string(),
  tag: z.string(),
  type: z.enum(SEARCH_TYPES),
  posts: listReplySchema('data', searchCardSchema),
  users: listReplySchema('data', searchUserSchema),
  tagStats: z.array(tagStatSchema),
  /** = posts.data and posts.pagination, where XiaoShiLiu v1.3.2's 全部 tab reads the notes (images and videos mixed). */
  data: z.array(searchCardSchema),
  pagination: paginationSchema,
})
export type SearchReply = z.infer<typeof searchReply>

export const searchPostsReply = listReplySchema('posts', searchCardSchema).extend({ tagStats: z.array(tagStatSchema) })

/** Tags and categories. `GET /tags` and `GET /tags/hot` both reply a plain list of tags. */
export const tagSchema = z.object({ id: z.number().int(), name: z.string(), use_count: z.number().int() })
export type TagItem = z.infer<typeof tagSchema>
export const categorySchema = z.object({ id: z.number().int(), name: z.string(), category_title: z.string(), post_count: z.number().int(), created_at: z.string() })
export type CategoryItem = z.infer<typeof categorySchema>
export const tagListQuery = pageQuery(50).extend({ keyword: z.string().trim().max(32, '关键词无效').refine(...singleLine('关键词')).optional() })
export type TagListQuery = z.infer<typeof tagListQuery>
export const hotTagsQuery = z.object({
  limit: z.coerce.number({ error: 'limit 必须是正整数' }).int('limit 必须是正整数').min(1, 'limit 必须是正整数').max(50, 'limit 不能超过50').default(10),
})
export const CATEGORY_SORT_FIELDS = ['id', 'name', 'category_title', 'post_count', 'created_at'] as const
export const categoryListQuery = z.object({
  sortField: z.enum(CATEGORY_SORT_FIELDS, { error: '不支持的排序字段' }).default('id'),
  sortOrder: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { error: '排序只能是 asc 或 desc' }))
    .default('asc'),
  name: z.string().trim().max(50).refine(...singleLine('分类名称')).optional(),
  category_title: z.string().trim().max(50).refine(...singleLine('英文标识')).optional(),
})
export type CategoryListQuery = z.infer<typeof categoryListQuery>

/** Suggestions while typing (GET /search/suggest): at most this many of each kind. */
export const SUGGEST_MAX = 5
export const suggestQuery = z.object({
  q: z.string({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(50, '关键词不能超过50个字符').refine(...singleLine('关键词')),
})
export type SuggestQuery = z.infer<typeof suggestQuery>
export const suggestReply = z.object({
  /** Tags whose name starts with q, most used first. */
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), use_count: z.number().int() })),
  /** Active members whose nickname or display id starts with q, most followed first. */
  users: z.array(z.object({ user_id: z.string(), nickname: z.string(), avatar: z.string(), verified: z.number().int() })),
  /** Titles of the best-matching listed notes (the keyword search's order). */
  notes: z.array(z.object({ id: z.number().int(), title: z.string() })),
})
export type SuggestReply = z.infer<typeof suggestReply>

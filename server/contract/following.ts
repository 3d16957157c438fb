import { z } from 'zod'
import { pageQuery, paginationSchema, queryCount } from './common'
import { postCardSchema } from './posts'
import { userCardSchema } from './users'
import { fixed } from '../i18n/message'

/*
 * The 关注 timeline (issue 38, docs/discovery.md): GET /posts/following (notes by the people the member follows,
 * newest first), GET /posts/following/new (how many arrived since a point) and GET /users/suggestions (people
 * to follow, for the empty timeline). Signed-in members only.
 */

/**
 * A position in the timeline: after the note with this (created_at, id), in the timeline's order. Opaque to
 * clients; written `<created_at ms, base 36>.<id, base 36>`, so no base64 is needed on either end.
 */
export interface TimelinePosition {
  at: Date
  id: number
}

export const CURSOR_MESSAGE = 'cursor 无效'
const CURSOR_PATTERN = /^([0-9a-z]{1,10})\.([1-9a-z][0-9a-z]{0,6})$/

export const encodeCursor = (p: TimelinePosition): string => `${p.at.getTime().toString(36)}.${p.id.toString(36)}`

/** The position a cursor names, or null when it is not one this server wrote. */
export function decodeCursor(cursor: string): TimelinePosition | null {
  const m = CURSOR_PATTERN.exec(cursor)
  if (!m) return null
  // Every string of the pattern is a position (the document declares the pattern, so a generated client's
  // value must be accepted): ten base-36 digits of milliseconds stay below Date's limit, and an id above any
  // note's (the columns are 32-bit) is the same position as the largest one.
  return { at: new Date(parseInt(m[1]!, 36)), id: Math.min(parseInt(m[2]!, 36), 2_147_483_647) }
}

const cursorParam = z
  .string({ error: CURSOR_MESSAGE })
  .regex(CURSOR_PATTERN, CURSOR_MESSAGE)
  .transform((v, ctx) => {
    const position = decodeCursor(v)
    if (!position) {
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE })
      return z.NEVER
    }
    return position
  })

export const followingQuery = pageQuery(20).extend({
  cursor: cursorParam.optional().describe('上一页回复中的 next_cursor：从它之后继续（新发布的笔记不会让翻页重复或遗漏）；不传则按 page 分页'),
})
export type FollowingQuery = z.infer<typeof followingQuery>

export const followingReply = z.object({
  posts: z.array(postCardSchema),
  pagination: paginationSchema,
  next_cursor: z.string().nullable().describe('下一页的游标；没有更多时为 null'),
  head_cursor: z.string().nullable().describe('本页第一条笔记的位置（第一页时即最新一条），可传给 /posts/following/new 询问其后的新笔记'),
  new_count: z.number().int().describe(`上次访问以来的新笔记数（仅在未传 cursor 的第一页计算，最多数到 100）；首次访问为 0`),
  last_visit_cursor: z.string().nullable().describe('上次访问看到的最新笔记的位置；首次访问为 null'),
})
export type FollowingReply = z.infer<typeof followingReply>

/** new_count stops counting here (the app shows 「99+ 条新笔记」). */
export const NEW_COUNT_CAP = 100

export const followingNewQuery = z.object({
  cursor: cursorParam.optional().describe('head_cursor：数它之后的新笔记；不传则数上次访问以来的'),
})
export type FollowingNewQuery = z.infer<typeof followingNewQuery>

export const followingNewReply = z.object({
  new_count: z.number().int().describe(`新笔记数，最多 ${NEW_COUNT_CAP}`),
})
export type FollowingNewReply = z.infer<typeof followingNewReply>

export const SUGGESTIONS_MAX = 30

export const suggestionsQuery = z.object({
  limit: queryCount('limit 必须是正整数')
    .pipe(z.number().min(1, 'limit 必须是正整数').max(SUGGESTIONS_MAX, fixed('limit 不能超过{max}', { max: SUGGESTIONS_MAX })))
    .default(10),
})
export type SuggestionsQuery = z.infer<typeof suggestionsQuery>

export const suggestionSchema = userCardSchema.extend({
  shared_interests: z.array(z.string()).describe('与你共同的兴趣爱好'),
  followed_by_count: z.number().int().describe('你关注的人中有几位关注了TA'),
  reason: z.string().describe('推荐理由，如「3 位你关注的人也关注了TA」「共同兴趣：摄影」'),
})
export type Suggestion = z.infer<typeof suggestionSchema>

export const suggestionsReply = z.object({ users: z.array(suggestionSchema) })
export type SuggestionsReply = z.infer<typeof suggestionsReply>

import { z } from 'zod'
import { COMMENT_PAGE_SIZE } from './comment-pages'
import { idSchema, listReplySchema, multiLine, pageQuery, requiredIdField } from './common'
import { moderationField, moderationReasonField, plainLength } from './posts'

/* Comments and replies (member-and-visitor.md §2.5, §3, §5, §7). */

/** Visible characters of a comment (markup removed); the spec sets none, we allow 1000. */
export const COMMENT_MAX = 1000
export const COMMENT_RAW_MAX = 10_000
export { COMMENT_PAGE_SIZE }
export const REPLY_PAGE_SIZE = 10
/** Replies embedded under each top-level comment of a page (the list shows 2 before "expand"). */
export const EMBEDDED_REPLIES = 2

/** A comment needs visible text or at least one image. */
export function commentHasContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/gi, ' ').trim().length > 0
}

export const commentListQuery = pageQuery(COMMENT_PAGE_SIZE).extend({
  sort: z.enum(['desc', 'asc'], { error: '排序只能是 desc 或 asc' }).default('desc'),
})
export type CommentListQuery = z.infer<typeof commentListQuery>

export const replyListQuery = pageQuery(REPLY_PAGE_SIZE)
export type ReplyListQuery = z.infer<typeof replyListQuery>

export const commentCreateBody = z.object({
  post_id: requiredIdField('笔记ID不能为空'),
  content: z
    .string({ error: '请输入评论内容或上传图片' })
    .max(COMMENT_RAW_MAX, `评论不能超过${COMMENT_MAX}个字`)
    .refine(...multiLine('评论'))
    .refine(commentHasContent, '请输入评论内容或上传图片')
    .refine((html) => plainLength(html) <= COMMENT_MAX, `评论不能超过${COMMENT_MAX}个字`)
    .meta({ 'x-max-plain-length': COMMENT_MAX, description: `去掉标记后最多${COMMENT_MAX}个字（maxLength 为含标记的上限）` }),
  parent_id: z.union([idSchema, z.null(), z.literal(0), z.literal('0'), z.literal('')], { error: '无效的ID' }).optional().transform((v) => (v ? Number(v) : null)),
})
export type CommentCreateBody = z.infer<typeof commentCreateBody>

export const commentSchema: z.ZodType<CommentView> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string(),
    parent_id: z.number().int().nullable(),
    user_id: z.string().describe('评论者小石榴号'),
    user_display_id: z.string(),
    user_auto_id: z.number().int(),
    nickname: z.string(),
    username: z.string(),
    user_avatar: z.string(),
    avatar: z.string(),
    verified: z.number().int(),
    created_at: z.string(),
    time: z.string(),
    location: z.string(),
    user_location: z.string(),
    like_count: z.number().int(),
    likeCount: z.number().int(),
    liked: z.boolean(),
    isLiked: z.boolean(),
    reply_count: z.number().int(),
    reply_to_user_id: z.string().nullable(),
    replyTo: z.string().nullable().describe('被回复者昵称（仅回复）'),
    is_author: z.boolean().describe('评论者是否为笔记作者'),
    moderation: moderationField,
    moderation_reason: moderationReasonField,
    replies: z.array(commentSchema),
  }),
)

export interface CommentView {
  id: number
  post_id: number
  content: string
  parent_id: number | null
  user_id: string
  user_display_id: string
  user_auto_id: number
  nickname: string
  username: string
  user_avatar: string
  avatar: string
  verified: number
  created_at: string
  time: string
  location: string
  user_location: string
  like_count: number
  likeCount: number
  liked: boolean
  isLiked: boolean
  reply_count: number
  reply_to_user_id: string | null
  replyTo: string | null
  is_author: boolean
  /** 0 unless the viewer wrote it and a moderator hid it or it awaits review (server/db/visibility.ts). */
  moderation: number
  moderation_reason: string | null
  replies: CommentView[]
}

export const commentListReply = listReplySchema('comments', commentSchema)
/** Replies: `data.replies`, also as `data.comments` (the spec names no key for this call). */
export const replyListReply = listReplySchema('replies', commentSchema).extend({ comments: z.array(commentSchema) })
export const commentDeleteReply = z.object({ deletedCount: z.number().int() })

import { z } from 'zod'
import { requiredIdField } from './common'

/* Likes of notes (target_type 1) and comments (2): POST sets, DELETE clears; both idempotent. */

export const LIKE_TARGET_TYPE = { post: 1, comment: 2 } as const

export const likeBody = z.object({
  target_type: z
    .union([z.literal(1), z.literal(2), z.enum(['1', '2'])], { error: '目标类型必须是1（笔记）或2（评论）' })
    .transform((v) => Number(v) as 1 | 2),
  target_id: requiredIdField('目标ID不能为空'),
})
export type LikeBody = z.infer<typeof likeBody>

export const likeReply = z.object({
  liked: z.boolean(),
  isLiked: z.boolean(),
  likeCount: z.number().int(),
  like_count: z.number().int(),
})
export type LikeReply = z.infer<typeof likeReply>

import { z } from 'zod'
import { listReplySchema, pageQuery } from './common'

/*
 * Blocks (拉黑, issue 18): POST / DELETE /users/{id}/block set and clear a block (idempotent), GET
 * /users/blocks is the member's blacklist. Refused interactions answer 403 with BLOCK_MESSAGES.refused.
 */

export const BLOCK_MESSAGES = {
  /** Following, commenting, replying, liking or collecting where the other member blocked you. */
  refused: '由于对方的设置，你无法进行此操作',
  blockSelf: '不能拉黑自己',
  blocked: '已拉黑',
  unblocked: '已解除拉黑',
} as const

export const blockStateSchema = z.object({
  blocked: z.boolean().describe('当前用户是否已拉黑对方'),
})
export type BlockState = z.infer<typeof blockStateSchema>

export const blockListQuery = pageQuery()
export type BlockListQuery = z.infer<typeof blockListQuery>

/** One blocked member in the blacklist, newest block first. */
export const blockEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  verified: z.number().int(),
  blocked_at: z.string().describe('拉黑时间 (ISO 8601)'),
})
export type BlockEntry = z.infer<typeof blockEntrySchema>

export const blockListReply = listReplySchema('blocks', blockEntrySchema)
export type BlockListReply = z.infer<typeof blockListReply>

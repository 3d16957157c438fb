import type { LikeReply } from '../../../server/contract/likes'
import { api } from './client'

/** target_type 1 = note, 2 = comment. Returns the new like count. */
export async function setLiked(targetType: 1 | 2, targetId: number, liked: boolean): Promise<number> {
  const body = { target_type: targetType, target_id: targetId }
  const reply = liked ? await api.post<LikeReply>('/likes', body) : await api.del<LikeReply>('/likes', body)
  return reply.likeCount
}

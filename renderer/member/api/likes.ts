import { api } from './client'
import { asRaw, num } from './raw'

/** target_type 1 = note, 2 = comment. Returns the new like count when the server sends one. */
export async function setLiked(targetType: 1 | 2, targetId: number, liked: boolean): Promise<number | null> {
  const body = { target_type: targetType, target_id: targetId }
  const data = liked ? await api.post<unknown>('/likes', body) : await api.del<unknown>('/likes', body)
  const r = asRaw(data)
  return 'likeCount' in r || 'like_count' in r ? num(r, 'likeCount', 'like_count') : null
}

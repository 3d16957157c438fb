import { api } from './client'
import { normalizeComment, normalizePagination } from './normalize'
import { arr, asRaw } from './raw'
import type { Comment, Pagination } from './types'

export const COMMENT_PAGE_SIZE = 5
export type CommentSort = 'desc' | 'asc'

export interface CommentPage {
  comments: Comment[]
  pagination: Pagination
}

export async function listComments(postId: number, page: number, sort: CommentSort): Promise<CommentPage> {
  const d = asRaw(await api.get<unknown>(`/posts/${postId}/comments`, { page, limit: COMMENT_PAGE_SIZE, sort }))
  return { comments: arr(d.comments).map((c) => normalizeComment(c)), pagination: normalizePagination(d.pagination, COMMENT_PAGE_SIZE) }
}

export async function listReplies(commentId: number, parentName: string): Promise<Comment[]> {
  const data = await api.get<unknown>(`/comments/${commentId}/replies`, { page: 1, limit: 100 })
  const list = Array.isArray(data) ? data : arr(asRaw(data).replies ?? asRaw(data).comments)
  return list.map((c) => normalizeComment(c, parentName))
}

export async function createComment(postId: number, content: string, parentId: number | null): Promise<{ comment: Comment; message: string }> {
  const env = await api.request<unknown>('/comments', { method: 'POST', body: { post_id: postId, content, parent_id: parentId } })
  return { comment: normalizeComment(env.data), message: env.message }
}

export async function deleteComment(id: number): Promise<void> {
  await api.del<unknown>(`/comments/${id}`)
}

import type { ListReply } from '../../../server/contract/common'
import { COMMENT_PAGE_SIZE } from '../../../server/contract/comment-pages'
import { api } from './client'
import type { Comment } from './types'

export { COMMENT_PAGE_SIZE }
export type CommentSort = 'desc' | 'asc'

export type CommentPage = ListReply<'comments', Comment>

export async function listComments(postId: number, page: number, sort: CommentSort): Promise<CommentPage> {
  return api.get<CommentPage>(`/posts/${postId}/comments`, { page, limit: COMMENT_PAGE_SIZE, sort })
}

/** Every reply of a comment (oldest first); the nickname each answers is in `replyTo`. */
export async function listReplies(commentId: number): Promise<Comment[]> {
  return (await api.get<ListReply<'replies', Comment>>(`/comments/${commentId}/replies`, { page: 1, limit: 100 })).replies
}

export async function createComment(postId: number, content: string, parentId: number | null): Promise<{ comment: Comment; message: string }> {
  const env = await api.request<Comment>('/comments', { method: 'POST', body: { post_id: postId, content, parent_id: parentId } })
  return { comment: env.data, message: env.message }
}

export async function deleteComment(id: number): Promise<void> {
  await api.del<{ deletedCount: number }>(`/comments/${id}`)
}

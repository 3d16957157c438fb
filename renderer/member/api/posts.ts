import type { Query } from '../../common/api/client'
import type { PostCreateBody } from '../../../server/contract/posts'
import { api } from './client'
import type { Category, Post, PostDetail, PostPage } from './types'

export interface PostListParams {
  page?: number
  limit?: number
  category?: string | number
  type?: 1 | 2
  user_id?: string
  is_draft?: 0 | 1
  keyword?: string
  sort?: string
  /** 1: the 推荐 channel, personalised for a signed-in member (cards then carry recommend_reason). */
  recommend?: 1
}

export async function listPosts(params: PostListParams): Promise<PostPage> {
  const query: Query = { ...params }
  if (query.category === 'general' || query.category === 'recommend') delete query.category
  return api.get<PostPage>('/posts', query)
}

export async function getPost(id: number | string, skipViewCount = false): Promise<PostDetail> {
  return api.get<PostDetail>(`/posts/${id}`, skipViewCount ? { skipViewCount: 'true' } : undefined)
}

/** What the publish page sends (the contract's create body, before the server's defaults). */
export type PostInput = Required<Pick<PostCreateBody, 'title' | 'content' | 'images' | 'tags' | 'category_id' | 'type' | 'is_draft'>> & {
  video: { url: string; coverUrl: string | null } | null
}

export async function createPost(input: PostInput): Promise<{ id: number; message: string }> {
  const env = await api.request<{ id: number }>('/posts', { method: 'POST', body: input })
  return { id: env.data.id, message: env.message }
}

export async function updatePost(id: number, input: Partial<PostInput>): Promise<string> {
  const env = await api.request<{ id: number }>(`/posts/${id}`, { method: 'PUT', body: input })
  return env.message
}

export async function deletePost(id: number): Promise<void> {
  await api.del<null>(`/posts/${id}`)
}

export async function setCollected(id: number, collected: boolean): Promise<void> {
  if (collected) await api.post<unknown>(`/posts/${id}/collect`)
  else await api.del<unknown>(`/posts/${id}/collect`)
}

/** 不感兴趣 (POST) or its undo (DELETE); both idempotent. */
export async function setNotInterested(id: number, on: boolean): Promise<void> {
  if (on) await api.post<unknown>(`/posts/${id}/not-interested`)
  else await api.del<unknown>(`/posts/${id}/not-interested`)
}

export async function listCategories(): Promise<Category[]> {
  return api.get<Category[]>('/categories')
}

export type { Post }

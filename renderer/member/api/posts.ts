import type { Query } from '../../common/api/client'
import { api } from './client'
import { normalizeCategory, normalizePagination, normalizePost } from './normalize'
import { arr, asRaw, num } from './raw'
import type { Category, Post, PostPage } from './types'

export interface PostListParams {
  page?: number
  limit?: number
  category?: string | number
  type?: 1 | 2
  user_id?: string | number
  is_draft?: 0 | 1
  keyword?: string
  sort?: string
}

export function toPostPage(data: unknown, listKey = 'posts', limit = 20): PostPage {
  const d = asRaw(data)
  return { posts: arr(d[listKey]).map(normalizePost), pagination: normalizePagination(d.pagination, limit) }
}

export async function listPosts(params: PostListParams): Promise<PostPage> {
  const query: Query = { ...params }
  if (query.category === 'general' || query.category === 'recommend') delete query.category
  return toPostPage(await api.get<unknown>('/posts', query), 'posts', params.limit)
}

export async function getPost(id: number | string, skipViewCount = false): Promise<Post> {
  return normalizePost(await api.get<unknown>(`/posts/${id}`, skipViewCount ? { skipViewCount: 'true' } : undefined))
}

export interface PostInput {
  title: string
  content: string
  images: string[]
  video: { url: string; coverUrl: string | null } | null
  tags: string[]
  category_id: number | null
  type: 1 | 2
  is_draft: boolean
}

export async function createPost(input: PostInput): Promise<{ id: number; message: string }> {
  const env = await api.request<unknown>('/posts', { method: 'POST', body: input })
  return { id: num(asRaw(env.data), 'id'), message: env.message }
}

export async function updatePost(id: number, input: Partial<PostInput>): Promise<string> {
  const env = await api.request<unknown>(`/posts/${id}`, { method: 'PUT', body: input })
  return env.message
}

export async function deletePost(id: number): Promise<void> {
  await api.del<unknown>(`/posts/${id}`)
}

export async function setCollected(id: number, collected: boolean): Promise<void> {
  if (collected) await api.post<unknown>(`/posts/${id}/collect`)
  else await api.del<unknown>(`/posts/${id}/collect`)
}

export async function listCategories(): Promise<Category[]> {
  const data = await api.get<unknown>('/categories')
  const list = Array.isArray(data) ? data : arr(asRaw(data).categories)
  return list.map(normalizeCategory).filter((c) => c.id > 0 && c.name)
}

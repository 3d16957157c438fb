import { api } from './client'
import { normalizePagination, normalizePost, normalizeUserCard } from './normalize'
import { arr, asRaw, num, str } from './raw'
import type { Pagination, Post, UserCard } from './types'

export type SearchType = 'all' | 'posts' | 'videos' | 'users'

export interface TagStat {
  id: number
  label: string
  count: number
}

export interface SearchResult {
  posts: Post[]
  users: UserCard[]
  pagination: Pagination
  tagStats: TagStat[]
}

export async function search(params: { type: SearchType; keyword: string; tag: string; page: number; limit?: number }): Promise<SearchResult> {
  const { type, keyword, tag, page, limit = 20 } = params
  const d = asRaw(
    await api.get<unknown>('/search', { type, keyword: keyword || undefined, tag: tag || undefined, page, limit }),
  )
  const posts = asRaw(d.posts)
  const users = asRaw(d.users)
  const tagStats = arr(d.tagStats).map((t) => {
    const r = asRaw(t)
    return { id: num(r, 'id'), label: str(r, 'label', 'name'), count: num(r, 'count') }
  })
  return {
    posts: arr(posts.data).map(normalizePost),
    users: arr(users.data).map(normalizeUserCard),
    pagination: normalizePagination(type === 'users' ? users.pagination : posts.pagination, limit),
    tagStats,
  }
}

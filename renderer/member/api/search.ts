import type { SearchReply, SearchType, TagStat } from '../../../server/contract/search'
import { api } from './client'
import type { Pagination, Post, UserCard } from './types'

export type { SearchType, TagStat }

/** One page of a search tab: notes (or users on the users tab), the tab's paging and the tag chips. */
export interface SearchResult {
  posts: Post[]
  users: UserCard[]
  pagination: Pagination
  tagStats: TagStat[]
}

export async function search(params: { type: SearchType; keyword: string; tag: string; page: number; limit?: number }): Promise<SearchResult> {
  const { type, keyword, tag, page, limit = 20 } = params
  const d = await api.get<SearchReply>('/search', { type, keyword: keyword || undefined, tag: tag || undefined, page, limit })
  return { posts: d.posts.data, users: d.users.data, pagination: type === 'users' ? d.users.pagination : d.posts.pagination, tagStats: d.tagStats }
}

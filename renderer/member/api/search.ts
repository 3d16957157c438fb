import type { SearchReply, SearchType, SuggestReply, TagStat } from '../../../server/contract/search'
import { api } from './client'
import type { Pagination, Post, UserCard } from './types'

export type { SearchType, SuggestReply, TagStat }

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

/** Suggestions while typing: tags and people starting with `q`, titles of the best-matching notes. */
export async function suggest(q: string): Promise<SuggestReply> {
  return api.get<SuggestReply>('/search/suggest', { q })
}

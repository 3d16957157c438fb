import type { FollowingNewReply, FollowingReply, SuggestionsReply } from '../../../server/contract/following'
import { api } from './client'

/*
 * The 关注 timeline (docs/discovery.md "## 关注 timeline"): pages by cursor (stable while notes arrive), the
 * light new-note check, and people to follow for the empty timeline. Signed-in members only.
 */

export type { FollowingReply, Suggestion } from '../../../server/contract/following'

export async function listFollowing(cursor: string | null, limit = 20): Promise<FollowingReply> {
  return api.get<FollowingReply>('/posts/following', cursor ? { limit, cursor } : { limit })
}

/** Notes newer than `headCursor` (the newest one shown); does not end the visit. */
export async function countFollowingNew(headCursor: string): Promise<number> {
  return (await api.get<FollowingNewReply>('/posts/following/new', { cursor: headCursor })).new_count
}

export async function listSuggestions(limit = 10): Promise<SuggestionsReply['users']> {
  return (await api.get<SuggestionsReply>('/users/suggestions', { limit })).users
}

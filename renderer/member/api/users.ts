import type { ListReply } from '../../../server/contract/common'
import { FOLLOW_LIST_KEYS, type FollowListKind } from '../../../server/contract/follow-keys'
import type { PersonalityTags } from '../../../server/contract/users'
import { api, memberTokens } from './client'
import type { BlockListReply, BlockState } from '../../../server/contract/blocks'
import type { FollowEntry, FollowState, PostPage, UserCard, UserInfo, UserProfile } from './types'

export async function getProfile(userId: string): Promise<UserProfile> {
  return api.get<UserProfile>(`/users/${userId}`)
}

const NOT_FOLLOWED: FollowState = { followed: false, isMutual: false, buttonType: 'follow' }

/** A failed lookup is "not followed" (spec §8). */
export async function getFollowStatus(userId: string): Promise<FollowState> {
  try {
    return await api.get<FollowState>(`/users/${userId}/follow-status`)
  } catch {
    return NOT_FOLLOWED
  }
}

export async function setFollowing(userId: string, follow: boolean): Promise<void> {
  if (follow) await api.post<FollowState>(`/users/${userId}/follow`)
  else await api.del<FollowState>(`/users/${userId}/follow`)
}

/** 拉黑 / 解除拉黑 (idempotent on the server). */
export async function setBlocked(userId: string, blocked: boolean): Promise<BlockState> {
  return blocked ? api.post<BlockState>(`/users/${userId}/block`) : api.del<BlockState>(`/users/${userId}/block`)
}

/** The signed-in member's blacklist, newest block first. */
export async function listBlocks(page = 1, limit = 20): Promise<BlockListReply> {
  return api.get<BlockListReply>('/users/blocks', { page, limit })
}

export type FollowListType = FollowListKind

const FOLLOW_PATH: Record<FollowListType, string> = { mutual: 'mutual-follows', following: 'following', followers: 'followers' }

export interface UserCardPage {
  users: FollowEntry[]
  pagination: ListReply<'users', FollowEntry>['pagination']
}

export async function listFollows(userId: string, type: FollowListType, page = 1, limit = 20): Promise<UserCardPage> {
  const key = FOLLOW_LIST_KEYS[type]
  const d = await api.get<ListReply<typeof key, FollowEntry>>(`/users/${userId}/${FOLLOW_PATH[type]}`, { page, limit })
  return { users: d[key], pagination: d.pagination }
}

export async function searchUsers(keyword: string, limit = 50): Promise<UserCard[]> {
  if (!keyword.trim()) return []
  return (await api.get<ListReply<'users', UserCard>>('/users/search', { keyword, limit })).users
}

export type UserPostTab = 'posts' | 'collections' | 'likes'

export async function listUserPosts(userId: string, tab: UserPostTab, page: number, limit = 20, extra: Record<string, string | number> = {}): Promise<PostPage> {
  if (tab === 'collections') {
    const d = await api.get<ListReply<'collections', PostPage['posts'][number]>>(`/users/${userId}/collections`, { page, limit })
    return { posts: d.collections, pagination: d.pagination }
  }
  return api.get<PostPage>(`/users/${userId}/${tab}`, { page, limit, ...extra })
}

export interface ProfileUpdate {
  avatar?: string
  nickname?: string
  bio?: string
  gender?: string
  zodiac_sign?: string
  mbti?: string
  education?: string
  major?: string
  interests?: string[]
  location?: string
}

export async function updateProfile(userId: string, update: ProfileUpdate): Promise<UserInfo> {
  return api.put<UserInfo>(`/users/${userId}`, update)
}

export async function getPersonalityTags(userId: string): Promise<string[]> {
  try {
    return (await api.get<PersonalityTags>(`/users/${userId}/personality-tags`)).tags
  } catch {
    return []
  }
}

/** Deletes the account (the password confirms it); its tokens are dropped at once, so no later call goes out with them. */
export async function deleteAccount(userId: string, password: string): Promise<void> {
  await api.del<null>(`/users/${userId}`, { password })
  memberTokens.clear()
}

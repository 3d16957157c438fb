import { api } from './client'
import { buttonTypeOf, normalizePagination, normalizeProfile, normalizeUserCard } from './normalize'
import { toPostPage } from './posts'
import { arr, asRaw, bool } from './raw'
import type { FollowState, Pagination, PostPage, UserCard, UserProfile } from './types'

export async function getProfile(userId: string): Promise<UserProfile> {
  const profile = normalizeProfile(await api.get<unknown>(`/users/${userId}`))
  try {
    const stats = asRaw(await api.get<unknown>(`/users/${userId}/stats`))
    return normalizeProfile({ ...profileToRaw(profile), ...stats })
  } catch {
    return profile
  }
}

function profileToRaw(p: UserProfile): Record<string, unknown> {
  return { ...p }
}

export async function getFollowStatus(userId: string): Promise<FollowState> {
  try {
    const r = asRaw(await api.get<unknown>(`/users/${userId}/follow-status`))
    const followed = bool(r, 'followed', 'isFollowing')
    const isMutual = bool(r, 'isMutual')
    return { followed, isMutual, buttonType: buttonTypeOf(r, followed, isMutual) }
  } catch {
    return { followed: false, isMutual: false, buttonType: 'follow' }
  }
}

export async function setFollowing(userId: string, follow: boolean): Promise<void> {
  if (follow) await api.post<unknown>(`/users/${userId}/follow`)
  else await api.del<unknown>(`/users/${userId}/follow`)
}

export type FollowListType = 'mutual' | 'following' | 'followers'

const FOLLOW_PATH: Record<FollowListType, { path: string; key: string }> = {
  mutual: { path: 'mutual-follows', key: 'mutualFollows' },
  following: { path: 'following', key: 'following' },
  followers: { path: 'followers', key: 'followers' },
}

export interface UserCardPage {
  users: UserCard[]
  pagination: Pagination
}

export async function listFollows(userId: string, type: FollowListType, page = 1, limit = 20): Promise<UserCardPage> {
  const { path, key } = FOLLOW_PATH[type]
  const d = asRaw(await api.get<unknown>(`/users/${userId}/${path}`, { page, limit }))
  return { users: arr(d[key] ?? d.users).map(normalizeUserCard), pagination: normalizePagination(d.pagination, limit) }
}

export async function searchUsers(keyword: string, limit = 50): Promise<UserCard[]> {
  if (!keyword.trim()) return []
  const d = asRaw(await api.get<unknown>('/users/search', { keyword, limit }))
  return arr(d.users).map(normalizeUserCard)
}

export type UserPostTab = 'posts' | 'collections' | 'likes'

export async function listUserPosts(userId: string, tab: UserPostTab, page: number, limit = 20, extra: Record<string, string | number> = {}): Promise<PostPage> {
  const data = await api.get<unknown>(`/users/${userId}/${tab}`, { page, limit, ...extra })
  return toPostPage(data, tab === 'collections' ? 'collections' : 'posts', limit)
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

export async function updateProfile(userId: string, update: ProfileUpdate): Promise<void> {
  await api.put<unknown>(`/users/${userId}`, update)
}

export async function getPersonalityTags(userId: string): Promise<string[]> {
  try {
    const d = await api.get<unknown>(`/users/${userId}/personality-tags`)
    const list = Array.isArray(d) ? d : arr(asRaw(d).tags)
    return list.map((t) => (typeof t === 'string' ? t : String(asRaw(t).name ?? ''))).filter(Boolean)
  } catch {
    return []
  }
}

export async function deleteAccount(userId: string): Promise<void> {
  await api.del<unknown>(`/users/${userId}`)
}

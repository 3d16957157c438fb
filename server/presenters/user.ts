import { savedLocale } from '../i18n/locales'
import type { FollowEntry, FollowState, Profile, SelfUser, UserStats } from '../contract/users'
import { DEFAULT_AVATAR, DEFAULT_BIO, DEFAULT_LOCATION } from '../contract/users'
import type { User } from '../db/entities'
import { toIso } from '../db/reader'

/*
 * User replies, field by field (ARCHITECTURE.md §3.5): never the password hash, is_active or anything a
 * member did not choose to show. Empty values get the spec's display defaults.
 */

type UserCore = Pick<User, 'user_id' | 'nickname' | 'avatar' | 'bio' | 'location' | 'verified'>
type UserCounters = Pick<User, 'follow_count' | 'fans_count' | 'post_count' | 'like_count' | 'collect_count'>

export const avatarOf = (avatar: string | null | undefined): string => avatar || DEFAULT_AVATAR
export const bioOf = (bio: string | null | undefined): string => bio || DEFAULT_BIO

/** The small user card other presenters embed (author rows, mention picker, search results). */
export function presentPublicUser(u: UserCore) {
  return {
    user_id: u.user_id,
    nickname: u.nickname,
    avatar: avatarOf(u.avatar),
    bio: bioOf(u.bio),
    location: u.location || DEFAULT_LOCATION,
    verified: Number(u.verified) || 0,
  }
}

export function presentStats(u: UserCounters): UserStats {
  const like = Number(u.like_count) || 0
  const collect = Number(u.collect_count) || 0
  return {
    follow_count: Number(u.follow_count) || 0,
    fans_count: Number(u.fans_count) || 0,
    post_count: Number(u.post_count) || 0,
    like_count: like,
    collect_count: collect,
    likes_and_collects: like + collect,
  }
}

/** What a profile is made of (an entity, or a raw row converted by the caller). */
export type ProfileSource = UserCore &
  UserCounters &
  Pick<User, 'gender' | 'zodiac_sign' | 'mbti' | 'education' | 'major' | 'interests'> & { created_at: Date | string }

/** A profile page (GET /users/{id}). */
export function presentProfile(u: ProfileSource): Profile {
  return {
    ...presentPublicUser(u),
    gender: u.gender || null,
    zodiac_sign: u.zodiac_sign || null,
    mbti: u.mbti || null,
    education: u.education || null,
    major: u.major || null,
    interests: Array.isArray(u.interests) ? u.interests : [],
    created_at: toIso(u.created_at),
    ...presentStats(u),
  }
}

/** The signed-in member (login, register, me): the own profile plus the own numeric id. */
export function presentSelf(u: ProfileSource & { id: number; email?: string | null; locale?: string | null }): SelfUser {
  return { id: u.id, ...presentProfile(u), email: u.email ?? null, locale: savedLocale(u.locale) }
}

/**
 * The follow button of `viewer` for a user (spec §4 Follow button): unfollow / mutual when the viewer follows
 * them, back when only they follow the viewer, follow otherwise; normal for the viewer's own entry.
 */
export function followState(iFollow: boolean, theyFollow: boolean, isSelf = false): FollowState {
  if (isSelf) return { followed: false, isMutual: false, buttonType: 'normal' }
  const isMutual = iFollow && theyFollow
  const buttonType = iFollow ? (isMutual ? 'mutual' : 'unfollow') : theyFollow ? 'back' : 'follow'
  return { followed: iFollow, isMutual, buttonType }
}

export interface FollowRow extends UserCore, Pick<UserCounters, 'follow_count' | 'fans_count' | 'post_count'> {
  id: number
  followed_at: Date | string | null
}

/** One entry of the following / followers / mutual-follows lists, with the viewer's follow state. */
export function presentFollowEntry(row: FollowRow, state: FollowState): FollowEntry {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    nickname: row.nickname,
    avatar: avatarOf(row.avatar),
    bio: bioOf(row.bio),
    verified: Number(row.verified) || 0,
    fans_count: Number(row.fans_count) || 0,
    follow_count: Number(row.follow_count) || 0,
    post_count: Number(row.post_count) || 0,
    isFollowing: state.followed,
    isMutual: state.isMutual,
    buttonType: state.buttonType,
    followed_at: row.followed_at ? toIso(row.followed_at) : null,
  }
}

/** A user in search results and pickers: the follow-list entry without the follow time. */
export function presentUserCard(row: Omit<FollowRow, 'followed_at'>, state: FollowState): Omit<FollowEntry, 'followed_at'> {
  const { followed_at: _omit, ...card } = presentFollowEntry({ ...row, followed_at: null }, state)
  return card
}

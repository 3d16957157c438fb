import { arr, asRaw, bool, isRaw, num, optStr, str, stringList, type Raw } from './raw'
import type { Category, Comment, FollowButtonType, Pagination, Post, Tag, UserCard, UserInfo, UserProfile } from './types'

function tagsOf(v: unknown): Tag[] {
  return arr(v)
    .map((t, i): Tag | null => {
      if (typeof t === 'string') return { id: -(i + 1), name: t }
      if (isRaw(t) && str(t, 'name')) return { id: num(t, 'id'), name: str(t, 'name') }
      return null
    })
    .filter((t): t is Tag => t !== null)
}

function imagesOf(v: unknown): string[] {
  return arr(v)
    .map((x) => (typeof x === 'string' ? x : isRaw(x) ? str(x, 'url', 'image_url') : ''))
    .filter(Boolean)
}

function aspectOf(r: Raw): number | null {
  const w = num(r, 'image_width', 'width', 'thumbnail_width')
  const h = num(r, 'image_height', 'height', 'thumbnail_height')
  return w > 0 && h > 0 ? w / h : null
}

export function normalizePost(input: unknown): Post {
  const r = asRaw(input)
  const images = imagesOf(r.images)
  const type = num(r, 'type') === 2 ? 2 : 1
  const category = r.category
  return {
    id: num(r, 'id'),
    title: str(r, 'title'),
    content: str(r, 'content'),
    type,
    images,
    image: optStr(r, 'image') ?? images[0] ?? null,
    thumbnail: optStr(r, 'thumbnail'),
    aspect: aspectOf(r),
    video_url: optStr(r, 'video_url') ?? (isRaw(r.video) ? optStr(r.video, 'url') : null),
    cover_url: optStr(r, 'cover_url') ?? (isRaw(r.video) ? optStr(r.video, 'coverUrl', 'cover_url') : null),
    tags: tagsOf(r.tags),
    category: isRaw(category) ? optStr(category, 'name') : optStr(r, 'category', 'category_name'),
    category_id: num(r, 'category_id') || (isRaw(category) ? num(category, 'id') : 0) || null,
    view_count: num(r, 'view_count', 'viewCount'),
    like_count: num(r, 'like_count', 'likeCount'),
    collect_count: num(r, 'collect_count', 'collectCount'),
    comment_count: num(r, 'comment_count', 'commentCount'),
    liked: bool(r, 'liked', 'isLiked'),
    collected: bool(r, 'collected', 'isCollected'),
    created_at: str(r, 'created_at', 'createdAt'),
    location: optStr(r, 'location'),
    nickname: str(r, 'nickname') || '匿名用户',
    user_avatar: optStr(r, 'user_avatar', 'avatar'),
    author_account: str(r, 'author_account', 'user_display_id') || str(r, 'user_id'),
    author_auto_id: num(r, 'author_auto_id', 'user_auto_id'),
    verified: num(r, 'verified'),
    is_draft: bool(r, 'is_draft'),
  }
}

export function normalizePagination(input: unknown, fallbackLimit = 20): Pagination {
  const r = asRaw(input)
  const limit = num(r, 'limit') || fallbackLimit
  const total = num(r, 'total')
  return { page: num(r, 'page') || 1, limit, total, pages: num(r, 'pages', 'totalPages') || Math.ceil(total / limit) }
}

export function normalizeComment(input: unknown, parentName: string | null = null): Comment {
  const r = asRaw(input)
  const nickname = str(r, 'nickname', 'username') || '匿名用户'
  const replies = arr(r.replies).map((x) => normalizeComment(x, nickname))
  const parent = r.parent_id
  return {
    id: num(r, 'id'),
    post_id: num(r, 'post_id'),
    content: str(r, 'content'),
    parent_id: parent === null || parent === undefined || parent === 0 ? null : num(r, 'parent_id'),
    user_id: str(r, 'user_display_id') || str(r, 'user_id'),
    user_auto_id: num(r, 'user_auto_id'),
    nickname,
    user_avatar: optStr(r, 'user_avatar', 'avatar'),
    verified: num(r, 'verified'),
    created_at: str(r, 'created_at', 'time'),
    location: optStr(r, 'user_location', 'location'),
    like_count: num(r, 'like_count', 'likeCount'),
    liked: bool(r, 'liked', 'isLiked'),
    reply_count: num(r, 'reply_count') || replies.length,
    replies,
    replyTo: optStr(r, 'reply_to', 'replyTo', 'reply_to_nickname') ?? parentName,
  }
}

export function normalizeUser(input: unknown): UserInfo {
  const r = asRaw(input)
  return {
    id: num(r, 'id', 'user_auto_id'),
    user_id: str(r, 'user_id', 'user_display_id'),
    nickname: str(r, 'nickname') || '匿名用户',
    avatar: optStr(r, 'avatar', 'user_avatar'),
    bio: str(r, 'bio'),
    location: str(r, 'location'),
    verified: num(r, 'verified'),
  }
}

export function normalizeProfile(input: unknown): UserProfile {
  const r = asRaw(input)
  return {
    ...normalizeUser(r),
    gender: str(r, 'gender'),
    zodiac_sign: str(r, 'zodiac_sign'),
    mbti: str(r, 'mbti'),
    education: str(r, 'education'),
    major: str(r, 'major'),
    interests: stringList(r.interests),
    follow_count: num(r, 'follow_count'),
    fans_count: num(r, 'fans_count'),
    post_count: num(r, 'post_count'),
    like_count: num(r, 'like_count'),
    collect_count: num(r, 'collect_count'),
    likes_and_collects: num(r, 'likes_and_collects') || num(r, 'like_count') + num(r, 'collect_count'),
  }
}

const BUTTON_TYPES: readonly FollowButtonType[] = ['follow', 'unfollow', 'back', 'mutual']

export function buttonTypeOf(r: Raw, followed: boolean, mutual: boolean): FollowButtonType {
  const t = str(r, 'buttonType')
  if ((BUTTON_TYPES as readonly string[]).includes(t)) return t as FollowButtonType
  return mutual ? 'mutual' : followed ? 'unfollow' : 'follow'
}

export function normalizeUserCard(input: unknown): UserCard {
  const r = asRaw(input)
  const isFollowing = bool(r, 'isFollowing', 'followed', 'is_following')
  const isMutual = bool(r, 'isMutual', 'is_mutual')
  return {
    ...normalizeUser(r),
    fans_count: num(r, 'fans_count'),
    follow_count: num(r, 'follow_count'),
    post_count: num(r, 'post_count'),
    isFollowing,
    isMutual,
    buttonType: buttonTypeOf(r, isFollowing, isMutual),
  }
}

export function normalizeCategory(input: unknown): Category {
  const r = asRaw(input)
  return { id: num(r, 'id'), name: str(r, 'name'), category_title: str(r, 'category_title') || str(r, 'name') }
}

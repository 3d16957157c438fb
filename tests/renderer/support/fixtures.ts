import type { Post, UserInfo } from '../../../renderer/member/api/types'

/** A note card as the contract defines it (server/contract/posts.ts), with the given fields. */
export function postCard(fields: Partial<Post> & { id: number }): Post {
  return {
    title: '',
    content: '',
    type: 1,
    images: [],
    tags: [],
    image: null,
    thumbnail: null,
    image_width: 0,
    image_height: 0,
    video_url: null,
    cover_url: null,
    nickname: '石榴用户',
    user_avatar: '/uploads/defaults/avatar.webp',
    author_account: 'author',
    author_auto_id: 1,
    user_id: 'author',
    verified: 0,
    category: null,
    category_id: null,
    view_count: 0,
    like_count: 0,
    likeCount: 0,
    collect_count: 0,
    collectCount: 0,
    comment_count: 0,
    commentCount: 0,
    liked: false,
    collected: false,
    is_draft: false,
    status: 0,
    moderation: 0,
    moderation_reason: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  }
}

/** The signed-in member as login / me reply it (server/contract/users.ts selfSchema). */
export function selfUser(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    user_id: 'demo',
    nickname: 'Demo',
    avatar: '/uploads/defaults/avatar.webp',
    bio: '用户没有任何简介',
    location: '未知',
    verified: 0,
    gender: null,
    zodiac_sign: null,
    mbti: null,
    education: null,
    major: null,
    interests: [],
    created_at: '2025-01-01T00:00:00.000Z',
    follow_count: 0,
    fans_count: 0,
    post_count: 0,
    like_count: 0,
    collect_count: 0,
    likes_and_collects: 0,
    ...fields,
  }
}

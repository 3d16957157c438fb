import type { Pagination } from '../../common/api/client'

export type { Pagination }

export interface Tag {
  id: number
  name: string
}

export interface Post {
  id: number
  title: string
  content: string
  /** 1 image note, 2 video note. */
  type: 1 | 2
  images: string[]
  /** First image (feed cover). */
  image: string | null
  /** Feed thumbnail when the server provides one. */
  thumbnail: string | null
  /** Cover width / height when known (server or probed), used by the waterfall. */
  aspect: number | null
  video_url: string | null
  cover_url: string | null
  tags: Tag[]
  category: string | null
  category_id: number | null
  view_count: number
  like_count: number
  collect_count: number
  comment_count: number
  liked: boolean
  collected: boolean
  created_at: string
  location: string | null
  nickname: string
  user_avatar: string | null
  /** Public display id of the author (石榴号). */
  author_account: string
  author_auto_id: number
  verified: number
  is_draft: boolean
}

export interface PostPage {
  posts: Post[]
  pagination: Pagination
}

export interface Comment {
  id: number
  post_id: number
  content: string
  parent_id: number | null
  /** Public display id of the commenter. */
  user_id: string
  user_auto_id: number
  nickname: string
  user_avatar: string | null
  verified: number
  created_at: string
  location: string | null
  like_count: number
  liked: boolean
  reply_count: number
  replies: Comment[]
  /** Nickname of the comment this one answers (replies only). */
  replyTo: string | null
}

export interface UserInfo {
  /** Numeric primary key. */
  id: number
  /** Public display id (石榴号). */
  user_id: string
  nickname: string
  avatar: string | null
  bio: string
  location: string
  verified: number
}

export interface UserProfile extends UserInfo {
  gender: string
  zodiac_sign: string
  mbti: string
  education: string
  major: string
  interests: string[]
  follow_count: number
  fans_count: number
  post_count: number
  like_count: number
  collect_count: number
  likes_and_collects: number
}

export interface Category {
  id: number
  name: string
  category_title: string
}

export type FollowButtonType = 'follow' | 'unfollow' | 'back' | 'mutual'

export interface FollowState {
  followed: boolean
  isMutual: boolean
  buttonType: FollowButtonType
}

export interface UserCard {
  id: number
  user_id: string
  nickname: string
  avatar: string | null
  bio: string
  verified: number
  fans_count: number
  follow_count: number
  post_count: number
  isFollowing: boolean
  isMutual: boolean
  buttonType: FollowButtonType
}

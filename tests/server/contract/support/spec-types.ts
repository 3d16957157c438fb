/*
 * What the specification says the replies hold (M §3 "Entities and their fields", M §7, A §3, A §7), as
 * a client author would type them from the text. Nothing here is imported from server/contract: these
 * types are the spec's side of the contract.
 */

/** M §3 / A §3 Pagination: page, limit, total, pages. */
export interface Pagination {
  page: number
  limit: number
  total: number
  pages: number
}

/** M §3 User info. */
export interface UserInfo {
  user_id: string
  nickname: string
  avatar: string
  bio: string
  location: string
  verified: number
}

/** M §3 Profile: user info plus these. */
export interface Profile extends UserInfo {
  gender: string | null
  zodiac_sign: string | null
  mbti: string | null
  education: string | null
  major: string | null
  interests: string[]
  follow_count: number
  fans_count: number
  post_count: number
  like_count: number
  collect_count: number
  likes_and_collects: number
}

/** M §3 Login payload reply: tokens.access_token, tokens.refresh_token and user. */
export interface Session {
  tokens: { access_token: string; refresh_token: string }
  user: UserInfo
}

/** M §3 Tag: id, name, use_count. Notes carry tags as strings or {id, name}. */
export interface Tag {
  id: number
  name: string
  use_count: number
}
export type NoteTag = string | { id: number; name: string }

/** M §3 Note (post). */
export interface Note {
  id: number
  title: string
  content: string
  type: number
  images: string[]
  image: string | null
  video_url: string | null
  cover_url: string | null
  tags: NoteTag[]
  category: string | null
  view_count: number
  like_count: number
  collect_count: number
  comment_count: number
  liked: boolean
  collected: boolean
  verified: number
  created_at: string
  nickname: string
  user_avatar: string
  author_account: string
  author_auto_id: number
  user_id: string
  is_draft: boolean | number
}

/** M §3 Tag stat. */
export interface TagStat {
  id: number
  label: string
  count: number
}

/** M §3 Comment. */
export interface Comment {
  id: number
  post_id: number
  content: string
  parent_id: number | null
  user_display_id?: string
  user_id: string
  user_auto_id: number
  nickname: string
  user_avatar: string
  verified: number
  created_at: string
  location: string
  like_count: number
  liked: boolean
  reply_count: number
  replies?: Comment[]
}

/** M §3 Follow state. */
export interface FollowState {
  followed: boolean
  isMutual: boolean
  buttonType: string
}

/** M §3 Follow list entry. */
export interface FollowEntry {
  id: number
  nickname: string
  user_id: string
  avatar: string
  fans_count: number
  post_count: number
  isFollowing: boolean
  isMutual: boolean
  buttonType: string
  bio: string
  follow_count: number
}

/** M §3 Notification. */
export interface Notification {
  id: number
  type: number
  title: string
  from_user_id: string
  from_nickname: string
  created_at: string
  is_read: number
  target_id: number | null
  comment_id: number | null
  comment_content: string | null
}

/** A member's verification application, as the member sees it (A §3 without the content). */
export interface Application {
  id: number
  type: number
  status: number
  admin_note: string | null
}

/** A §3 Admin and the login reply. */
export interface AdminLogin {
  admin: { username: string }
  tokens: { access_token: string; refresh_token: string }
}

/** A §3 Monitor activity. */
export interface Activity {
  id: number
  type: string
  user_id: string
  target_id: number | null
  avatar: string | null
  nickname: string | null
  description: string
  content: string | null
  created_at: string
}

/** A row of an admin resource: the entity's fields by name. */
export type Row = Record<string, unknown> & { id: number }

/** A §7 list reply data: a list, or data.data, with pagination. */
export type AdminList = Row[] | { data: Row[]; pagination: Pagination }

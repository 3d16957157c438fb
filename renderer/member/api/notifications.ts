import { api } from './client'
import { arr, asRaw, bool, num, optStr, str } from './raw'
import type { Pagination } from './types'
import { normalizePagination } from './normalize'

export type NotificationTab = 'comments' | 'likes' | 'collections' | 'follows'

export interface AppNotification {
  id: number
  type: number
  title: string
  from_user_id: string
  from_nickname: string
  from_avatar: string | null
  from_verified: number
  created_at: string
  is_read: boolean
  target_id: number
  target_type: number
  comment_id: number | null
  comment_content: string
  comment_is_liked: boolean
  comment_like_count: number
  parent_comment_content: string
  post_image: string | null
  post_title: string
}

export interface UnreadCounts {
  comments: number
  likes: number
  collections: number
  follows: number
  total: number
}

export function normalizeNotification(input: unknown): AppNotification {
  const r = asRaw(input)
  return {
    id: num(r, 'id'),
    type: num(r, 'type'),
    title: str(r, 'title'),
    from_user_id: str(r, 'from_user_id'),
    from_nickname: str(r, 'from_nickname') || '匿名用户',
    from_avatar: optStr(r, 'from_avatar'),
    from_verified: num(r, 'from_verified'),
    created_at: str(r, 'created_at'),
    is_read: bool(r, 'is_read'),
    target_id: num(r, 'target_id'),
    target_type: num(r, 'target_type'),
    comment_id: num(r, 'comment_id') || null,
    comment_content: str(r, 'comment_content'),
    comment_is_liked: bool(r, 'comment_is_liked'),
    comment_like_count: num(r, 'comment_like_count'),
    parent_comment_content: str(r, 'parent_comment_content'),
    post_image: optStr(r, 'post_image'),
    post_title: str(r, 'post_title'),
  }
}

export async function listNotifications(tab: NotificationTab, page: number, limit = 20): Promise<{ items: AppNotification[]; pagination: Pagination }> {
  const d = asRaw(await api.get<unknown>(`/notifications/${tab}`, { page, limit }))
  return { items: arr(d.notifications).map(normalizeNotification), pagination: normalizePagination(d.pagination, limit) }
}

export async function getUnreadCounts(): Promise<UnreadCounts> {
  const r = asRaw(await api.get<unknown>('/notifications/unread-count-by-type'))
  const counts = { comments: num(r, 'comments'), likes: num(r, 'likes'), collections: num(r, 'collections'), follows: num(r, 'follows') }
  return { ...counts, total: num(r, 'total') || counts.comments + counts.likes + counts.collections + counts.follows }
}

export async function markRead(id: number): Promise<void> {
  await api.put<unknown>(`/notifications/${id}/read`)
}

export async function markAllRead(): Promise<void> {
  await api.put<unknown>('/notifications/read-all')
}

import type { ListReply } from '../../../server/contract/common'
import type { NotificationReply, NotificationTab, UnreadByType } from '../../../server/contract/notifications'
import { api } from './client'

export type { NotificationTab }
export type AppNotification = NotificationReply
export type UnreadCounts = UnreadByType
export type NotificationPage = ListReply<'notifications', AppNotification>

export async function listNotifications(tab: NotificationTab, page: number, limit = 20): Promise<NotificationPage> {
  return api.get<NotificationPage>(`/notifications/${tab}`, { page, limit })
}

export async function getUnreadCounts(): Promise<UnreadCounts> {
  return api.get<UnreadCounts>('/notifications/unread-count-by-type')
}

export async function markRead(id: number): Promise<void> {
  await api.put<unknown>(`/notifications/${id}/read`)
}

export async function markAllRead(): Promise<void> {
  await api.put<unknown>('/notifications/read-all')
}

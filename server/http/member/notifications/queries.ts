import type { NotificationTab } from '../../../contract/notifications'
import { andNotBlocked } from '../../../db/blocks'
import { NOTIFICATION_KINDS } from '../../../db/entities'
import { toNum } from '../../../db/reader'
import { limitClause } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import type { NotificationRow } from '../../../presenters/notification'

/*
 * Notification reads. A page is one query: the notification with its sender, comment, parent comment,
 * note, note author, cover image and the receiver's like of the comment all joined in, plus the count.
 * Notifications sent by members the receiver blocked are left out of pages, totals and unread counts (they
 * come back on unblocking).
 */

export type NotificationKind = NotificationTab | 'all'


const PAGE_COLUMNS = `n.id AS id, n.type AS type, n.title AS title, n.created_at AS created_at, n.is_read AS is_read,
  n.target_id AS target_id, n.comment_id AS comment_id,
  s.id AS from_user_auto_id, s.user_id AS from_user_id, s.nickname AS from_nickname, s.avatar AS from_avatar,
  s.verified AS from_verified, s.follow_count AS follow_count, s.fans_count AS fans_count,
  c.content AS comment_content, c.like_count AS comment_like_count,
  CASE WHEN c.id IS NOT NULL AND EXISTS (SELECT 1 FROM likes l WHERE l.user_id = n.user_id AND l.target_type = 2 AND l.target_id = c.id) THEN 1 ELSE 0 END AS comment_is_liked,
  pc.content AS parent_comment_content,
  p.title AS post_title, pa.user_id AS post_author_id,
  COALESCE(
    (SELECT v.cover_url FROM post_videos v WHERE v.post_id = p.id),
    (SELECT COALESCE(i.thumbnail_url, i.url) FROM post_images i WHERE i.post_id = p.id ORDER BY i.sort_order ASC LIMIT 1)
  ) AS post_image`

const PAGE_JOINS = `FROM notifications n
  LEFT JOIN users s ON s.id = n.sender_id
  LEFT JOIN comments c ON c.id = n.comment_id
  LEFT JOIN comments pc ON pc.id = c.parent_id
  LEFT JOIN posts p ON p.id = n.target_id
  LEFT JOIN users pa ON pa.id = p.user_id`

function sql(deps: AppDeps, text: string): string {
  if (deps.config.database.kind !== 'postgres') return text
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

function typeFilter(kind: NotificationKind): { clause: string; params: number[] } {
  if (kind === 'all') return { clause: '', params: [] }
  const types = NOTIFICATION_KINDS[kind]
  return { clause: ` AND n.type IN (${types.map(() => '?').join(', ')})`, params: [...types] }
}

export async function notificationPage(deps: AppDeps, userId: number, kind: NotificationKind, page: number, limit: number) {
  const filter = typeFilter(kind)
  const blocks = andNotBlocked(userId, 'n.sender_id')
  const where = `WHERE n.user_id = ?${filter.clause}${blocks.sql}`
  const params = [userId, ...filter.params, ...blocks.params]
  const [countRow] = (await deps.db.query(sql(deps, `SELECT COUNT(*) AS total FROM notifications n ${where}`), params)) as Array<{ total: number | string }>
  const rows = (await deps.db.query(sql(deps, `SELECT ${PAGE_COLUMNS} ${PAGE_JOINS} ${where} ORDER BY n.created_at DESC, n.id DESC ${limitClause(limit, (page - 1) * limit)}`), params)) as NotificationRow[]
  return { rows, total: toNum(countRow?.total) }
}

/** The member's notifications newer than `afterId`, oldest first (the stream's catch-up and live events). */
export async function notificationsAfter(deps: AppDeps, userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return (await deps.db.query(sql(deps, `SELECT ${PAGE_COLUMNS} ${PAGE_JOINS} WHERE n.user_id = ? AND n.id > ? ORDER BY n.id ASC ${limitClause(limit, 0)}`), [userId, afterId])) as NotificationRow[]
}

/** The id of the member's newest notification (0 when none): where a new stream starts. */
export async function newestNotificationId(deps: AppDeps, userId: number): Promise<number> {
  const [row] = (await deps.db.query(sql(deps, 'SELECT MAX(id) AS id FROM notifications WHERE user_id = ?'), [userId])) as Array<{ id: number | string | null }>
  return toNum(row?.id ?? 0)
}

export type UnreadCounts = Record<NotificationTab, number> & { total: number }

/** Unread notifications per tab and in all, in one grouped query. */
export async function unreadCounts(deps: AppDeps, userId: number): Promise<UnreadCounts> {
  const blocks = andNotBlocked(userId, 'n.sender_id')
  const rows = (await deps.db.query(sql(deps, `SELECT n.type AS type, COUNT(*) AS n FROM notifications n WHERE n.user_id = ? AND n.is_read = FALSE${blocks.sql} GROUP BY n.type`), [userId, ...blocks.params])) as Array<{
    type: number | string
    n: number | string
  }>
  const byType = new Map(rows.map((r) => [Number(r.type), toNum(r.n)]))
  const sum = (types: readonly number[]) => types.reduce((acc, t) => acc + (byType.get(t) ?? 0), 0)
  const counts = {
    comments: sum(NOTIFICATION_KINDS.comments),
    likes: sum(NOTIFICATION_KINDS.likes),
    collections: sum(NOTIFICATION_KINDS.collections),
    follows: sum(NOTIFICATION_KINDS.follows),
    system: sum(NOTIFICATION_KINDS.system),
  }
  return { ...counts, total: [...byType.values()].reduce((a, b) => a + b, 0) }
}

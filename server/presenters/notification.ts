import type { NotificationReply } from '../contract/notifications'
import { toBool, toIso, toNum } from '../db/reader'
import { avatarOf } from './user'
import { localize } from '../i18n/format'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'

/** A notification as the page query returns it (raw row). */
export interface NotificationRow {
  id: number
  type: number
  title: string
  content: string | null
  created_at: Date | string
  is_read: boolean | number
  target_id: number | null
  comment_id: number | null
  from_user_auto_id: number | null
  from_user_id: string | null
  from_nickname: string | null
  from_avatar: string | null
  from_verified: number | null
  follow_count: number | null
  fans_count: number | null
  comment_content: string | null
  comment_like_count: number | null
  comment_is_liked: number | boolean | null
  parent_comment_content: string | null
  post_title: string | null
  post_author_id: string | null
  post_image: string | null
}

/** A notification of the notification centre, with every field of member spec §3 "Notification". */
/**
 * The actions' titles (赞了你的笔记, ...) are stored as catalogue ids and shown in the reader's `locale`; a
 * system notice was rendered for its receiver when written and passes unchanged (issue 40).
 */
export function presentNotification(r: NotificationRow, locale: Locale = DEFAULT_LOCALE): NotificationReply {
  const commentId = r.comment_id === null ? null : toNum(r.comment_id)
  const targetId = r.target_id === null ? null : toNum(r.target_id)
  return {
    id: toNum(r.id),
    type: toNum(r.type),
    title: localize(r.title, locale),
    content: r.content === null ? null : localize(r.content, locale),
    from_user_id: r.from_user_id,
    from_user_auto_id: r.from_user_auto_id === null ? null : toNum(r.from_user_auto_id),
    from_nickname: r.from_nickname,
    from_avatar: r.from_user_id ? avatarOf(r.from_avatar) : null,
    from_verified: toNum(r.from_verified),
    created_at: toIso(r.created_at),
    is_read: toBool(r.is_read) ? 1 : 0,
    target_id: targetId,
    // 2: the notification is about a comment (likes of it, replies, comments, mentions in comments); 1: the note.
    target_type: commentId !== null ? 2 : targetId !== null ? 1 : null,
    comment_id: commentId,
    comment_content: r.comment_content,
    comment_is_liked: toBool(r.comment_is_liked),
    comment_like_count: toNum(r.comment_like_count),
    parent_comment_content: r.parent_comment_content,
    post_image: r.post_image,
    post_author_id: r.post_author_id,
    post_title: r.post_title,
    follow_count: toNum(r.follow_count),
    fans_count: toNum(r.fans_count),
  }
}

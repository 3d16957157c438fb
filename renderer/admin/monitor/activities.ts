import type { Activity } from '../../../server/contract/admin/audit'
import { siteLinks } from '../ui/format'

export type { Activity }

export const ACTIVITY_TYPES: Record<string, string> = {
  user_register: '用户注册',
  post_publish: '发布笔记',
  comment_publish: '发表评论',
  report_submit: '举报',
  moderation_action: '审核处理',
  user_ban: '账号限制',
}

export function activityLabel(type: string): string {
  return ACTIVITY_TYPES[type] ?? '未知动态'
}

/** Where clicking an item leads (opened in a new tab). */
export function activityLink(a: Activity): string | null {
  switch (a.type) {
    case 'user_register':
      return siteLinks.user(a.user_id)
    case 'post_publish':
      return a.target_id === null ? null : siteLinks.post(a.target_id)
    case 'comment_publish':
      return a.target_id === null ? null : siteLinks.comment(a.target_id, a.id)
    case 'report_submit':
    case 'moderation_action':
      // The note concerned when there is one, else the member.
      return a.target_id === null ? siteLinks.user(a.user_id) : siteLinks.post(a.target_id)
    case 'user_ban':
      return siteLinks.user(a.user_id)
    default:
      return null
  }
}

import type { IconName } from '../ui/icons'
import { RESOURCES } from '../resources'

export interface MenuEntry {
  path: string
  label: string
  description: string
  icon: IconName
}

const RESOURCE_ICONS: Record<string, IconName> = {
  users: 'user',
  reports: 'shield',
  posts: 'note',
  'posts-audit': 'stamp',
  'comments-audit': 'stamp',
  comments: 'comment',
  categories: 'category',
  tags: 'hash',
  likes: 'heart',
  collections: 'star',
  follows: 'follow',
  notifications: 'bell',
  sessions: 'session',
  'admin-sessions': 'session',
  audit: 'shield',
  'watched-words': 'filter',
  settings: 'system',
  admins: 'admin',
  'audit-logs': 'note',
  outbox: 'bell',
}

/** Side menu: the two special screens, then every resource table. */
export const MENU: MenuEntry[] = [
  { path: '/admin/api-docs', label: 'API文档', description: '查看和测试API接口文档', icon: 'chart' },
  { path: '/admin/monitor', label: '动态监控', description: '查看系统最近动态和活动监控', icon: 'monitor' },
  ...RESOURCES.map((r) => ({ path: `/admin/${r.name}`, label: r.title, description: r.description, icon: RESOURCE_ICONS[r.name] ?? 'note' })),
]

/** Shown in classroom mode only (the side menu asks the server: useClassroom). */
export const CLASSROOM_ENTRY: MenuEntry = { path: '/admin/classroom', label: '课堂', description: '课堂模式：二维码、班级账号、导出与下课重置', icon: 'user' }

export function menuEntryFor(pathname: string): MenuEntry | undefined {
  return [...MENU, CLASSROOM_ENTRY].find((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))
}

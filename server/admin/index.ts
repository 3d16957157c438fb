import type { AdminResource } from './resource'
import { adminSessions } from './resources/admin-sessions'
import { categories, tags } from './resources/catalog'
import { comments } from './resources/comments'
import { collections, follows, likes } from './resources/interactions'
import { commentsAudit, postsAudit, siteSettings, watchedWords } from './resources/moderation'
import { notifications } from './resources/notifications'
import { posts } from './resources/posts'
import { reports } from './resources/reports'
import { admins, auditLogs, sessions } from './resources/system'
import { users } from './resources/users'
import { verifications } from './resources/verifications'

/** Every admin resource, in the back-office menu order. */
export const ADMIN_RESOURCES: readonly AdminResource[] = [
  users,
  reports,
  posts,
  postsAudit,
  comments,
  commentsAudit,
  categories,
  tags,
  likes,
  collections,
  follows,
  notifications,
  sessions,
  adminSessions,
  verifications,
  watchedWords,
  siteSettings,
  admins,
  auditLogs,
]

export interface ResourceMount {
  /** Path under /api. */
  base: string
  resource: AdminResource
}

/**
 * Where each resource is served. The verification applications answer at /admin/audit (the screen's path)
 * and /admin/verifications (the documented one); admin accounts at /admin/admins and /auth/admin/admins.
 * Routes and the OpenAPI document are both built from this list.
 */
export const ADMIN_MOUNTS: readonly ResourceMount[] = [
  ...ADMIN_RESOURCES.filter((r) => r !== verifications).map((resource) => ({ base: `/admin/${resource.name}`, resource })),
  { base: '/admin/audit', resource: verifications },
  { base: '/admin/verifications', resource: verifications },
  { base: '/auth/admin/admins', resource: admins },
]

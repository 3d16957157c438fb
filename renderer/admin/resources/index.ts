import type { ResourceDef } from '../table/types'
import { adminSessions } from './adminSessions'
import { admins } from './admins'
import { audit } from './audit'
import { auditLogs } from './auditLogs'
import { categories } from './categories'
import { collections } from './collections'
import { comments } from './comments'
import { follows } from './follows'
import { likes } from './likes'
import { notifications } from './notifications'
import { outbox } from './outbox'
import { posts } from './posts'
import { reports } from './reports'
import { commentsAudit, postsAudit } from './review'
import { sessions } from './sessions'
import { settings } from './settings'
import { tags } from './tags'
import { users } from './users'
import { watchedWords } from './watchedWords'

/** Every table screen, in menu order; each is served at /admin/{name}. */
export const RESOURCES: ResourceDef[] = [users, reports, posts, postsAudit, comments, commentsAudit, categories, tags, likes, collections, follows, notifications, sessions, adminSessions, audit, watchedWords, settings, admins, auditLogs, outbox]

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name)
}

import { inTransaction } from '../../db/transaction'
import { In } from 'typeorm'
import { hashPassword } from '../../auth/passwords'
import { announceSessionsEnded, closeAllSessions, openSession } from '../../auth/sessions'
import { flagFilter, textFilter } from '../../contract/admin/list'
import { adminCreateBody, adminUpdateBody, sessionCreateBody } from '../../contract/admin/people'
import { Admin, AdminAuditLog, User, UserSession } from '../../db/entities'
import { Invalid } from '../../errors'
import { bool, date, int, str } from '../fields'
import { requireUser } from '../refs'
import { createWith, updateWith, type AdminResource } from '../resource'
import { sessionWrites } from './session-writes'

/** Administrator accounts; served at /admin/admins and /auth/admin/admins. Never lists password hashes. */
export const admins: AdminResource = {
  name: 'admins',
  label: '管理员',
  description: '管理员账号',
  entity: Admin,
  alias: 'a',
  fields: { id: int('a.id'), username: str('a.username'), is_active: bool('a.is_active'), created_at: date('a.created_at'), updated_at: date('a.updated_at') },
  filters: { username: { sql: 'a.username', schema: textFilter, op: 'like' }, is_active: { sql: 'a.is_active', schema: flagFilter } },
  search: ['a.username'],
  sortable: ['id', 'username', 'created_at'],
  defaultSort: { field: 'id', order: 'asc' },
  create: createWith(adminCreateBody, async ({ deps }, input) => {
    const passwordHash = await hashPassword(input.password)
    const saved = await inTransaction(deps.db, (m) => m.getRepository(Admin).save(m.getRepository(Admin).create({ username: input.username, password_hash: passwordHash, is_active: input.is_active ?? true })))
    return saved.id
  }),
  update: updateWith(adminUpdateBody, async ({ deps, admin }, id, input) => {
    if (id === admin.id && input.is_active === false) throw Invalid('不能禁用当前登录的管理员')
    const patch: Partial<Admin> = {}
    if (input.username !== undefined) patch.username = input.username
    if (input.is_active !== undefined) patch.is_active = input.is_active
    if (input.password !== undefined) patch.password_hash = await hashPassword(input.password)
    await inTransaction(deps.db, async (m) => {
      if (Object.keys(patch).length) await m.getRepository(Admin).update({ id }, patch)
      // A new password or a deactivation ends the account's other sessions at once.
      if (input.password !== undefined || input.is_active === false) await closeAllSessions(m, 'admin', id, id === admin.id ? admin.sessionId : undefined)
    })
  }),
  async remove({ deps, admin }, ids) {
    if (ids.includes(admin.id)) throw Invalid('不能删除当前登录的管理员')
    await inTransaction(deps.db, async (m) => {
      await m.getRepository(Admin).delete({ id: In(ids) })
      // Their sessions went with them: their open streams close.
      announceSessionsEnded(m, 'admin', { subjectIds: ids })
    })
  },
}

/**
 * Member sessions (logins). Deactivating one rejects its tokens on the next request (the auth middleware
 * checks sessions.is_active on every call); reactivating it makes its unexpired tokens valid again.
 * Creating one opens a real session whose tokens are never shown.
 */
export const sessions: AdminResource = {
  name: 'sessions',
  label: '会话',
  description: '用户登录会话',
  entity: UserSession,
  alias: 's',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = s.user_id'),
  fields: {
    id: int('s.id'),
    user_id: int('s.user_id'),
    user_display_id: str('u.user_id'),
    nickname: str('u.nickname'),
    user_agent: str('s.user_agent'),
    ip: str('s.ip'),
    is_active: bool('s.is_active'),
    expires_at: date('s.expires_at'),
    created_at: date('s.created_at'),
    last_activity: date('s.last_activity'),
  },
  filters: { is_active: { sql: 's.is_active', schema: flagFilter }, user_agent: { sql: 's.user_agent', schema: textFilter, op: 'like' } },
  search: ['u.user_id', 'u.nickname', 's.user_agent'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'expires_at', 'last_activity', 'user_id'],
  create: createWith(sessionCreateBody, async ({ deps }, input) => {
    const userId = await requireUser(deps.db, input, 'user')
    const patch: Partial<UserSession> = {}
    if (input.is_active === false) patch.is_active = false
    if (input.expires_at) patch.expires_at = new Date(input.expires_at)
    return inTransaction(deps.db, async (m) => {
      const { sessionId: id } = await openSession(m, deps.config.jwtSecret, 'user', userId, { userAgent: input.user_agent ?? '管理员创建', ip: '' })
      if (Object.keys(patch).length) await m.getRepository(UserSession).update({ id }, patch)
      return id
    })
  }),
  ...sessionWrites(UserSession),
}

/** The admin audit log: every administrator write (beyond the spec). Read-only. */
export const auditLogs: AdminResource = {
  name: 'audit-logs',
  label: '操作日志',
  description: '管理员操作日志（每次写操作一条）',
  entity: AdminAuditLog,
  alias: 'l',
  fields: {
    id: int('l.id'),
    admin_id: int('l.admin_id', { nullable: true }),
    admin_username: str('l.admin_username'),
    action: str('l.action', { description: 'create, update, delete, batch-delete, approve, reject, login, logout, password' }),
    resource: str('l.resource'),
    resource_ids: str('l.resource_ids', { nullable: true, description: '逗号分隔的ID' }),
    detail: str('l.detail', { nullable: true, description: 'JSON：涉及的字段名（从不记录字段值）' }),
    created_at: date('l.created_at'),
  },
  filters: {
    action: { sql: 'l.action', schema: textFilter },
    resource: { sql: 'l.resource', schema: textFilter },
    admin_username: { sql: 'l.admin_username', schema: textFilter },
  },
  search: ['l.admin_username', 'l.resource', 'l.action', 'l.resource_ids'],
  sortable: ['id', 'created_at', 'action', 'resource'],
}

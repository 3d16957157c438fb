import { flagFilter, textFilter } from '../../contract/admin/list'
import { Admin, AdminSession } from '../../db/entities'
import { bool, date, int, str } from '../fields'
import { type AdminResource } from '../resource'
import { sessionWrites } from './session-writes'

/**
 * Administrators' sessions (管理员会话, XiaoShiLiu v1.3.2's /admin/admin-sessions; issue 20 part 4): listed and
 * ended like members' sessions. Deactivating one rejects its tokens on the next request; deleting removes it.
 * No create: an administrator's session starts only with a login.
 */
export const adminSessions: AdminResource = {
  name: 'admin-sessions',
  label: '管理员会话',
  description: '管理员登录会话',
  entity: AdminSession,
  alias: 's',
  joins: (qb) => qb.leftJoin(Admin, 'a', 'a.id = s.admin_id'),
  fields: {
    id: int('s.id'),
    admin_id: int('s.admin_id'),
    username: str('a.username'),
    user_agent: str('s.user_agent'),
    ip: str('s.ip'),
    is_active: bool('s.is_active'),
    expires_at: date('s.expires_at'),
    created_at: date('s.created_at'),
    last_activity: date('s.last_activity'),
  },
  filters: {
    is_active: { sql: 's.is_active', schema: flagFilter },
    username: { sql: 'a.username', schema: textFilter, op: 'like' },
    user_agent: { sql: 's.user_agent', schema: textFilter, op: 'like' },
  },
  search: ['a.username', 's.user_agent'],
  sortable: ['id', 'created_at', 'expires_at', 'last_activity', 'admin_id'],
  ...sessionWrites(AdminSession, { changesCards: false }),
}

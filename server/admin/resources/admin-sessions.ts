import { In } from 'typeorm'
import { REFRESH_TOKEN_TTL_SECONDS } from '../../auth/tokens'
import { flagFilter, textFilter } from '../../contract/admin/list'
import { sessionUpdateBody } from '../../contract/admin/people'
import { Admin, AdminSession } from '../../db/entities'
import { inTransaction } from '../../db/transaction'
import { bool, date, int, str } from '../fields'
import { updateWith, type AdminResource } from '../resource'

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
  update: updateWith(sessionUpdateBody, async ({ deps }, id, input) => {
    const patch: Partial<AdminSession> = {}
    if (input.user_agent !== undefined) patch.user_agent = input.user_agent
    if (input.is_active !== undefined) patch.is_active = input.is_active
    if (input.expires_at !== undefined) patch.expires_at = new Date(input.expires_at)
    if (input.is_active === true && input.expires_at === undefined) {
      const current = await deps.db.getRepository(AdminSession).findOneByOrFail({ id })
      if (current.expires_at.getTime() < Date.now()) patch.expires_at = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000)
    }
    if (Object.keys(patch).length) await inTransaction(deps.db, (m) => m.getRepository(AdminSession).update({ id }, patch), { changesCards: false })
  }),
  async remove({ deps }, ids) {
    await inTransaction(deps.db, (m) => m.getRepository(AdminSession).delete({ id: In(ids) }), { changesCards: false })
  },
}

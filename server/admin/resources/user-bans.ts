import { activeBan } from '../../auth/bans'
import { banSchema } from '../../contract/moderation'
import { flagFilter } from '../../contract/admin/list'
import { userBanBody, userUnbanBody } from '../../contract/admin/reports'
import { inList } from '../../db/reader'
import { query } from '../../db/sql'
import type { AppDeps } from '../../deps'
import { banUser, liftBan } from '../../domain/bans'
import type { Row } from '../fields'
import { actionWith, type FilterDef, type ResourceAction } from '../resource'

/*
 * Bans on the users resource (issue 18 parts 4 and 7, XiaoShiLiu v1.3's routes): POST /admin/users/{id}/ban
 * with {reason, end_time} (none = permanent), POST /admin/users/{id}/unban, the ban in force on every row
 * (`ban`, loaded for a page in one query) and the `ban_status` filter (1 = banned now, 0 = not).
 */

/** Each row's ban in force, for a page of users in one query. */
export async function loadBans(deps: AppDeps, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id))
  const list = inList(ids)
  const bans = await query<{ open_user_id: number; reason: string; ends_at: unknown }>(deps.db, `SELECT open_user_id, reason, ends_at FROM user_bans WHERE open_user_id IN ${list.sql}`, list.params)
  const byUser = new Map(bans.map((b) => [Number(b.open_user_id), activeBan(b.reason, b.ends_at)]))
  for (const row of rows) row.ban = byUser.get(Number(row.id)) ?? null
}

export const banExpansion = { ban: banSchema.nullable().describe('当前生效的限制（until 为 null 表示永久）；未被限制为 null') }

/** ban_status=1: banned now; 0: not. */
export const banStatusFilter: FilterDef = {
  sql: 'u.id',
  schema: flagFilter,
  where: (value) => {
    const banned = 'EXISTS (SELECT 1 FROM user_bans b WHERE b.open_user_id = u.id AND (b.ends_at IS NULL OR b.ends_at > :ban_now))'
    return { sql: value ? banned : `NOT ${banned}`, params: { ban_now: new Date() } }
  },
}

export const banActions: ResourceAction[] = [
  actionWith({
    method: 'post',
    path: '/ban',
    summary: '限制用户（封禁）',
    action: 'ban',
    body: userBanBody,
    message: '已限制该用户',
    run: async ({ deps, admin }, id, input) => {
      const placed = await banUser(deps.db, { userId: id, adminId: admin.id, reason: input.reason, endsAt: input.end_time })
      return { note: input.reason, detail: { ban_id: placed.id, until: placed.until } }
    },
  }),
  actionWith({
    method: 'post',
    path: '/unban',
    summary: '解除限制',
    action: 'unban',
    body: userUnbanBody,
    message: '已解除限制',
    run: async ({ deps, admin }, id) => {
      await liftBan(deps.db, id, admin.id)
    },
  }),
]

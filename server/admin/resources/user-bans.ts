import { z } from 'zod'
import { activeBan } from '../../auth/bans'
import { banSchema, type BanInfo } from '../../contract/moderation'
import { banStatusFilter as banStatusValue } from '../../contract/admin/list'
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
  for (const row of rows) {
    const ban = byUser.get(Number(row.id)) ?? null
    row.ban = ban
    Object.assign(row, v132BanFields(ban))
  }
}

/**
 * The same ban as XiaoShiLiu v1.3.2's user table reads it (its server's user_ban states): -1 正常, 0 封禁中
 * (with an end), 3 永久封禁; its 解封 button shows for 0 and 3.
 */
export const V132_BAN_STATUS = { none: -1, until: 0, permanent: 3 } as const
const V132_BAN_TEXT: Record<number, string> = { [-1]: '正常', 0: '封禁中', 3: '永久封禁' }
function v132BanFields(ban: BanInfo | null): { ban_status: number; ban_status_display: string; ban_reason: string | null; ban_end_time: string | null } {
  const status = !ban ? V132_BAN_STATUS.none : ban.until === null ? V132_BAN_STATUS.permanent : V132_BAN_STATUS.until
  return { ban_status: status, ban_status_display: V132_BAN_TEXT[status]!, ban_reason: ban?.reason ?? null, ban_end_time: ban?.until ?? null }
}

export const banExpansion = {
  ban: banSchema.nullable().describe('当前生效的限制（until 为 null 表示永久）；未被限制为 null'),
  ban_status: z.number().int().describe('同 ban，XiaoShiLiu v1.3.2 的写法：-1 正常，0 封禁中（有结束时间），3 永久封禁'),
  ban_status_display: z.string().describe('正常 / 封禁中 / 永久封禁'),
  ban_reason: z.string().nullable().describe('限制原因（同 ban.reason）'),
  ban_end_time: z.string().nullable().describe('限制结束时间（同 ban.until；永久或未限制为 null）'),
}

/** ban_status=banned (or 1): banned now; normal (or 0): not. */
export const banStatusFilter: FilterDef = {
  sql: 'u.id',
  schema: banStatusValue,
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

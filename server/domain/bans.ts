import type { DataSource, EntityManager } from 'typeorm'
import { banNotice, type BanInfo } from '../contract/moderation'
import { activeBan } from '../auth/bans'
import { dateParam, execute, forUpdate, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Invalid, NotFound } from '../errors'
import { notifyFromSite } from './notifications'
import { msg } from '../i18n/message'

/*
 * Bans (issue 18 part 4): a banned member signs in and reads, but every write is refused until the ban
 * ends. The history stays in user_bans; the standing ban is the one row whose open_user_id is the member's
 * id (unique), which the session lookup joins in (server/auth/middleware.ts). A ban ends by itself when
 * ends_at passes (compared with now at every check, no job); lifting it early or banning again closes the
 * standing row. Deactivation (users.is_active) stays the separate, sign-in-refusing measure.
 */

export const BAN_MESSAGES = {
  endInPast: '结束时间必须晚于当前时间',
  notBanned: '该用户当前未被限制',
  userNotFound: '用户不存在',
} as const

/** The standing ban of a member, if in force. */
export async function banOf(db: DataSource | EntityManager, userId: number): Promise<BanInfo | null> {
  const [row] = await query<{ reason: string; ends_at: unknown }>(db, 'SELECT reason, ends_at FROM user_bans WHERE open_user_id = ?', [userId])
  return row ? activeBan(row.reason, row.ends_at) : null
}

export interface BanInput {
  userId: number
  adminId: number
  reason: string
  /** null: permanent. */
  endsAt: Date | null
}

/** Close the member's standing ban row (lifted or replaced); the number of rows closed. */
async function closeStanding(manager: EntityManager, userId: number, adminId: number, at: Date): Promise<number> {
  return execute(manager, 'UPDATE user_bans SET open_user_id = NULL, lifted_at = ?, lifted_by = ? WHERE open_user_id = ?', [dateParam(kindOf(manager), at), adminId, userId])
}

export interface PlacedBan {
  id: number
  /** The stored end (ISO, whole seconds), null = permanent. */
  until: string | null
}

/** Ban (or ban again, replacing the standing ban) inside the caller's transaction, and tell the member. */
export async function banInTransaction(manager: EntityManager, input: BanInput): Promise<PlacedBan> {
  const kind = kindOf(manager)
  const now = new Date()
  // Whole seconds: MySQL's DATETIME keeps no fraction, and every engine should report the same end.
  const endsAt = input.endsAt ? new Date(Math.floor(input.endsAt.getTime() / 1000) * 1000) : null
  if (endsAt && endsAt.getTime() <= now.getTime()) throw Invalid(BAN_MESSAGES.endInPast)
  const [user] = await query(manager, `SELECT id FROM users WHERE id = ?${forUpdate(kind)}`, [input.userId])
  if (!user) throw NotFound(BAN_MESSAGES.userNotFound)
  await closeStanding(manager, input.userId, input.adminId, now)
  await execute(manager, 'INSERT INTO user_bans (user_id, open_user_id, admin_id, reason, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?)', [
    input.userId,
    input.userId,
    input.adminId,
    input.reason,
    dateParam(kind, now),
    endsAt ? dateParam(kind, endsAt) : null,
  ])
  const [row] = await query<{ id: number }>(manager, 'SELECT id FROM user_bans WHERE open_user_id = ?', [input.userId])
  const ban = { until: endsAt ? endsAt.toISOString() : null, reason: input.reason }
  await notifyFromSite(manager, [input.userId], { title: '账号已被限制', content: msg('{ban}。限制期间你仍可登录和浏览，但不能发布、评论、点赞、收藏、关注或修改资料。', { ban: banNotice(ban) }) })
  return { id: Number(row!.id), until: ban.until }
}

export function banUser(db: DataSource, input: BanInput): Promise<PlacedBan> {
  return inTransaction(db, (m) => banInTransaction(m, input), { changesCards: false })
}

/** Lift a ban in force early: 400 when the member is not banned now. */
export async function liftBan(db: DataSource, userId: number, adminId: number): Promise<void> {
  await inTransaction(
    db,
    async (manager) => {
      const [row] = await query<{ reason: string; ends_at: unknown }>(manager, `SELECT reason, ends_at FROM user_bans WHERE open_user_id = ?${forUpdate(kindOf(manager))}`, [userId])
      if (!row || !activeBan(row.reason, row.ends_at)) throw Invalid(BAN_MESSAGES.notBanned)
      await closeStanding(manager, userId, adminId, new Date())
      await notifyFromSite(manager, [userId], { title: '账号限制已解除', content: '管理员已解除对你账号的限制，你可以正常使用所有功能了。' })
    },
    { changesCards: false },
  )
}

/** SQL condition "the member `alias`.id is banned now" and its parameter (the admin users list's ban_status). */
export function bannedNowSql(alias: string): string {
  return `EXISTS (SELECT 1 FROM user_bans b WHERE b.open_user_id = ${alias}.id AND (b.ends_at IS NULL OR b.ends_at > :ban_now))`
}

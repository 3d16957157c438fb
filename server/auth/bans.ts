import type { Context } from 'koa'
import { banNotice, type BanInfo } from '../contract/moderation'
import { toIso } from '../db/reader'
import { Forbidden } from '../errors'

/*
 * The ban check of every member write (issue 18 part 4). The session lookup (./middleware.ts) joins the
 * member's standing ban (user_bans.open_user_id), so checking costs no extra query; a ban whose end has
 * passed no longer counts (no job lifts it).
 */

/** The ban in force from a standing row's reason and end (null when there is none or it has ended). */
export function activeBan(reason: string | null | undefined, endsAt: unknown, now: number = Date.now()): BanInfo | null {
  if (reason === null || reason === undefined) return null
  if (endsAt === null || endsAt === undefined) return { until: null, reason }
  const until = toIso(endsAt)
  return Date.parse(until) > now ? { until, reason } : null
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a request writes (what a ban refuses). */
export const isWrite = (ctx: Context): boolean => !READS.has(ctx.method)

/** 403 「账号已被限制至 …：…」 for a banned member's write. */
export function refuseWhileBanned(ctx: Context, ban: BanInfo | null): void {
  if (ban && isWrite(ctx)) throw Forbidden(banNotice(ban))
}

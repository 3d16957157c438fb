import type { MonitorSummary } from '../contract/admin/audit'
import { dateParam, kindOf, query } from '../db/sql'
import { listedComment, listedNote } from '../db/visibility'
import type { AppDeps } from '../deps'

/** The back-office's headline numbers, in one query: members, listed notes and comments, open report groups, bans in force. */
export async function monitorSummary(deps: AppDeps): Promise<MonitorSummary> {
  const [row] = await query<Record<keyof MonitorSummary, number | string>>(
    deps.db,
    `SELECT
      (SELECT COUNT(*) FROM users) AS users,
      (SELECT COUNT(*) FROM posts p WHERE ${listedNote('p')}) AS posts,
      (SELECT COUNT(*) FROM comments c INNER JOIN posts p ON p.id = c.post_id WHERE ${listedComment('c')} AND ${listedNote('p')}) AS comments,
      (SELECT COUNT(*) FROM report_groups WHERE status = 0) AS open_reports,
      (SELECT COUNT(*) FROM user_bans WHERE open_user_id IS NOT NULL AND (ends_at IS NULL OR ends_at > ?)) AS active_bans`,
    [dateParam(kindOf(deps.db), new Date())],
  )
  return {
    users: Number(row?.users ?? 0),
    posts: Number(row?.posts ?? 0),
    comments: Number(row?.comments ?? 0),
    open_reports: Number(row?.open_reports ?? 0),
    active_bans: Number(row?.active_bans ?? 0),
  }
}

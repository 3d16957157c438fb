import type { SqlValue } from './reader'

/*
 * Blocks (拉黑, issue 18) as SQL fragments for the statements that read lists. A signed-in viewer does not
 * see what the members they block wrote: the condition goes into the WHERE of the same statement that reads
 * the page (never a query per row, never a filter after the page was cut, so page sizes stay intact).
 * Visitors see everything: for them there is no condition at all and the statement is unchanged.
 *
 * The NOT EXISTS probes uq_user_blocks_pair (blocker_id, blocked_id) with both columns bound.
 */

export interface SqlFragment {
  sql: string
  params: SqlValue[]
}

/**
 * `NOT EXISTS (...)`: the user in `userColumn` (e.g. `p.user_id`, `c.user_id`, `n.sender_id`, `u.id`) is not
 * blocked by the viewer. null for visitors (nothing to add).
 */
export function notBlockedBy(viewerId: number | null | undefined, userColumn: string): SqlFragment | null {
  if (!viewerId) return null
  return { sql: `NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ? AND ub.blocked_id = ${userColumn})`, params: [viewerId] }
}

/** `AND <condition>` (or nothing) for statements written as one string, with its parameters. */
export function andNotBlocked(viewerId: number | null | undefined, userColumn: string): SqlFragment {
  const f = notBlockedBy(viewerId, userColumn)
  return f ? { sql: ` AND ${f.sql}`, params: f.params } : { sql: '', params: [] }
}

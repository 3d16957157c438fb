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
 * The viewer as block conditions see them. The session lookup tells whether the member blocks anyone at all
 * (auth/middleware.ts, one indexed probe in the same statement), and most members block nobody: their lists
 * are then the very statements a visitor's are, so totals cached per statement are shared instead of being
 * counted again per member. A bare id (where a caller only has that) always gets the condition.
 */
export interface BlockingViewer {
  id: number
  blocksSomeone: boolean
}

export type BlockViewer = BlockingViewer | number | null | undefined

/** The id whose blocks apply to a list, or null when none do (visitor, or a member who blocks nobody). */
export function blockScope(viewer: BlockViewer): number | null {
  if (!viewer) return null
  if (typeof viewer === 'number') return viewer
  return viewer.blocksSomeone ? viewer.id : null
}

/**
 * `NOT EXISTS (...)`: the user in `userColumn` (e.g. `p.user_id`, `c.user_id`, `n.sender_id`, `u.id`) is not
 * blocked by the viewer. null when no block applies (nothing to add).
 */
export function notBlockedBy(viewer: BlockViewer, userColumn: string): SqlFragment | null {
  const blockerId = blockScope(viewer)
  if (blockerId === null) return null
  return { sql: `NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ? AND ub.blocked_id = ${userColumn})`, params: [blockerId] }
}

/** `AND <condition>` (or nothing) for statements written as one string, with its parameters. */
export function andNotBlocked(viewer: BlockViewer, userColumn: string): SqlFragment {
  const f = notBlockedBy(viewer, userColumn)
  return f ? { sql: ` AND ${f.sql}`, params: f.params } : { sql: '', params: [] }
}

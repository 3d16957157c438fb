import type { EntityManager } from 'typeorm'
import type { DatabaseKind } from '../config'
import { toBool } from '../db/reader'
import { kindOf, query } from '../db/sql'
import { Moderation, type ModerationState } from '../db/visibility'

/*
 * Row locks that keep denormalised counters exact on PostgreSQL and MySQL (SQLite has one writer and needs
 * none: there these are plain reads). The rule every write job follows:
 *
 *   1. Lock the row whose counters the job will change, FIRST: the note for anything hanging off a note
 *      (likes, collections, comments, tags links, deletion), the users for follows and for the users' own
 *      counters. Every other job touching the same counters waits here, so a counter moves by exactly the
 *      rows that job really inserted or deleted (affected-row counts), and a recount taken after the lock
 *      sees every committed change.
 *   2. Always in the same order: posts, then comments, then users (ascending id), then categories, then tags
 *      (ascending id). Two jobs never hold locks the other one wants next, so they queue instead of deadlocking.
 *      On MySQL this also avoids the classic deadlock of two inserts whose foreign-key checks take shared locks
 *      on the same parent row before both try to update that row's counter.
 *   3. Take the lock before any plain read: MySQL's REPEATABLE READ snapshot starts at a transaction's first
 *      plain read, so reads after the lock see what the previous holder committed.
 */

/** `FOR UPDATE` on the engines that lock rows. PostgreSQL's NO KEY variant does not block foreign-key checks. */
export function forUpdate(kind: DatabaseKind): string {
  return kind === 'postgres' ? 'FOR NO KEY UPDATE' : kind === 'mysql' ? 'FOR UPDATE' : ''
}

export interface LockedNote {
  id: number
  user_id: number
  is_draft: boolean
  moderation: ModerationState
  /** Published and visible to everyone (server/db/visibility.ts): what public counters count. */
  listed: boolean
  category_id: number | null
}

/** Lock a note's row (the first statement of a job touching the note); null when it does not exist. */
export async function lockNote(manager: EntityManager, postId: number): Promise<LockedNote | null> {
  const [row] = await query<{ id: number; user_id: number; is_draft: boolean | number; moderation: number; category_id: number | null }>(
    manager,
    `SELECT id, user_id, is_draft, moderation, category_id FROM posts WHERE id = ? ${forUpdate(kindOf(manager))}`,
    [postId],
  )
  if (!row) return null
  const isDraft = toBool(row.is_draft)
  const moderation = Number(row.moderation) as ModerationState
  return { id: Number(row.id), user_id: Number(row.user_id), is_draft: isDraft, moderation, listed: !isDraft && moderation === Moderation.visible, category_id: row.category_id === null ? null : Number(row.category_id) }
}

/** Lock rows of `table` by id, ascending (duplicates and non-positive ids ignored); the ids that exist. */
export async function lockRows(manager: EntityManager, table: 'users' | 'comments' | 'categories' | 'tags' | 'posts', ids: ReadonlyArray<number | null | undefined>): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))].sort((a, b) => a - b)
  if (wanted.length === 0) return []
  const rows = await query<{ id: number }>(manager, `SELECT id FROM ${table} WHERE id IN (${wanted.map(() => '?').join(', ')}) ORDER BY id ${forUpdate(kindOf(manager))}`, wanted)
  return rows.map((r) => Number(r.id))
}

/** Ids in the order locks must be taken in (ascending, unique). */
export function lockOrder(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b)
}

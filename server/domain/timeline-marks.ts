import type { DataSource } from 'typeorm'
import type { TimelinePosition } from '../contract/following'
import { toIso, type SqlReader } from '../db/reader'
import { dateParam, execute, kindOf } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { DatabaseKind } from '../config'

/*
 * Where each member's last visit to the 关注 timeline ended (timeline_marks, one row per member, kept on the
 * server so it follows the member across devices). Reading the first page of the timeline is the visit: the
 * mark moves to the newest note it showed. That write is bookkeeping, not the request's own: queued on the
 * writer without waiting (as a session's last_activity is: auth/middleware.ts), only when the mark really
 * moves (new notes arrived since, itself a commit), and it only ever moves forward. Until it has committed
 * this process remembers it (`pending`), so the member's next request already counts from it.
 */

const pending = new WeakMap<DataSource, Map<number, TimelinePosition>>()

const isNewer = (a: TimelinePosition, b: TimelinePosition): boolean => a.at.getTime() > b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id > b.id)

/** The end of the member's last visit, or null when they never opened the timeline (or it was empty). */
export async function lastVisitOf(db: DataSource, reader: SqlReader, userId: number): Promise<TimelinePosition | null> {
  const row = await reader.one<{ seen_created_at: unknown; seen_post_id: number }>('SELECT seen_created_at, seen_post_id FROM timeline_marks WHERE user_id = ?', [userId])
  const stored = row ? { at: new Date(toIso(row.seen_created_at)), id: Number(row.seen_post_id) } : null
  const queued = pending.get(db)?.get(userId) ?? null
  if (!stored) return queued
  return queued && isNewer(queued, stored) ? queued : stored
}

/** Move the mark forward (never back: a request that read an older page commits nothing). */
const UPSERT: Record<DatabaseKind, string> = {
  sqlite: `INSERT INTO timeline_marks (user_id, seen_created_at, seen_post_id) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET seen_created_at = excluded.seen_created_at, seen_post_id = excluded.seen_post_id
    WHERE timeline_marks.seen_created_at < excluded.seen_created_at OR (timeline_marks.seen_created_at = excluded.seen_created_at AND timeline_marks.seen_post_id < excluded.seen_post_id)`,
  postgres: `INSERT INTO timeline_marks (user_id, seen_created_at, seen_post_id) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET seen_created_at = excluded.seen_created_at, seen_post_id = excluded.seen_post_id
    WHERE timeline_marks.seen_created_at < excluded.seen_created_at OR (timeline_marks.seen_created_at = excluded.seen_created_at AND timeline_marks.seen_post_id < excluded.seen_post_id)`,
  // Assignments run left to right: the id is decided while seen_created_at still holds the old time.
  mysql: `INSERT INTO timeline_marks (user_id, seen_created_at, seen_post_id) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE
    seen_post_id = IF(VALUES(seen_created_at) > seen_created_at OR (VALUES(seen_created_at) = seen_created_at AND VALUES(seen_post_id) > seen_post_id), VALUES(seen_post_id), seen_post_id),
    seen_created_at = GREATEST(seen_created_at, VALUES(seen_created_at))`,
}

/** Record that the member's visit ended at `position` (after the reply; failures are logged, never the request's). */
export function rememberVisit(db: DataSource, userId: number, position: TimelinePosition, onError?: (err: unknown) => void): void {
  let marks = pending.get(db)
  if (!marks) pending.set(db, (marks = new Map()))
  const queued = marks.get(userId)
  if (queued && !isNewer(position, queued)) return
  marks.set(userId, position)
  const kind = kindOf(db)
  const forget = () => {
    if (marks.get(userId) === position) marks.delete(userId)
  }
  inTransaction(db, (m) => execute(m, UPSERT[kind], [userId, dateParam(kind, position.at), position.id]), { changesCards: false, onCommit: forget }).catch((err: unknown) => {
    forget()
    onError?.(err)
  })
}

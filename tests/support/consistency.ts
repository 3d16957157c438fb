/**
 * Counter consistency check for tests: every denormalised counter column compared with a COUNT of the rows
 * it counts. Written independently of server/domain/counters.ts (GROUP BY joins instead of its correlated
 * subqueries) so that a wrong definition there is caught too. Portable SQL (SQLite, PostgreSQL, MySQL).
 *
 *   expect(await counterMismatches(server.deps.db)).toEqual([])
 */
import type { DataSource, EntityManager } from 'typeorm'

export interface CounterMismatch {
  table: string
  column: string
  id: number
  stored: number
  actual: number
}

interface CounterCheck {
  table: string
  column: string
  /** SELECT k, COUNT(*) AS n ... GROUP BY k: the rows counted, keyed by the counted row's id. */
  counts: string
}

export const COUNTER_CHECKS: readonly CounterCheck[] = [
  { table: 'users', column: 'follow_count', counts: 'SELECT follower_id AS k, COUNT(*) AS n FROM follows GROUP BY follower_id' },
  { table: 'users', column: 'fans_count', counts: 'SELECT following_id AS k, COUNT(*) AS n FROM follows GROUP BY following_id' },
  { table: 'users', column: 'post_count', counts: 'SELECT user_id AS k, COUNT(*) AS n FROM posts WHERE is_draft = FALSE AND moderation = 0 GROUP BY user_id' },
  {
    table: 'users',
    column: 'like_count',
    counts: 'SELECT p.user_id AS k, COUNT(*) AS n FROM likes l JOIN posts p ON p.id = l.target_id WHERE l.target_type = 1 GROUP BY p.user_id',
  },
  { table: 'users', column: 'collect_count', counts: 'SELECT p.user_id AS k, COUNT(*) AS n FROM collections c JOIN posts p ON p.id = c.post_id GROUP BY p.user_id' },
  { table: 'posts', column: 'like_count', counts: 'SELECT target_id AS k, COUNT(*) AS n FROM likes WHERE target_type = 1 GROUP BY target_id' },
  { table: 'posts', column: 'collect_count', counts: 'SELECT post_id AS k, COUNT(*) AS n FROM collections GROUP BY post_id' },
  { table: 'posts', column: 'comment_count', counts: 'SELECT post_id AS k, COUNT(*) AS n FROM comments WHERE moderation = 0 GROUP BY post_id' },
  { table: 'comments', column: 'like_count', counts: 'SELECT target_id AS k, COUNT(*) AS n FROM likes WHERE target_type = 2 GROUP BY target_id' },
  { table: 'comments', column: 'reply_count', counts: 'SELECT parent_id AS k, COUNT(*) AS n FROM comments WHERE parent_id IS NOT NULL AND moderation = 0 GROUP BY parent_id' },
  { table: 'tags', column: 'use_count', counts: 'SELECT tag_id AS k, COUNT(*) AS n FROM post_tags GROUP BY tag_id' },
  { table: 'categories', column: 'post_count', counts: 'SELECT category_id AS k, COUNT(*) AS n FROM posts WHERE is_draft = FALSE AND moderation = 0 AND category_id IS NOT NULL GROUP BY category_id' },
]

type Db = DataSource | EntityManager

/** Every counter that differs from its rows (at most `limit` per counter); empty when all agree. */
export async function counterMismatches(db: Db, limit = 20): Promise<CounterMismatch[]> {
  const found: CounterMismatch[] = []
  for (const check of COUNTER_CHECKS) {
    const rows: Array<{ id: number | string; stored: number | string; actual: number | string }> = await db.query(
      `SELECT t.id AS id, t.${check.column} AS stored, COALESCE(x.n, 0) AS actual FROM ${check.table} t LEFT JOIN (${check.counts}) x ON x.k = t.id ` +
        `WHERE t.${check.column} <> COALESCE(x.n, 0) ORDER BY t.id LIMIT ${limit}`,
    )
    for (const r of rows) found.push({ table: check.table, column: check.column, id: Number(r.id), stored: Number(r.stored), actual: Number(r.actual) })
  }
  return found
}

/** Sum of each counter column next to the number of rows it counts overall (a quick sanity view). */
export async function counterTotals(db: Db): Promise<Array<{ counter: string; stored: number; rows: number }>> {
  const out: Array<{ counter: string; stored: number; rows: number }> = []
  for (const check of COUNTER_CHECKS) {
    const [row]: Array<{ stored: number | string | null; counted: number | string | null }> = await db.query(
      `SELECT (SELECT SUM(${check.column}) FROM ${check.table}) AS stored, (SELECT SUM(x.n) FROM (${check.counts}) x) AS counted`,
    )
    out.push({ counter: `${check.table}.${check.column}`, stored: Number(row?.stored ?? 0), rows: Number(row?.counted ?? 0) })
  }
  return out
}

/*
 * SQLite's planner statistics, without their samples.
 *
 * Both SQLite libraries here are built with SQLITE_ENABLE_STAT4, so ANALYZE stores, beside the row counts of
 * every index (sqlite_stat1), samples of their values (sqlite_stat4). With samples for an index, a plan may
 * depend on the value bound to a parameter compared with it, and SQLite then compiles the statement again each
 * time its parameters are bound anew (https://sqlite.org/c3ref/prepare.html): for a prepared statement called
 * once per request, that is every call. Measured on the bench dataset (better-sqlite3, the statement alone): a
 * page of comments 52 µs with samples, ~7 µs without; a bare index lookup 8.4 → 2.2 µs. The row counts are what
 * our plans need (seed/finalize.ts: without them a user's received likes were counted by scanning every like),
 * so they stay; the samples go, wherever ANALYZE runs and at every start (databases analysed before this).
 */

import type { DatabaseKind } from '../config'

interface Queryable {
  query(sql: string): Promise<unknown>
}

/** Delete the samples if there are any, and make this connection plan from the row counts alone. */
export async function dropPlannerSamples(db: Queryable): Promise<boolean> {
  const table = (await db.query("SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'")) as unknown[]
  if (table.length === 0) return false
  const rows = (await db.query('SELECT 1 AS found FROM sqlite_stat4 LIMIT 1')) as unknown[]
  if (rows.length === 0) return false
  await db.query('DELETE FROM sqlite_stat4')
  // reloads the statistics this connection plans with (connections opened later read the tables as they are)
  await db.query('ANALYZE sqlite_schema')
  return true
}

/** ANALYZE for SQLite: row counts per index, no samples. */
export async function analyzeSqlite(db: Queryable): Promise<void> {
  await db.query('ANALYZE')
  await dropPlannerSamples(db)
}

/** Planner statistics for `tables` on any engine (SQLite analyses every table). `db` must be able to write. */
export async function analyzeTables(db: Queryable, kind: DatabaseKind, tables: readonly string[]): Promise<void> {
  if (kind === 'postgres') await db.query(`ANALYZE ${tables.join(', ')}`)
  else if (kind === 'mysql') await db.query(`ANALYZE TABLE ${tables.map((t) => `\`${t}\``).join(', ')}`)
  else await analyzeSqlite(db)
}

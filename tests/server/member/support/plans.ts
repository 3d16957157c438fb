import type { DataSource } from 'typeorm'
import { readerFor, type SqlReader, type SqlValue } from '../../../../server/db/reader'

export interface Captured {
  sql: string
  params: SqlValue[]
}

/** Record every statement of the fast read path (SQL and parameters) while `run` executes. */
export async function captureReads(db: DataSource, run: () => Promise<unknown>): Promise<Captured[]> {
  const reader: SqlReader = readerFor(db)
  const all = reader.all
  const captured: Captured[] = []
  reader.all = function <T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    captured.push({ sql, params: [...params] })
    return all.call(reader, sql, params) as Promise<T[]>
  }
  try {
    await run()
  } finally {
    reader.all = all
  }
  return captured
}

/** SQLite's EXPLAIN QUERY PLAN lines of a statement. */
export async function queryPlan(db: DataSource, statement: Captured): Promise<string[]> {
  const rows: Array<{ detail: string }> = await db.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)
  return rows.map((r) => r.detail)
}

/**
 * Plan lines that betray a full table scan of a big table (a SCAN without an index) or a sort of the whole
 * result. `SCAN posts_fts VIRTUAL TABLE INDEX ...` is the FTS index and fine; covering index scans are fine.
 */
export function badPlanLines(lines: string[]): string[] {
  return lines.filter((l) => /^SCAN (posts|comments|likes|collections|post_tags|post_images|notifications)\b(?! USING (COVERING )?INDEX)(?! VIRTUAL TABLE INDEX)/.test(l) || /TEMP B-TREE FOR ORDER BY/.test(l))
}

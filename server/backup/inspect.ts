import sqlite3 from 'sqlite3'
import { DataSource, type DataSourceOptions } from 'typeorm'
import { entities } from '../db/entities'
import { query, type Db } from '../db/sql'

/*
 * What a backup records about its database, read from the very snapshot it holds: the rows of every table
 * (the entities' tables and the migration history), and on SQLite the file's own integrity check.
 */

/** Tables whose rows a manifest counts: every entity's table and the migration history. */
export function countedTables(ds: DataSource): string[] {
  return [...ds.entityMetadatas.filter((m) => m.tableType === 'regular').map((m) => m.tableName), 'migrations'].sort()
}

/** Rows per table, in the snapshot `db` reads (a transaction's manager, or a copy of the database). */
export async function countRows(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [row] = await query<{ n: number | string }>(db, `SELECT COUNT(*) AS n FROM ${table}`)
    counts[table] = Number(row?.n ?? 0)
  }
  return counts
}

/** A SQLite database file opened read-only (a backup's copy): close it with `destroy()`. */
export async function openSqliteCopy(file: string): Promise<DataSource> {
  const ds = new DataSource({ type: 'sqlite', database: file, entities, flags: sqlite3.OPEN_READONLY, synchronize: false, logging: false } as DataSourceOptions)
  await ds.initialize()
  return ds
}

/** `PRAGMA integrity_check` of a SQLite copy: 'ok', or what SQLite found wrong. */
export async function integrityCheck(ds: DataSource): Promise<string> {
  const rows = (await ds.query('PRAGMA integrity_check')) as Array<{ integrity_check: string }>
  return rows.map((r) => r.integrity_check).join('; ')
}

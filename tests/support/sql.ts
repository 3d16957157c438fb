import type { DataSource } from 'typeorm'
import type { SqlValue } from '../../server/db/reader'
import { execute, query } from '../../server/db/sql'
import { inTransaction } from '../../server/db/transaction'

/*
 * Raw SQL from tests, written once for every engine: `?` placeholders (numbered for PostgreSQL by
 * server/db/sql.ts), unquoted lower-case identifiers, TRUE/FALSE. Reads go to the server's connection;
 * writes are a write job like any other (`inTransaction`), never a statement on the read connection.
 */

export function dbQuery<T = Record<string, unknown>>(db: DataSource, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return query<T>(db, sql, params as SqlValue[])
}

/** Run one write statement; the number of rows it changed. */
export function dbRun(db: DataSource, sql: string, params: readonly unknown[] = []): Promise<number> {
  return inTransaction(db, (manager) => execute(manager, sql, params as SqlValue[]))
}

/** `SELECT COUNT(*) AS n ...` as a number (PostgreSQL answers counts as strings). */
export async function dbCount(db: DataSource, sql: string, params: readonly unknown[] = []): Promise<number> {
  const [row] = await dbQuery<{ n: number | string }>(db, sql, params)
  return Number(row?.n ?? 0)
}

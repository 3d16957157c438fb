import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../config'
import type { SqlValue } from './reader'

/*
 * Raw SQL inside commands (transactions). Statements are written once with `?` placeholders, unquoted
 * lower-case identifiers and TRUE/FALSE, which SQLite, PostgreSQL and MySQL all accept; only the
 * placeholder style and "insert unless present" differ and are handled here.
 * Write statements must start with upper-case INSERT/UPDATE/DELETE (TypeORM's SQLite runner keys on it).
 */

export type Db = DataSource | EntityManager

export function kindOf(db: Db): DatabaseKind {
  const type = ('connection' in db ? db.connection : db).options.type
  return type === 'postgres' ? 'postgres' : type === 'mysql' || type === 'mariadb' ? 'mysql' : 'sqlite'
}

export function dialect(kind: DatabaseKind, sql: string): string {
  if (kind !== 'postgres') return sql
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

export function query<T>(db: Db, sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
  return db.query(dialect(kindOf(db), sql), [...params]) as Promise<T[]>
}

/** Run a write statement inside a transaction and return the number of rows it changed. */
export async function execute(manager: EntityManager, sql: string, params: readonly SqlValue[] = []): Promise<number> {
  const runner = manager.queryRunner
  if (!runner) throw new Error('execute() needs a transactional EntityManager')
  const result = (await runner.query(dialect(kindOf(manager), sql), [...params], true)) as { affected?: number }
  return Number(result.affected ?? 0)
}

/** `INSERT ... ` that silently does nothing when a unique key already holds the row. */
export function insertIgnore(kind: DatabaseKind, table: string, columns: readonly string[]): string {
  const values = `(${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
  if (kind === 'mysql') return `INSERT IGNORE INTO ${table} ${values}`
  if (kind === 'postgres') return `INSERT INTO ${table} ${values} ON CONFLICT DO NOTHING`
  return `INSERT OR IGNORE INTO ${table} ${values}`
}

/** Date parameter for raw SQL: SQLite stores TypeORM dates as 'YYYY-MM-DD HH:MM:SS.SSS' UTC text. */
export function dateParam(kind: DatabaseKind, date: Date): string | Date {
  return kind === 'sqlite' ? date.toISOString().replace('T', ' ').replace('Z', '') : date
}

/** Number of rows in a result of `SELECT COUNT(*) AS n`. */
export function countOf(rows: ReadonlyArray<{ n: number | string }>): number {
  return Number(rows[0]?.n ?? 0)
}

/** `LIKE ? ESCAPE '!'` pattern matching `text` anywhere (the same escape character works on every engine). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`
}
export const LIKE_ESCAPE = "ESCAPE '!'"

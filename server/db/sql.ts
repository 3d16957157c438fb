import type sqlite3 from 'sqlite3'
import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../config'
import { readerFor, settle, statementAll, statementRun, type SqlValue } from './reader'
import { preparedStatement, type NativeDatabase } from './native'

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

/**
 * `LIMIT n` / `LIMIT n OFFSET m` with the numbers written into the SQL, not bound. SQLite's planner reads a
 * bound LIMIT's value, so a statement with `LIMIT ?` is compiled again at every run (sqlite3Reprepare):
 * measured, +40 µs on the feed's page statement, 60 % of its cost. With the numbers written in, the cached
 * statement is reused; pages and page sizes are few, so are the variants. Only non-negative integers pass.
 */
export function limitClause(limit: number, offset?: number): string {
  for (const n of [limit, offset ?? 0]) if (!Number.isSafeInteger(n) || n < 0) throw new Error(`bad LIMIT/OFFSET value: ${n}`)
  return offset === undefined ? `LIMIT ${limit}` : `LIMIT ${limit} OFFSET ${offset}`
}

export function dialect(kind: DatabaseKind, sql: string): string {
  if (kind !== 'postgres') return sql
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/*
 * On SQLite, a job's statements go straight to the writer's connection (so they take part in the batch's
 * open transaction), as cached prepared statements: ~30 µs instead of ~200 µs through TypeORM's query
 * runner. A statement that fails is reset at once (reader.ts `settle`). The statements are finalised
 * before the DataSource closes.
 */
const STATEMENT_CACHE_SIZE = 300
const writers = new WeakMap<DataSource, Map<string, sqlite3.Statement>>()

function sqliteStatements(db: Db): { conn: sqlite3.Database; cache: Map<string, sqlite3.Statement> } | null {
  const ds = 'connection' in db ? db.connection : db
  if (ds.options.type !== 'sqlite') return null
  const conn = (ds.driver as unknown as { databaseConnection?: sqlite3.Database }).databaseConnection
  if (!conn) return null
  let cache = writers.get(ds)
  if (!cache) {
    const statements = new Map<string, sqlite3.Statement>()
    cache = statements
    writers.set(ds, statements)
    const destroy = ds.destroy.bind(ds)
    ds.destroy = async () => {
      for (const stmt of statements.values()) await new Promise<void>((resolve) => stmt.finalize(() => resolve()))
      statements.clear()
      return destroy()
    }
  }
  return { conn, cache }
}

async function prepared(target: { conn: sqlite3.Database; cache: Map<string, sqlite3.Statement> }, sql: string): Promise<sqlite3.Statement> {
  const hit = target.cache.get(sql)
  if (hit) return hit
  const stmt = await new Promise<sqlite3.Statement>((resolve, reject) => {
    const s = target.conn.prepare(sql, (err) => (err ? reject(err) : resolve(s)))
  })
  if (target.cache.size >= STATEMENT_CACHE_SIZE) {
    const [oldestSql, oldest] = target.cache.entries().next().value as [string, sqlite3.Statement]
    target.cache.delete(oldestSql)
    oldest.finalize()
  }
  target.cache.set(sql, stmt)
  return stmt
}

/*
 * The writer's native connection (better-sqlite3, write-connection.ts): statements run synchronously, so a
 * job's statements follow each other without an event-loop round trip. Its statements bind values as
 * node-sqlite3 does (booleans as 1/0, dates as epoch milliseconds).
 */
function nativeOf(db: Db): NativeDatabase | null {
  if (!('connection' in db) || db.connection.options.type !== 'better-sqlite3') return null
  return (db.connection.driver as unknown as { databaseConnection: NativeDatabase }).databaseConnection
}

export async function query<T>(db: Db, sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
  const native = nativeOf(db)
  if (native) {
    const stmt = preparedStatement(native, sql)
    if (stmt.reader) return stmt.all(...params) as T[]
    stmt.run(...params)
    return []
  }
  // Outside a job, on SQLite: the read pool (reader.ts), never the connection TypeORM shares.
  if (!('connection' in db) && (db.options.type === 'sqlite' || db.options.type === 'better-sqlite3')) return readerFor(db).all<T>(sql, params)
  const sqlite = sqliteStatements(db)
  if (!sqlite) return db.query(dialect(kindOf(db), sql), [...params]) as Promise<T[]>
  const stmt = await prepared(sqlite, sql)
  const all = statementAll()
  return new Promise<T[]>((resolve, reject) => all.call(stmt, [...params], (err, rows) => settle(stmt, err, rows as T[], resolve, reject)))
}

/** Run a write statement inside a transaction and return the number of rows it changed. */
export async function execute(manager: EntityManager, sql: string, params: readonly SqlValue[] = []): Promise<number> {
  const runner = manager.queryRunner
  if (!runner) throw new Error('execute() needs a transactional EntityManager')
  const native = nativeOf(manager)
  if (native) {
    const stmt = preparedStatement(native, sql)
    return stmt.reader ? stmt.all(...params).length : stmt.run(...params).changes
  }
  const sqlite = sqliteStatements(manager)
  if (sqlite) {
    const stmt = await prepared(sqlite, sql)
    const run = statementRun()
    return new Promise<number>((resolve, reject) =>
      run.call(stmt, [...params], function (err) {
        settle(stmt, err, err ? 0 : this.changes, resolve, reject)
      }),
    )
  }
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

/** Row locks for the rest of the job where the engine has them (SQLite's writer already runs jobs one at a time). */
export function forUpdate(kind: DatabaseKind): string {
  return kind === 'sqlite' ? '' : ' FOR UPDATE'
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

/**
 * Added to an UPDATE of a note's or a member's counters or a note's score (`SET like_count = …, ${KEEP_UPDATED_AT}`):
 * on MariaDB posts.updated_at and users.updated_at are `ON UPDATE CURRENT_TIMESTAMP` (TypeORM's update column),
 * so without it a like, a follow, a view or a new hot score would look like an edit there, and there only
 * (db-copy test, stops 28 and 29). A no-op on SQLite and PostgreSQL. Edits set updated_at themselves.
 */
export const KEEP_UPDATED_AT = 'updated_at = updated_at'

import { createRequire } from 'node:module'

/*
 * better-sqlite3, the native SQLite binding whose statements run synchronously on the calling thread
 * (microseconds, no round trip through libuv's pool). Where it loads, every connection of the server to its
 * database is better-sqlite3 (sqlite-library.ts: native mode). It is built per Node / Electron ABI: where it is
 * missing or does not load (the desktop app), everything is node-sqlite3 (portable mode).
 */

/** The raw handle of a better-sqlite3 connection, as far as we use it. */
export interface NativeDatabase {
  exec(sql: string): unknown
  prepare(sql: string): NativeStatement
  pragma(sql: string): unknown
  close(): unknown
  readonly inTransaction: boolean
}

export interface NativeStatement {
  readonly reader: boolean
  run(...params: unknown[]): { changes: number }
  all(...params: unknown[]): unknown[]
}

export type NativeConstructor = new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number }) => NativeDatabase

/** Prepared statements kept per connection (the oldest text goes first beyond this many). */
export const STATEMENT_CACHE_SIZE = 300
const statementCaches = new WeakMap<NativeDatabase, Map<string, NativeStatement>>()

/** `sql` prepared on `db`, once: the writer's connection (sql.ts) and each reader (native-reader.ts) share this cache. */
export function preparedStatement(db: NativeDatabase, sql: string): NativeStatement {
  let cache = statementCaches.get(db)
  if (!cache) statementCaches.set(db, (cache = new Map()))
  let stmt = cache.get(sql)
  if (!stmt) {
    stmt = db.prepare(sql)
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    cache.set(sql, stmt)
  }
  return stmt
}

/** Values bound as node-sqlite3 binds them (better-sqlite3 refuses booleans and dates): 1/0, epoch ms. */
export const bindable = (params: readonly unknown[]): unknown[] =>
  params.map((v) => (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v instanceof Date ? v.getTime() : v))

let loaded: NativeConstructor | null | undefined

/**
 * better-sqlite3 whose statements bind values as node-sqlite3 does, so a job's raw `manager.query(sql,
 * [true])` behaves the same with either driver (TypeORM passes raw query parameters through unchanged).
 * null when it is not installed or was built for another runtime.
 */
export function loadNative(): NativeConstructor | null {
  if (loaded !== undefined) return loaded
  let Native: NativeConstructor
  try {
    Native = createRequire(import.meta.url)('better-sqlite3') as NativeConstructor
    new Native(':memory:').close()
  } catch {
    return (loaded = null)
  }
  loaded = function CoercingDatabase(file: string, options?: object) {
    const db = new Native(file, options)
    const prepare = db.prepare.bind(db)
    db.prepare = (sql: string) => {
      const stmt = prepare(sql) as unknown as Record<'run' | 'all' | 'get', (...p: unknown[]) => unknown>
      for (const name of ['run', 'all', 'get'] as const) {
        const method = stmt[name]
        stmt[name] = (...params: unknown[]) => method.apply(stmt, bindable(params))
      }
      return stmt as unknown as NativeStatement
    }
    return db
  } as unknown as NativeConstructor
  return loaded
}

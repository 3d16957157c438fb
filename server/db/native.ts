import { createRequire } from 'node:module'

/*
 * better-sqlite3, the optional native SQLite binding whose statements run synchronously on the calling
 * thread (microseconds, no round trip through libuv's pool), for the writer (write-connection.ts). It is
 * built per Node / Electron ABI: where it is missing or does not load, the writer uses node-sqlite3.
 *
 * (Reads stay on node-sqlite3's pool: a synchronous read path on the main thread was tried, ~4 µs of CPU per
 * session lookup against ~25-35 µs, but the mixed bench did not move and a slow or cold query would hold
 * every request.)
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

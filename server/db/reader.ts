import sqlite3 from 'sqlite3'
import TinyQueue from 'tinyqueue'
import type { DataSource } from 'typeorm'
import { readQueueWait, secondsSince } from '../telemetry/metrics'
import { CardWrites, sharesCardGeneration } from './card-writes'
import { NativeSqliteReader } from './native-reader'
import { currentReadTurn, readsTakeTurns } from './read-turn'
import { BUSY_TIMEOUT_MS } from './sqlite-settings'

/*
 * Fast read path for hot list/detail queries (feed, note detail, comments, search).
 *
 * Measured on this machine: `DataSource.query` on SQLite manages ~5,000 trivial queries/s, a cached prepared
 * statement on a raw sqlite3 handle ~27,000/s. On SQLite the reader therefore keeps its own read-only
 * connections with a bounded cache of prepared statements. Being separate connections in WAL mode they also
 * never see another request's uncommitted writes and are not blocked while a write transaction fsyncs.
 * Native mode (better-sqlite3, sqlite-library.ts): native-reader.ts. Portable mode (node-sqlite3): the pool
 * below.
 * On PostgreSQL and MySQL it simply runs `DataSource.query` (pooled connections), translating `?`
 * placeholders to `$n` for PostgreSQL.
 *
 * SQL given to the reader must be portable: `?` placeholders, unquoted lower-case identifiers, TRUE/FALSE.
 * Rows come back raw: use the converters below for booleans, counts and dates.
 */

import type { SqlReader, SqlValue } from './sql-reader'

export type { SqlReader, SqlValue } from './sql-reader'

/** Prepared statements kept per connection; IN-lists are padded (see `inList`) so variants stay few. */
const STATEMENT_CACHE_SIZE = 300
/**
 * Read connections per database. libuv's pool has 4 threads by default: one is left for the writer's fsync
 * (or, in portable mode, its statements), files and password hashing. SHILIU_READ_CONNECTIONS overrides (read
 * when a database's reader is made, not when this module loads: tests set it for one database).
 */
const readConnections = (): number => Number(process.env.SHILIU_READ_CONNECTIONS) || 3

/**
 * Statement#all as the native addon defines it. TypeORM switches sqlite3 to verbose mode, which wraps every
 * method to build an Error and util.inspect() all arguments on each call (long stack traces); that cost
 * ~9% of the server's main thread under load. The reader keeps the native method when it was loaded first
 * (as in the server), and falls back to whatever is installed otherwise.
 */
type AllFn = (this: sqlite3.Statement, params: unknown[], callback: (err: Error | null, rows: unknown[]) => void) => void
export type RunFn = (this: sqlite3.Statement, params: unknown[], callback: (this: { changes: number }, err: Error | null) => void) => void
const isNative = (fn: unknown) => /\[native code\]/.test(Function.prototype.toString.call(fn))
const installedAll = sqlite3.Statement.prototype.all as unknown as AllFn
const nativeAll: AllFn | null = isNative(installedAll) ? installedAll : null
const installedRun = sqlite3.Statement.prototype.run as unknown as RunFn
/** Statement#run, native when available (see above). */
export const statementRun: () => RunFn = () => (isNative(installedRun) ? installedRun : (sqlite3.Statement.prototype.run as unknown as RunFn))
/** Statement#all, native when available (see above). */
export const statementAll: () => AllFn = () => nativeAll ?? (sqlite3.Statement.prototype.all as unknown as AllFn)
type ExecFn = (this: sqlite3.Database, sql: string, callback: (err: Error | null) => void) => void
const installedExec = sqlite3.Database.prototype.exec as unknown as ExecFn
/** Database#exec, native when available (see above). */
export const databaseExec: () => ExecFn = () => (isNative(installedExec) ? installedExec : (sqlite3.Database.prototype.exec as unknown as ExecFn))

/**
 * Settle a statement call: on error, reset the statement first. node-sqlite3 leaves a statement that failed
 * (SQLITE_BUSY, for one) un-reset until its next use, and an un-reset statement can keep its read snapshot
 * (or its lock) open on the connection: the stale reads and wedged writes of issue #8.
 */
export function settle<T>(stmt: sqlite3.Statement, err: Error | null, value: T, resolve: (v: T) => void, reject: (e: unknown) => void): void {
  if (!err) return resolve(value)
  stmt.reset(() => reject(err))
}

/** One read-only SQLite connection with its prepared statements; runs one statement at a time. */
class SqliteConnection {
  private readonly statements = new Map<string, sqlite3.Statement>()
  private readonly conn: Promise<sqlite3.Database>

  constructor(file: string) {
    this.conn = new Promise<sqlite3.Database>((resolve, reject) => {
      const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => (err ? reject(err) : resolve(db)))
    }).then((db) => {
      db.configure('busyTimeout', BUSY_TIMEOUT_MS)
      return db
    })
  }

  private async statement(sql: string): Promise<sqlite3.Statement> {
    const cached = this.statements.get(sql)
    if (cached) {
      // Map order doubles as LRU order.
      this.statements.delete(sql)
      this.statements.set(sql, cached)
      return cached
    }
    const db = await this.conn
    const stmt = await new Promise<sqlite3.Statement>((resolve, reject) => {
      const s = db.prepare(sql, (err) => (err ? reject(err) : resolve(s)))
    })
    this.statements.set(sql, stmt)
    if (this.statements.size > STATEMENT_CACHE_SIZE) {
      const [oldestSql, oldest] = this.statements.entries().next().value as [string, sqlite3.Statement]
      this.statements.delete(oldestSql)
      oldest.finalize()
    }
    return stmt
  }

  async all<T>(sql: string, params: readonly SqlValue[]): Promise<T[]> {
    const stmt = await this.statement(sql)
    const all = statementAll()
    return new Promise<T[]>((resolve, reject) => {
      all.call(stmt, [...params], (err, rows) => settle(stmt, err, rows as T[], resolve, reject))
    })
  }

  async close(): Promise<void> {
    const db = await this.conn.catch(() => null)
    for (const stmt of this.statements.values()) await new Promise<void>((resolve) => stmt.finalize(() => resolve()))
    this.statements.clear()
    if (db) await new Promise<void>((resolve) => db.close(() => resolve()))
  }
}

/**
 * A small pool of read-only connections, each running one statement at a time, the rest waiting here in
 * turn order (read-turn.ts: by the request's arrival, write requests with a bounded head start). Handing node-sqlite3
 * every statement at once would put them all on libuv's thread pool queue (4 threads, first come first
 * served), where threads block on a busy connection's mutex and the writer's statements wait behind
 * hundreds of reads: measured, write p50 went from ~50 ms to 1.5 s at 200 members. A slow query (a big
 * count) holds one connection; the others take the rest.
 */
interface Waiter {
  turn: number
  /** Queue order among statements of the same turn. */
  seq: number
  resume: (conn: SqliteConnection) => void
}

class SqliteReader implements SqlReader {
  /** No card cache when other processes write the file: these connections cannot check their commits synchronously. */
  readonly cardWrites: CardWrites | null
  readonly commitVersion = null
  private readonly connections: SqliteConnection[]
  private readonly idle: SqliteConnection[]
  private readonly waiting = new TinyQueue<Waiter>([], (a, b) => a.turn - b.turn || a.seq - b.seq)
  private queued = 0

  constructor(file: string, size: number, otherWriters: boolean) {
    this.cardWrites = otherWriters ? null : new CardWrites()
    this.connections = Array.from({ length: size }, () => new SqliteConnection(file))
    this.idle = [...this.connections]
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    let conn = this.idle.pop()
    if (conn) readQueueWait.observe(0)
    else {
      const queuedAt = performance.now()
      conn = await new Promise<SqliteConnection>((resume) => this.waiting.push({ turn: currentReadTurn(), seq: this.queued++, resume }))
      readQueueWait.observe(secondsSince(queuedAt))
    }
    try {
      return await conn.all<T>(sql, params)
    } finally {
      const next = this.waiting.pop()
      if (next) next.resume(conn)
      else this.idle.push(conn)
    }
  }

  async one<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()))
  }
}

class PooledReader implements SqlReader {
  readonly cardWrites = null
  readonly commitVersion = null
  private readonly translated = new Map<string, string>()

  constructor(
    private readonly ds: DataSource,
    private readonly postgres: boolean,
  ) {}

  private sql(sql: string): string {
    if (!this.postgres) return sql
    let out = this.translated.get(sql)
    if (!out) {
      let n = 0
      out = sql.replace(/\?/g, () => `$${++n}`)
      if (this.translated.size < STATEMENT_CACHE_SIZE) this.translated.set(sql, out)
    }
    return out
  }

  all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.ds.query(this.sql(sql), [...params]) as Promise<T[]>
  }

  async one<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }
}

const readers = new WeakMap<DataSource, SqlReader>()

/** The reader of a DataSource if it has one already (without opening any connection). */
export const existingReaderOf = (ds: DataSource): SqlReader | undefined => readers.get(ds)

/**
 * The reader of a DataSource (created on first use). On SQLite its connection is closed, and its statements
 * finalised, before the DataSource itself is destroyed.
 */
export function readerFor(ds: DataSource): SqlReader {
  let reader = readers.get(ds)
  if (reader) return reader
  if (ds.options.type === 'sqlite' || ds.options.type === 'better-sqlite3') {
    // Cluster workers (WORKERS > 1, server/cluster/) share the file with the other workers' writers.
    const otherWriters = sharesCardGeneration()
    const sqliteReader =
      // The pool whose queue the requests' turns order (read-turn.ts), or the native reader that needs none.
      readsTakeTurns(ds)
        ? new SqliteReader(ds.options.database, readConnections(), otherWriters)
        : new NativeSqliteReader(ds.options.database, otherWriters)
    const destroy = ds.destroy.bind(ds)
    ds.destroy = async () => {
      await sqliteReader.close()
      return destroy()
    }
    reader = sqliteReader
  } else {
    reader = new PooledReader(ds, ds.options.type === 'postgres')
  }
  readers.set(ds, reader)
  return reader
}

/** IN-list sizes are rounded up to these buckets (repeating the last id) so few statement variants exist. */
const IN_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500]

/** `(?, ?, ...)` for `ids` plus the padded parameter list. `ids` must not be empty. */
export function inList(ids: readonly number[]): { sql: string; params: number[] } {
  const size = IN_BUCKETS.find((b) => b >= ids.length) ?? ids.length
  const params = [...ids]
  while (params.length < size) params.push(ids[ids.length - 1]!)
  return { sql: `(${params.map(() => '?').join(', ')})`, params }
}

/* Converters for raw rows (SQLite gives 0/1 and 'YYYY-MM-DD HH:MM:SS.SSS' UTC strings; PostgreSQL gives
 * booleans, bigint counts as strings and Dates; MySQL 0/1 and Dates). */

export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't' || v === 'true'

export const toNum = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v))

const SQLITE_DATE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{3})?$/

export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString()
  if (typeof v !== 'string' || !v) return ''
  // Fast path for SQLite's own UTC text format (no Date round trip per row).
  const m = SQLITE_DATE.exec(v)
  if (m) return `${m[1]}T${m[2]}${m[3] ?? '.000'}Z`
  return new Date(v.includes('T') ? v : `${v.replace(' ', 'T')}Z`).toISOString()
}

import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import 'reflect-metadata'
import pg from 'pg'
import sqlite3 from 'sqlite3'
import { DataSource, type DataSourceOptions } from 'typeorm'
import type { DatabaseConfig } from '../config'
import { entities } from './entities'
import { retryWhileBusy, runMigrationsLocked } from './migrate'
import { migrationsFor } from './migrations'
import { dropPlannerSamples } from './planner-stats'
import { registerWriter } from './transaction'
import { loadNative } from './native'
import { holdSqlite, sqliteModeFor, type SqliteMode } from './sqlite-library'
import { openWriteConnection, type WriteConnection } from './write-connection'
import { BUSY_TIMEOUT_MS } from './sqlite-settings'
import { SqliteWriter } from './writer'

/** SQLite settings of ARCHITECTURE.md §4: durable WAL, enforced foreign keys, wait instead of failing on locks. */
const SQLITE_WRITER_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL', 'PRAGMA foreign_keys = ON']

export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  const common = { entities, migrations: migrationsFor(db.kind), synchronize: false, migrationsRun: false, logging: false } as const
  switch (db.kind) {
    case 'sqlite':
      // WAL is switched on by SQLITE_WRITER_PRAGMAS, after the busy timeout applies: TypeORM's own `enableWAL`
      // runs the pragma before it sets the timeout, so a second instance starting at the same moment failed
      // at once with SQLITE_BUSY.
      return { ...common, type: 'sqlite', database: db.url, busyTimeout: BUSY_TIMEOUT_MS, enableWAL: false }
    case 'postgres':
      return { ...common, type: 'postgres', url: db.url, extra: { max: 20, options: '-c TimeZone=UTC' } }
    case 'mysql':
      return { ...common, type: 'mysql', url: db.url.replace(/^mariadb:/, 'mysql:'), timezone: 'Z', charset: 'utf8mb4', extra: { connectionLimit: 20 } }
  }
}

// PostgreSQL 'timestamp' columns hold UTC: send and read them as UTC whatever the process time zone.
pg.defaults.parseInputDatesAsUTC = true
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value: string) => new Date(`${value.replace(' ', 'T')}Z`))

type CloseHook = () => Promise<void>
const closeHooks = new WeakMap<DataSource, CloseHook[]>()
const checkpointOnClose = new WeakSet<DataSource>()

/** Work to finish before the database closes (buffered writes flushed through the writer, say). */
export function beforeDatabaseClose(db: DataSource, hook: CloseHook): void {
  const hooks = closeHooks.get(db)
  if (hooks) hooks.push(hook)
  else closeHooks.set(db, [hook])
}

/**
 * `db.destroy()` closes everything in order: the close hooks, the write queue drained, the read
 * connections, then the writer (last, so SQLite can merge the WAL when it closes the last connection).
 */
function closeInOrder(db: DataSource, writer: SqliteWriter | null, afterClose: () => void = () => undefined): void {
  const destroy = db.destroy.bind(db)
  db.destroy = async () => {
    for (const hook of closeHooks.get(db) ?? []) await hook().catch(() => undefined)
    await writer?.drained()
    try {
      await destroy()
    } finally {
      await writer?.close({ checkpoint: checkpointOnClose.has(db) })
      afterClose()
    }
  }
}

/** Close the database; with `checkpoint`, merge the WAL into the database file first (a clean stop). */
export async function closeDatabase(db: DataSource, options: { checkpoint?: boolean } = {}): Promise<void> {
  if (options.checkpoint) checkpointOnClose.add(db)
  await db.destroy()
}

/**
 * The database file is owner-only (600): created so before SQLite opens it, and tightened when an older
 * installation left it readable by others. SQLite gives its -wal and -shm files the database's mode.
 */
function ownerOnly(file: string): void {
  if (file === ':memory:') return
  closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
  for (const extra of ['-wal', '-shm', '-journal']) if (existsSync(file + extra)) chmodSync(file + extra, 0o600)
}

/**
 * The options of `db` for the process's one SQLite library (sqlite-library.ts): node-sqlite3's as above
 * (portable), or better-sqlite3's (native; `readonly` for the DataSource everything but the writer reads through).
 */
function sqliteOptions(db: DatabaseConfig, mode: SqliteMode, readonly: boolean): DataSourceOptions & { database: string } {
  const options = dataSourceOptions(db) as DataSourceOptions & { type: 'sqlite'; database: string }
  if (mode === 'portable') return readonly ? ({ ...options, flags: sqlite3.OPEN_READONLY } as DataSourceOptions & { database: string }) : options
  const { busyTimeout: _busy, type: _type, ...common } = options
  return { ...common, type: 'better-sqlite3', driver: loadNative()!, timeout: BUSY_TIMEOUT_MS, readonly, fileMustExist: readonly }
}

async function openSqlite(db: DatabaseConfig): Promise<DataSource> {
  const file = db.url
  ownerOnly(file)
  // Every connection of the server to the file is of one library (sqlite-library.ts): recorded from here to the close.
  const mode = sqliteModeFor(file)
  const release = holdSqlite(file, mode)
  const options = sqliteOptions(db, mode, false)
  // The writer's maintenance connection: migrations now, exclusive work (and, portable, checkpoints) later.
  const maintenance = new DataSource(options)
  await maintenance.initialize().catch((err: unknown) => {
    release()
    throw err
  })
  let readable: DataSource | null = null
  let connection: WriteConnection | null = null
  try {
    for (const pragma of SQLITE_WRITER_PRAGMAS) await retryWhileBusy(() => maintenance.query(pragma), BUSY_TIMEOUT_MS, 20)
    await runMigrationsLocked(maintenance)
    // before any reader opens (each reads the statistics once, as it opens)
    await retryWhileBusy(() => dropPlannerSamples(maintenance), BUSY_TIMEOUT_MS, 20)
    connection = await openWriteConnection(options, maintenance)
    // Everything else reads through a read-only connection: a write that bypasses the writer fails
    // loudly (SQLITE_READONLY) instead of slipping into whatever transaction the writer has open.
    readable = new DataSource(sqliteOptions(db, mode, true))
    await readable.initialize()
    const writer = new SqliteWriter(connection)
    registerWriter(readable, writer)
    closeInOrder(readable, writer, release)
    return readable
  } catch (err) {
    if (readable?.isInitialized) await readable.destroy()
    if (connection) await connection.close()
    else await maintenance.destroy()
    release()
    throw err
  }
}

/**
 * Open the database, apply the storage settings and run pending migrations. On SQLite the DataSource
 * returned is read-only; writes go through `inTransaction` (server/db/transaction.ts).
 */
export async function openDatabase(db: DatabaseConfig): Promise<DataSource> {
  if (db.kind === 'sqlite') return openSqlite(db)
  const ds = new DataSource(dataSourceOptions(db))
  await ds.initialize()
  try {
    await runMigrationsLocked(ds)
  } catch (err) {
    await ds.destroy()
    throw err
  }
  closeInOrder(ds, null)
  return ds
}

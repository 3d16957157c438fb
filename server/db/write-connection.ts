import { statSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import type sqlite3 from 'sqlite3'
import { DataSource, type DataSourceOptions } from 'typeorm'
import { loadNative, type NativeDatabase } from './native'
import { databaseExec } from './reader'
import { SqliteThread } from './sqlite-thread'
import { BUSY_TIMEOUT_MS, walLimitBytes } from './sqlite-settings'

/*
 * The writer's connection (writer.ts), in the mode of the process's one SQLite library (sqlite-library.ts):
 *
 * - native: better-sqlite3, whose statements run on the main thread in microseconds. A job's statements
 *   then follow each other without waiting for an event-loop turn; with node-sqlite3 every statement is a
 *   round trip through libuv's thread pool back to a busy event loop (~0.5 ms each at 200 members, ~10 per
 *   job: measured, the writer could not commit more than ~200 jobs/s). The main thread never waits:
 *   - not on a lock: busy_timeout is 0 here and the writer retries BEGIN IMMEDIATE on a timer instead;
 *   - not on the disk: COMMIT writes the WAL without fsync (synchronous = NORMAL) and `sync()` then fsyncs
 *     the WAL file on libuv's pool; the writer acknowledges a batch's jobs only after that fsync, so every
 *     acknowledged write is exactly as durable as with synchronous = FULL (see docs/decisions.md);
 *   - not on checkpoints: wal_autocheckpoint = 0 here; checkpoints run on a connection of their own in a
 *     worker thread (sqlite-thread.ts).
 *   The maintenance connection (better-sqlite3 too, through TypeORM) runs migrations at open and exclusive
 *   work (seeding).
 * - portable: node-sqlite3 (Electron, where better-sqlite3 is built for another ABI; SHILIU_SQLITE_WRITER=portable).
 *   The maintenance connection is the jobs' connection too, and runs the checkpoints on libuv's pool.
 */

export type WriterMode = 'native' | 'portable'

/** After a WAL restart (writer.ts), SQLite truncates the file to a quarter of the limit. */
const journalSizeLimit = (): number => Math.floor(walLimitBytes() / 4)

export type CheckpointMode = 'PASSIVE' | 'RESTART' | 'TRUNCATE'

export interface WriteConnection {
  readonly mode: WriterMode
  /** The DataSource whose manager the jobs get. */
  readonly jobs: DataSource
  /** Migrations, exclusive work, checkpoints (the same DataSource as `jobs` in portable mode). */
  readonly maintenance: DataSource
  /** Run SQL on the jobs' connection. */
  exec(sql: string): Promise<void>
  /** Whether a transaction is open on the jobs' connection (null: the driver cannot tell). */
  inTransaction(): boolean | null
  /** Make every commit so far durable (native: fsync of the WAL; portable: COMMIT already did). */
  sync(): Promise<void>
  /** How long BEGIN may wait inside SQLite for another process's lock (portable; native never waits there). */
  setBusyTimeout(ms: number): void
  /**
   * Merge the WAL into the database file now. PASSIVE: as far as it can without waiting for anyone.
   * RESTART: all of it, waiting up to `waitMs` for readers of older snapshots, so the next commit writes
   * the WAL from its start. TRUNCATE: as RESTART, then empty the file.
   */
  checkpoint(mode: CheckpointMode, waitMs?: number): Promise<void>
  /** The WAL file's size on disk (0 when there is none). */
  walBytes(): number
  close(): Promise<void>
}

const rawHandle = <T>(ds: DataSource): T => (ds.driver as unknown as { databaseConnection: T }).databaseConnection

function execOn(conn: sqlite3.Database, sql: string): Promise<void> {
  const exec = databaseExec()
  return new Promise((resolve, reject) => exec.call(conn, sql, (err) => (err ? reject(err) : resolve())))
}

/** A checkpoint on a node-sqlite3 connection, waiting up to `waitMs` (busy timeout) instead of the usual. */
async function checkpointOn(conn: sqlite3.Database, mode: CheckpointMode, waitMs = BUSY_TIMEOUT_MS): Promise<void> {
  if (waitMs !== BUSY_TIMEOUT_MS) conn.configure('busyTimeout', waitMs)
  try {
    await execOn(conn, `PRAGMA wal_checkpoint(${mode})`)
  } finally {
    if (waitMs !== BUSY_TIMEOUT_MS) conn.configure('busyTimeout', BUSY_TIMEOUT_MS)
  }
}

const fileSize = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

async function openNative(options: DataSourceOptions & { database: string }, maintenance: DataSource): Promise<WriteConnection> {
  const driver = loadNative()
  if (!driver) throw new Error('better-sqlite3 does not load in this process')
  rawHandle<NativeDatabase>(maintenance).pragma(`journal_size_limit = ${journalSizeLimit()}`)
  const jobs = new DataSource({
    type: 'better-sqlite3',
    driver,
    database: options.database,
    entities: options.entities,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    enableWAL: true,
    // No busy waiting on the main thread: the writer retries BEGIN IMMEDIATE on a timer.
    timeout: 0,
    prepareDatabase: (db: NativeDatabase) => {
      db.pragma('wal_autocheckpoint = 0')
      db.pragma(`journal_size_limit = ${journalSizeLimit()}`)
    },
  })
  await jobs.initialize()
  const native = rawHandle<NativeDatabase>(jobs)
  const openCheckpointer = () => new SqliteThread(options.database, { readonly: false, timeoutMs: BUSY_TIMEOUT_MS })
  let checkpointer = openCheckpointer()
  // The WAL exists once a connection has read the database in WAL mode (migrations did). Without a handle
  // on it, COMMIT itself must fsync (FULL), on the main thread.
  let wal: FileHandle | null = null
  try {
    wal = await open(`${options.database}-wal`, 'r+')
    native.pragma('synchronous = NORMAL')
  } catch {
    native.pragma('synchronous = FULL')
  }
  return {
    mode: 'native',
    jobs,
    maintenance,
    exec: (sql) => {
      try {
        native.exec(sql)
        return Promise.resolve()
      } catch (err) {
        return Promise.reject(err)
      }
    },
    inTransaction: () => native.inTransaction,
    setBusyTimeout: () => undefined,
    sync: () => (wal ? wal.datasync() : Promise.resolve()),
    checkpoint: async (mode, waitMs = BUSY_TIMEOUT_MS) => {
      if (checkpointer.stopped) checkpointer = openCheckpointer() // it crashed: the next tick gets a new one
      await checkpointer.checkpoint(mode, waitMs)
    },
    walBytes: () => fileSize(`${options.database}-wal`),
    close: async () => {
      await checkpointer.close()
      await wal?.close()
      await jobs.destroy()
      await maintenance.destroy()
    },
  }
}

function portable(maintenance: DataSource, database: string): WriteConnection {
  const conn = rawHandle<sqlite3.Database>(maintenance)
  return {
    mode: 'portable',
    jobs: maintenance,
    maintenance,
    exec: (sql) => execOn(conn, sql),
    inTransaction: () => null,
    setBusyTimeout: (ms) => conn.configure('busyTimeout', Math.round(ms)),
    sync: () => Promise.resolve(),
    checkpoint: (mode, waitMs) => checkpointOn(conn, mode, waitMs),
    walBytes: () => fileSize(`${database}-wal`),
    close: () => maintenance.destroy(),
  }
}

/** The writer's connection over `maintenance` (already open, migrated), in the mode of its library. */
export async function openWriteConnection(options: DataSourceOptions & { database: string }, maintenance: DataSource): Promise<WriteConnection> {
  if (maintenance.options.type === 'better-sqlite3') return openNative(options, maintenance)
  await execOn(rawHandle<sqlite3.Database>(maintenance), `PRAGMA journal_size_limit = ${journalSizeLimit()}`)
  return portable(maintenance, options.database)
}

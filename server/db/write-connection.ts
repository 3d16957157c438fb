import { statSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import type sqlite3 from 'sqlite3'
import { DataSource, type DataSourceOptions } from 'typeorm'
import { loadNative, type NativeDatabase } from './native'
import { databaseExec } from './reader'
import { BUSY_TIMEOUT_MS, walLimitBytes } from './sqlite-settings'

/*
 * The writer's connection (writer.ts), in one of two modes:
 *
 * - native: better-sqlite3, whose statements run on the main thread in microseconds. A job's statements
 *   then follow each other without waiting for an event-loop turn; with node-sqlite3 every statement is a
 *   round trip through libuv's thread pool back to a busy event loop (~0.5 ms each at 200 members, ~10 per
 *   job: measured, the writer could not commit more than ~200 jobs/s). The main thread never waits:
 *   - not on a lock: busy_timeout is 0 here and the writer retries BEGIN IMMEDIATE on a timer instead;
 *   - not on the disk: COMMIT writes the WAL without fsync (synchronous = NORMAL) and `sync()` then fsyncs
 *     the WAL file on libuv's pool; the writer acknowledges a batch's jobs only after that fsync, so every
 *     acknowledged write is exactly as durable as with synchronous = FULL (see docs/decisions.md);
 *   - not on checkpoints: wal_autocheckpoint = 0 here, the maintenance connection checkpoints instead.
 * - portable (the default): node-sqlite3, the library of the readers, the read-only DataSource and the
 *   maintenance connection, so the process has ONE copy of SQLite on the file (sqlite-library.ts). Native
 *   only with SHILIU_SQLITE_WRITER=native, for measuring: beside node-sqlite3's readers in one process it is
 *   two copies of SQLite that do not see each other's locks, and the WAL guard below did not make that safe
 *   (stop 31: a read four acknowledged writes, one batch, short under load; docs/decisions.md). It
 *   becomes the default again once every connection of the server is better-sqlite3.
 *
 * Either way the maintenance connection (node-sqlite3, read-write, private to the writer) runs migrations
 * at open, exclusive work (seeding), the background checkpoints and the final one.
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
  /**
   * Native mode's WAL guard (below); null in portable mode, where one library sees every lock and the writer
   * restarts the WAL by itself whenever no reader needs it.
   */
  readonly walGuard: WalGuard | null
  close(): Promise<void>
}

/**
 * The native writer (better-sqlite3) and the node-sqlite3 readers are two copies of SQLite that do not see
 * each other's locks (sqlite-library.ts). SQLite restarts the WAL from its start at the first commit after a
 * checkpoint merged all of it, once no reader holds a snapshot in it: the writer's copy cannot see the
 * readers' snapshots, so it would write over (and journal_size_limit truncate) frames a reader is still
 * reading (the SQLITE_IOERR of a fresh-clone run in stop 29). The guard is a read transaction kept open on
 * a better-sqlite3 connection of its own, taken while the WAL holds frames not yet merged: as long as it is
 * open, the writer's copy sees a reader in the WAL and never restarts it. The WAL restarts only where the
 * writer says so (`restart`).
 */
export interface WalGuard {
  /** Whether the guard holds its snapshot (false: not yet, or its last restart could not write). */
  readonly held: boolean
  /**
   * Restart the WAL now and guard it again: let go of the snapshot, commit a one-page write (which starts the
   * WAL over when a RESTART checkpoint has just merged it all with no reader left in it: the caller's
   * business), and take a snapshot again behind it. Call it only with no write job running. False (and the
   * guard not held) when the write could not be made (another process holds the write lock): try again later.
   */
  restart(): boolean
}

/** better-sqlite3's connection for the guard: a read transaction on a connection that only ever holds it. */
function walGuardOn(native: NativeDatabase, guard: NativeDatabase): WalGuard {
  let held = false
  const userVersion = () => (native.pragma('user_version') as Array<{ user_version: number }>)[0]?.user_version ?? 0
  return {
    get held() {
      return held
    },
    restart() {
      if (guard.inTransaction) guard.exec('COMMIT')
      held = false
      try {
        native.exec('BEGIN IMMEDIATE')
        // Page 1 is written even though the value does not change: the WAL holds one frame the checkpoints
        // have not merged, so the guard's snapshot below is one in the WAL (a reader the writer must wait for).
        native.exec(`PRAGMA user_version = ${userVersion()}`)
        native.exec('COMMIT')
      } catch {
        if (native.inTransaction) native.exec('ROLLBACK')
        return false
      }
      try {
        guard.exec('BEGIN')
        guard.prepare('SELECT COUNT(*) FROM sqlite_master').all()
      } catch {
        if (guard.inTransaction) guard.exec('COMMIT')
        return false
      }
      held = true
      return true
    },
  }
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

async function openNative(options: DataSourceOptions & { database: string }, maintenance: DataSource): Promise<WriteConnection | null> {
  // Opt-in only: see the head of this file (one SQLite library per process).
  const driver = process.env.SHILIU_SQLITE_WRITER === 'native' ? loadNative() : null
  if (!driver) return null
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
  try {
    await jobs.initialize()
  } catch {
    return null // built for another ABI (Electron), say: the portable writer will do
  }
  const native = rawHandle<NativeDatabase>(jobs)
  const guardConn = new driver(options.database, { readonly: true, fileMustExist: true, timeout: 0 })
  const walGuard = walGuardOn(native, guardConn)
  const maintenanceConn = rawHandle<sqlite3.Database>(maintenance)
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
    checkpoint: (mode, waitMs) => checkpointOn(maintenanceConn, mode, waitMs),
    walBytes: () => fileSize(`${options.database}-wal`),
    walGuard,
    close: async () => {
      if (guardConn.inTransaction) guardConn.exec('COMMIT')
      guardConn.close()
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
    walGuard: null,
    close: () => maintenance.destroy(),
  }
}

/** The writer's connection over `maintenance` (already open, migrated): portable, or native when asked for and it loads. */
export async function openWriteConnection(options: DataSourceOptions & { database: string }, maintenance: DataSource): Promise<WriteConnection> {
  await execOn(rawHandle<sqlite3.Database>(maintenance), `PRAGMA journal_size_limit = ${journalSizeLimit()}`)
  return (await openNative(options, maintenance)) ?? portable(maintenance, options.database)
}

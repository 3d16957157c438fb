import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import sqlite3 from 'sqlite3'
import { sqliteModeFor } from './sqlite-library'
import { BUSY_TIMEOUT_MS } from './sqlite-settings'

/*
 * A consistent copy of a live SQLite database (`npm run backup`, scheduled backups), taken from a READ-ONLY
 * connection of its own: the copy never writes to the live database and never touches the writer's
 * connection. It reads one snapshot, in one read transaction; in WAL mode a reader blocks no writer, so the
 * server keeps committing meanwhile, and every write acknowledged before the copy started (committed and
 * fsynced by the writer) is in it.
 *
 *   backup-api   SQLite's online backup API through better-sqlite3, ALL pages in one step (a backup in
 *                steps starts over whenever another connection commits between them, so under a steady
 *                write load it would never finish). It runs in a worker thread: a large database copied in
 *                one step must not hold the event loop (in the server, that is also the writer's thread). The
 *                thread loads the same better-sqlite3 as the server's connections: one library.
 *   vacuum-into  `VACUUM INTO` through node-sqlite3 (libuv's pool) in portable mode: where better-sqlite3 is not
 *                installed or not built for this runtime (Electron), with SHILIU_SQLITE_WRITER=portable, or in a
 *                process that holds the file through node-sqlite3 already (sqlite-library.ts).
 *
 * The copy is left in rollback-journal mode (one self-contained file; the server switches WAL back on at open).
 */

export type SnapshotMethod = 'backup-api' | 'vacuum-into'

/** The worker's code (CommonJS, evaluated): better-sqlite3 is resolved by the parent and passed in. */
const BACKUP_WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require(workerData.module)
const source = new Database(workerData.source, { readonly: true, fileMustExist: true, timeout: workerData.timeout })
source
  .backup(workerData.target, { progress: () => 0x7fffffff })
  .then(() => {
    source.close()
    const copy = new Database(workerData.target)
    copy.pragma('journal_mode = DELETE')
    copy.close()
    parentPort.postMessage({ ok: true })
  })
  .catch((err) => {
    try { source.close() } catch {}
    parentPort.postMessage({ ok: false, message: String((err && err.message) || err) })
  })
`

function viaBackupApi(source: string, target: string): Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3')
  return new Promise((resolve, reject) => {
    const worker = new Worker(BACKUP_WORKER, { eval: true, workerData: { module, source, target, timeout: BUSY_TIMEOUT_MS } })
    worker.once('message', (reply: { ok: boolean; message?: string }) => (reply.ok ? resolve() : reject(new Error(reply.message))))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the backup worker stopped (exit code ${code})`)))
  })
}

function run(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<void> {
  return new Promise((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve())))
}

function close(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => db.close(() => resolve()))
}

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, mode, (err) => (err ? reject(err) : resolve(db)))
  })
}

async function viaVacuumInto(source: string, target: string): Promise<void> {
  const db = await open(source, sqlite3.OPEN_READONLY)
  try {
    db.configure('busyTimeout', BUSY_TIMEOUT_MS)
    await run(db, 'VACUUM INTO ?', [target])
  } finally {
    await close(db)
  }
  const copy = await open(target, sqlite3.OPEN_READWRITE)
  try {
    await run(copy, 'PRAGMA journal_mode = DELETE')
  } finally {
    await close(copy)
  }
}

/** The method this process can use on `source`: that of the library this process uses for it (sqlite-library.ts). */
export function snapshotMethod(source: string): SnapshotMethod {
  return sqliteModeFor(source) === 'native' ? 'backup-api' : 'vacuum-into'
}

/** Copy the database `source` into the new file `target` (which must not exist); returns the method used. */
export async function snapshotSqlite(source: string, target: string, method = snapshotMethod(source)): Promise<SnapshotMethod> {
  await (method === 'backup-api' ? viaBackupApi(source, target) : viaVacuumInto(source, target))
  return method
}

import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import sqlite3 from 'sqlite3'

/*
 * Two demo starts on one data directory (two `npm run demo`, or the desktop app beside one) at the same moment
 * (issue 41): only one prepares the demo; the other waits for it, then finds the database complete and serves.
 * Without it, the second start removed the first one's half-written staging database, and the first renamed the
 * second's (empty) file into place: an empty demo, or one or both exiting.
 *
 * The lock is SQLite's own exclusive lock on a small file in DATA_DIR (`.demo-prepare.lock`): the operating
 * system drops it when its holder exits in any way (a crash, a kill, the power), so a lock never goes stale and
 * needs no pid or age rule. The wait polls (no busy handler: that would hold a libuv thread for the whole wait).
 */

export const DEMO_LOCK_FILE = '.demo-prepare.lock'
const POLL_MS = 250

const exec = (db: sqlite3.Database, sql: string) => new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())))
const close = (db: sqlite3.Database) => new Promise<void>((resolve) => db.close(() => resolve()))
const isBusy = (err: unknown) => (err as { code?: string }).code === 'SQLITE_BUSY' || (err as { code?: string }).code === 'SQLITE_LOCKED'

/** Run `work` while holding the demo preparation lock of `dataDir`; `onWait` once if another start holds it. */
export async function withDemoLock<T>(dataDir: string, work: () => Promise<T>, onWait: () => void = () => undefined): Promise<T> {
  await mkdir(dataDir, { recursive: true })
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(path.join(dataDir, DEMO_LOCK_FILE), (err) => (err ? reject(err) : resolve(opened)))
  })
  db.configure('busyTimeout', 0)
  try {
    let waited = false
    for (;;) {
      try {
        // In the default rollback-journal mode, BEGIN EXCLUSIVE takes the file's exclusive lock at once or fails busy.
        await exec(db, 'BEGIN EXCLUSIVE')
        break
      } catch (err) {
        if (!isBusy(err)) throw err
        if (!waited) onWait()
        waited = true
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    }
    try {
      return await work()
    } finally {
      await exec(db, 'ROLLBACK').catch(() => undefined)
    }
  } finally {
    await close(db)
  }
}

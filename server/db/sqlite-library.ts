import path from 'node:path'
import { loadNative } from './native'

/*
 * One SQLite library per database file per process.
 *
 * node-sqlite3 and better-sqlite3 each carry their own copy of SQLite. SQLite coordinates connections of one
 * process through its own in-memory lock table and other processes through POSIX advisory locks, which belong
 * to the process: a lock taken by one copy never blocks the other copy in the same process. So two copies on
 * one file do not see each other at all:
 * - a connection of the second copy opening the file believes it is the first (its lock on the -shm file's
 *   "first connection" byte is granted) and truncates the -shm file that the other copy has mapped: the
 *   process dies of SIGBUS when it next touches it;
 * - a writer of one copy restarts the WAL (and journal_size_limit truncates it) while a reader of the other
 *   copy still reads frames of it: SQLITE_CORRUPT, SQLITE_IOERR, or plain wrong rows; stop 31 read a batch of
 *   acknowledged writes short.
 * (sqlite.org/howtocorrupt.html §2.2.1, "multiple copies of SQLite linked into the same application";
 * tests/server/storage/sqlite-library.test.ts; docs/decisions.md.)
 *
 * So every connection the server opens to a file (writer, maintenance, readers, read-only DataSource,
 * checkpoints, snapshots) is of ONE library, chosen when the file is first opened:
 * - native: better-sqlite3 wherever it loads (the server under Node). Its statements run synchronously on the
 *   calling thread; long ones run in worker threads, which share the process's one copy of the library;
 * - portable: node-sqlite3 where better-sqlite3 does not load (Electron: built for another ABI), or with
 *   SHILIU_SQLITE_WRITER=portable.
 */

export type SqliteMode = 'native' | 'portable'

const holders = new Map<string, { mode: SqliteMode; count: number }>()

const key = (file: string) => path.resolve(file)

/** The mode a new opening of `file` in this process uses: the one holding it already, else native where better-sqlite3 loads. */
export function sqliteModeFor(file: string): SqliteMode {
  const held = holders.get(key(file))
  if (held) return held.mode
  return process.env.SHILIU_SQLITE_WRITER !== 'portable' && loadNative() ? 'native' : 'portable'
}

/** Record connections of `mode` to `file` (refused when the other library holds it); returns the function that forgets them. */
export function holdSqlite(file: string, mode: SqliteMode): () => void {
  const k = key(file)
  const held = holders.get(k)
  if (held && held.mode !== mode) throw new Error(`${file} is open through the other SQLite library in this process (${held.mode})`)
  holders.set(k, { mode, count: (held?.count ?? 0) + 1 })
  let released = false
  return () => {
    if (released) return
    released = true
    const now = holders.get(k)
    if (!now) return
    if (now.count > 1) now.count--
    else holders.delete(k)
  }
}

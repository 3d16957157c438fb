import path from 'node:path'

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
 *   copy still reads frames of it: SQLITE_CORRUPT, SQLITE_IOERR, or plain wrong rows.
 * (sqlite.org/howtocorrupt.html §2.2.1, "multiple copies of SQLite linked into the same application";
 * tests/server/storage/sqlite-library.test.ts; docs/decisions.md.) The server opens the file through
 * node-sqlite3 first (migrations), so the first point cannot happen to it.
 *
 * The server's readers, its read-only DataSource, the writer's maintenance connection and (by default) the writer
 * itself are node-sqlite3: one library. The native writer (better-sqlite3, SHILIU_SQLITE_WRITER=native, for
 * measuring) is the other copy; write-connection.ts's WAL guard keeps it from restarting the WAL under the readers,
 * but not from every race of two copies (stop 31: a batch of acknowledged writes read short under load), which is
 * why it is no longer the default. Nothing else may open the file through better-sqlite3 where this process holds node-sqlite3
 * connections to it: a backup through better-sqlite3's backup API runs in the `npm run backup` command's own
 * process, never in the server (a checkpoint there would not wait for it: a torn copy).
 */

const openThroughNodeSqlite = new Map<string, number>()

const key = (file: string) => path.resolve(file)

/** Record a node-sqlite3 connection (or set of them) to `file`; returns the function that forgets it. */
export function holdNodeSqlite(file: string): () => void {
  const k = key(file)
  openThroughNodeSqlite.set(k, (openThroughNodeSqlite.get(k) ?? 0) + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (openThroughNodeSqlite.get(k) ?? 1) - 1
    if (left > 0) openThroughNodeSqlite.set(k, left)
    else openThroughNodeSqlite.delete(k)
  }
}

/** Whether better-sqlite3 may open `file` in this process (no node-sqlite3 connection to it is open here). */
export function betterSqliteMayOpen(file: string): boolean {
  return !openThroughNodeSqlite.has(key(file))
}

/**
 * Settings every SQLite connection of a process shares (writer, maintenance, readers, TypeORM's own): a leaf
 * module, so the writer and its connection can both read them without importing each other.
 */

/** How long a statement waits for another connection's lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000

/** Past this size the WAL is restarted (writer.ts `tendWal`); SHILIU_WAL_LIMIT_MB overrides the 64 MB. */
export const walLimitBytes = (): number => Math.max(1, Number(process.env.SHILIU_WAL_LIMIT_MB) || 64) * 1024 * 1024

/*
 * What went wrong with the storage, in one place (the writer, the transaction helper and the HTTP error
 * translator all ask here):
 *
 * - storage faults: the database or the disk cannot take the write right now (another process holds the
 *   lock past the busy timeout, the disk is full, the file became read-only, an I/O error). They are not
 *   the request's fault; the client is told to retry later (503 / 507) and the server recovers by itself.
 * - retryable conflicts (PostgreSQL / MySQL): deadlocks and serialization failures, which a transaction
 *   retried from the start resolves.
 */

export type FaultKind = 'busy' | 'full' | 'readonly' | 'io' | 'closed'

/** A write that could not be committed because of the storage (never because of the request itself). */
export class StorageFault extends Error {
  override name = 'StorageFault'

  constructor(
    readonly kind: FaultKind,
    override readonly cause: unknown,
  ) {
    super(`${kind}: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

interface ErrorFields {
  code?: unknown
  errno?: unknown
  driverError?: unknown
  cause?: unknown
  message?: unknown
}

/** The error and what it wraps (TypeORM's QueryFailedError keeps the driver's error in driverError). */
function* layers(err: unknown): Generator<ErrorFields> {
  let current: unknown = err
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorFields
    yield e
    current = e.driverError ?? e.cause
  }
}

/** SQLite result codes (node-sqlite3 sets `code`, e.g. 'SQLITE_BUSY') and file-system errno names. */
const KIND_BY_CODE: Record<string, FaultKind> = {
  SQLITE_BUSY: 'busy',
  SQLITE_LOCKED: 'busy',
  SQLITE_FULL: 'full',
  ENOSPC: 'full',
  EDQUOT: 'full',
  SQLITE_READONLY: 'readonly',
  EROFS: 'readonly',
  SQLITE_IOERR: 'io',
  SQLITE_CORRUPT: 'io',
  SQLITE_NOMEM: 'io',
  SQLITE_CANTOPEN: 'io',
  SQLITE_NOTADB: 'io',
  EIO: 'io',
}

/** The storage fault behind `err`, or null when it is an ordinary error (a constraint, a bug, a 4xx). */
export function storageFault(err: unknown): FaultKind | null {
  if (err instanceof StorageFault) return err.kind
  for (const e of layers(err)) {
    if (e instanceof StorageFault) return e.kind
    // Extended codes (better-sqlite3: SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT) count as their primary code.
    const code = typeof e.code === 'string' ? (/^SQLITE_[A-Z]+/.exec(e.code)?.[0] ?? e.code) : undefined
    const kind = code ? KIND_BY_CODE[code] : undefined
    if (kind) return kind
    // Extended result codes arrive in the message only ("SQLITE_IOERR: disk I/O error").
    const message = typeof e.message === 'string' ? e.message : ''
    const named = /^(?:Error: )?(SQLITE_[A-Z]+)\b/.exec(message)?.[1]
    if (named && KIND_BY_CODE[named]) return KIND_BY_CODE[named]
  }
  return null
}

/** PostgreSQL serialization_failure / deadlock_detected; MySQL / MariaDB deadlock and lock wait timeout. */
const RETRYABLE = new Set(['40001', '40P01', 'ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', '1213', '1205'])

/** Whether a failed transaction may succeed when run again from the start (PostgreSQL / MySQL). */
export function isRetryableConflict(err: unknown): boolean {
  for (const e of layers(err)) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true
    if (typeof e.errno === 'number' && RETRYABLE.has(String(e.errno))) return true
  }
  return false
}

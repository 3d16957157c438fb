import type { DataSource, EntityManager } from 'typeorm'
import { SHARED_BUMP_SQL, sharesCardGeneration } from './card-writes'
import { isRetryableConflict } from './faults'
import { existingReaderOf } from './reader'
import type { SqliteWriter, Work } from './writer'

/*
 * The one entry point for every write: `inTransaction(db, work)` runs `work(manager)` as one write job and
 * resolves once it is committed. Use the manager (and `execute` / `query` of sql.ts with it) for every
 * statement of the job, and nothing else inside it: no hashing, image work, file or network I/O (do those
 * before, and side effects such as file deletions after the promise resolves). Never call inTransaction
 * from inside a job: pass the manager down.
 *
 * - SQLite: the job goes to the database's writer (writer.ts): one connection, group commit, a savepoint
 *   per job. `db` itself (deps.db) is a read-only connection: a write through it fails loudly.
 * - PostgreSQL / MySQL: an ordinary pooled transaction, run again from the start on a deadlock or a
 *   serialization failure (a few attempts with jittered backoff), so a job must not depend on anything
 *   but the database.
 */

const writers = new WeakMap<DataSource, SqliteWriter>()

/** Attach the writer that owns `db`'s write connection (server/db/data-source.ts does, at open). */
export function registerWriter(db: DataSource, writer: SqliteWriter): void {
  writers.set(db, writer)
}

/** The SQLite writer of `db`, or null on PostgreSQL / MySQL. */
export function writerOf(db: DataSource): SqliteWriter | null {
  return writers.get(db) ?? null
}

const MAX_ATTEMPTS = 5

/** 20, 40, 80, 160 ms (capped at 250), each scaled by a random 0.5–1.5 so retried peers do not collide again. */
function backoffMs(attempt: number): number {
  return Math.min(250, 10 * 2 ** attempt) * (0.5 + Math.random())
}

async function pooledTransaction<T>(db: DataSource, work: Work<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(err)) throw err
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)))
    }
  }
}

export interface JobOptions {
  /**
   * Called as soon as the job's writes are visible to other connections, which on SQLite is a moment before
   * the promise resolves (the batch's fsync comes in between): for in-process bookkeeping that must not
   * count a write twice (buffered views). Not called when the job fails.
   */
  onCommit?: () => void
  /**
   * false for a job that changes nothing a note card shows except its counters and the viewer's flags, which
   * card lists always read live (likes, collects, comments, new notes, views, follows, sessions, rate
   * limits). Every other job, by default, drops the cached cards (presenters/card-cache.ts) when it commits.
   */
  changesCards?: boolean
}

/** The options' onCommit, preceded (unless changesCards is false) by dropping the cached note cards. */
function commitHook(db: DataSource, options: JobOptions): (() => void) | undefined {
  if (options.changesCards === false) return options.onCommit
  return () => {
    existingReaderOf(db)?.cardWrites?.changed()
    options.onCommit?.()
  }
}

/** The write job a statement runs in, with what must happen once it has committed (see afterCommit). */
interface JobContext {
  after: Array<(db: DataSource) => void>
}

/**
 * The job each connection is running, keyed by its query runner: a connection runs one job at a time (the
 * SQLite writer's jobs run one after another on its one runner; a pooled transaction has a runner of its
 * own), and a savepoint's manager (manager.transaction inside a job) shares its job's runner. An explicit key
 * rather than AsyncLocalStorage: on Node 20 an enabled AsyncLocalStorage hooks every promise of the process,
 * and that cost reads 10–15 % of their CPU (issue #19, stop 36), reads that never write.
 */
const runningJobs = new WeakMap<object, JobContext>()
const jobKey = (manager: EntityManager): object => manager.queryRunner ?? manager

/**
 * Run `fn(db)` once the job `manager` belongs to has committed, with the DataSource the job was submitted on;
 * never when it fails or rolls back (a retried attempt starts with an empty list). For announcements of a write
 * to other connections and instances (events/bus.ts). Outside a job (seeding) it does nothing.
 */
export function afterCommit(manager: EntityManager, fn: (db: DataSource) => void): void {
  runningJobs.get(jobKey(manager))?.after.push(fn)
}

/** Run `work` as one write job (see above); resolves with its result after the commit. */
export function inTransaction<T>(db: DataSource, work: Work<T>, options: JobOptions = {}): Promise<T> {
  const writer = writers.get(db)
  const onCommit = commitHook(db, options)
  let attempt: JobContext = { after: [] }
  // Workers of one SQLite file tell each other that cards changed (db/card-writes.ts), in the job's own transaction.
  const bumps = writer !== undefined && options.changesCards !== false && sharesCardGeneration()
  const tracked: Work<T> = async (manager) => {
    const key = jobKey(manager)
    const mine: JobContext = (attempt = { after: [] })
    runningJobs.set(key, mine)
    try {
      const value = await work(manager)
      if (bumps) await manager.query(SHARED_BUMP_SQL)
      return value
    } finally {
      if (runningJobs.get(key) === mine) runningJobs.delete(key)
    }
  }
  const announce = (value: T): T => {
    for (const fn of attempt.after) fn(db)
    return value
  }
  if (writer) return writer.submit(tracked, onCommit).then(announce)
  if (db.options.type === 'sqlite' || db.options.type === 'better-sqlite3') return Promise.reject(new Error('This SQLite DataSource has no writer: open the database with openDatabase()'))
  const done = pooledTransaction(db, tracked)
  return (onCommit ? done.then((value) => (onCommit(), value)) : done).then(announce)
}

/**
 * For helpers that write either on their own or as part of a caller's job: joins the caller's transaction
 * when given a job's manager, and runs a job of its own when given the DataSource.
 */
export function withinTransaction<T>(db: DataSource | EntityManager, work: Work<T>, options: JobOptions = {}): Promise<T> {
  if ('connection' in db) {
    if (db.queryRunner?.isTransactionActive) return work(db)
    return inTransaction(db.connection, work, options)
  }
  return inTransaction(db, work, options)
}

/**
 * Maintenance that manages its own transactions on the write connection (seeding, checkpoints): on
 * SQLite it runs between batches with the writer's DataSource to itself; elsewhere it gets `db`.
 */
export async function exclusively<T>(db: DataSource, work: (writable: DataSource) => Promise<T>): Promise<T> {
  const writer = writers.get(db)
  try {
    return await (writer ? writer.exclusive(work) : work(db))
  } finally {
    commitHook(db, {})!()
    if (writer && sharesCardGeneration()) await inTransaction(db, () => Promise.resolve()).catch(() => undefined) // bumps the shared counter
  }
}

import type { DataSource, EntityManager, QueryRunner } from 'typeorm'

type IsolationLevel = Parameters<QueryRunner['startTransaction']>[0]

/*
 * TypeORM's SQLite driver shares ONE query runner (one connection) between all callers, and does not guard
 * it: two requests that open a transaction at the same time fail with "cannot start a transaction within a
 * transaction" or commit each other's half-done work. `serializeSqliteTransactions` patches that shared
 * runner so transactions take turns (an async mutex held from BEGIN to COMMIT/ROLLBACK). SQLite allows one
 * writer at a time anyway, so nothing is lost. PostgreSQL and MySQL give each transaction its own pooled
 * connection and are left alone.
 *
 * Rule that follows: never open a transaction inside another one (pass the manager down instead); a nested
 * `manager.transaction()` would wait for itself.
 */

class Mutex {
  private tail: Promise<void> = Promise.resolve()

  acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => (release = resolve))
    const ready = this.tail.then(() => release)
    this.tail = this.tail.then(() => next)
    return ready
  }
}

const patched = new WeakSet<DataSource>()

/** Idempotent; a no-op on PostgreSQL and MySQL. */
export function serializeSqliteTransactions(ds: DataSource): void {
  if (ds.options.type !== 'sqlite' || patched.has(ds)) return
  patched.add(ds)
  const runner: QueryRunner = ds.driver.createQueryRunner('master')
  const mutex = new Mutex()
  let holder: (() => void) | null = null
  const start = runner.startTransaction.bind(runner)
  const commit = runner.commitTransaction.bind(runner)
  const rollback = runner.rollbackTransaction.bind(runner)
  const depth = () => (runner as unknown as { transactionDepth: number }).transactionDepth
  const releaseIfDone = () => {
    if (depth() === 0 && holder) {
      const release = holder
      holder = null
      release()
    }
  }
  runner.startTransaction = async (level?: IsolationLevel) => {
    const release = await mutex.acquire()
    try {
      await start(level)
    } catch (err) {
      release()
      throw err
    }
    holder = release
  }
  runner.commitTransaction = async () => {
    try {
      await commit()
    } finally {
      releaseIfDone()
    }
  }
  runner.rollbackTransaction = async () => {
    try {
      await rollback()
    } finally {
      releaseIfDone()
    }
  }
}

/** Run `work` in one transaction (serialised on SQLite, see above). */
export function inTransaction<T>(ds: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  serializeSqliteTransactions(ds)
  return ds.transaction(work)
}

import type sqlite3 from 'sqlite3'
import type { DataSource, EntityManager, QueryRunner } from 'typeorm'
import { StorageFault, storageFault, type FaultKind } from './faults'
import { databaseExec } from './reader'

/*
 * The one SQLite writer (docs/decisions.md "SQLite writer"). It owns the only read-write connection of the
 * database; nothing else in the process can reach it. Writes arrive as jobs (`work(manager)`), queued in
 * order, and are group-committed:
 *
 *   BEGIN IMMEDIATE                      take the write lock now, so the busy timeout applies to it
 *     SAVEPOINT job; work; RELEASE job   for each queued job (at most MAX_BATCH); a job that throws is
 *                                        rolled back to its savepoint alone and the others go on
 *   COMMIT                               one commit, one fsync (synchronous=FULL) for the whole batch
 *
 * and only then is each job's promise settled: a job is acknowledged after its data is durable. A storage
 * fault (lock held elsewhere past the busy timeout, disk full, I/O error) fails the whole batch with a
 * StorageFault; the transaction is rolled back and the next batch starts clean, so the writer recovers as
 * soon as the cause is gone. Jobs run strictly one after another; one that never settles would stall the
 * queue, which is why a job only touches the database (no network, files or hashing inside it).
 */

/** Enough to amortise an fsync over a busy moment, small enough that one batch never holds writes long. */
const MAX_BATCH = 200

export type Work<T> = (manager: EntityManager) => Promise<T>

interface Job {
  kind: 'job'
  work: Work<unknown>
  resolve: (value: unknown) => void
  reject: (err: unknown) => void
}

/** Maintenance work that needs the connection to itself outside any batch (seeding, checkpoints). */
interface Exclusive {
  kind: 'exclusive'
  work: (ds: DataSource) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (err: unknown) => void
}

export interface WriterState {
  queued: number
  batches: number
  jobs: number
  /** The last storage fault and when, cleared by the next successful commit. */
  fault: { kind: FaultKind; message: string; at: string } | null
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

export class SqliteWriter {
  private readonly queue: Array<Job | Exclusive> = []
  private running = false
  private closed = false
  private idle: Array<() => void> = []
  private readonly conn: sqlite3.Database
  private readonly runner: QueryRunner
  private readonly manager: EntityManager
  private readonly stats = { batches: 0, jobs: 0 }
  private lastFault: WriterState['fault'] = null

  constructor(private readonly ds: DataSource) {
    this.conn = (ds.driver as unknown as { databaseConnection: sqlite3.Database }).databaseConnection
    // The SQLite driver has one query runner per DataSource; the jobs' manager is bound to it.
    this.runner = ds.createQueryRunner()
    this.manager = ds.createEntityManager(this.runner)
  }

  /** Queue a write job; resolves with its result once its batch has committed. */
  submit<T>(work: Work<T>): Promise<T> {
    return this.enqueue({ kind: 'job', work } as Omit<Job, 'resolve' | 'reject'>) as Promise<T>
  }

  /** Run `work` with the write DataSource to itself, between batches (it manages its own transactions). */
  exclusive<T>(work: (ds: DataSource) => Promise<T>): Promise<T> {
    return this.enqueue({ kind: 'exclusive', work } as Omit<Exclusive, 'resolve' | 'reject'>) as Promise<T>
  }

  state(): WriterState {
    return { queued: this.queue.length, ...this.stats, fault: this.lastFault }
  }

  /** Resolves when every job queued so far has settled. */
  drained(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.idle.push(resolve))
  }

  /** Refuse new jobs, finish the queued ones, optionally merge the WAL into the database file, close. */
  async close(options: { checkpoint?: boolean } = {}): Promise<void> {
    this.closed = true
    await this.drained()
    if (options.checkpoint) await this.exec('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined)
    await this.ds.destroy()
  }

  private enqueue(item: Omit<Job, 'resolve' | 'reject'> | Omit<Exclusive, 'resolve' | 'reject'>): Promise<unknown> {
    if (this.closed) return Promise.reject(new StorageFault('closed', new Error('the database is closing')))
    return new Promise((resolve, reject) => {
      this.queue.push({ ...item, resolve, reject } as Job | Exclusive)
      if (!this.running) void this.loop()
    })
  }

  private async loop(): Promise<void> {
    this.running = true
    try {
      while (this.queue.length) {
        const head = this.queue[0]!
        if (head.kind === 'exclusive') {
          this.queue.shift()
          await head.work(this.ds).then(head.resolve, head.reject)
          continue
        }
        let n = 0
        while (n < this.queue.length && n < MAX_BATCH && this.queue[n]!.kind === 'job') n++
        await this.runBatch(this.queue.splice(0, n) as Job[])
      }
    } finally {
      this.running = false
      for (const resolve of this.idle.splice(0)) resolve()
    }
  }

  private async runBatch(batch: Job[]): Promise<void> {
    try {
      await this.begin()
    } catch (err) {
      return this.fail(batch, [], err)
    }
    const outcomes: Outcome[] = []
    this.markTransaction(true)
    try {
      for (const job of batch) {
        await this.exec('SAVEPOINT job')
        try {
          outcomes.push({ ok: true, value: await job.work(this.manager) })
        } catch (error) {
          // A storage fault may have ended the whole transaction (SQLite rolls back on FULL / IOERR).
          if (storageFault(error)) throw error
          await this.exec('ROLLBACK TO job')
          outcomes.push({ ok: false, error })
        }
        await this.exec('RELEASE job')
      }
      await this.exec('COMMIT')
    } catch (err) {
      return this.fail(batch, outcomes, err)
    } finally {
      this.markTransaction(false)
    }
    this.stats.batches++
    this.stats.jobs += batch.length
    this.lastFault = null
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) job.resolve(outcome.value)
      else job.reject(outcome.error)
    })
  }

  /** BEGIN IMMEDIATE; a connection found inside a transaction (never expected) is rolled back first. */
  private async begin(): Promise<void> {
    try {
      await this.exec('BEGIN IMMEDIATE')
    } catch (err) {
      if (!/within a transaction/.test((err as Error).message)) throw err
      await this.exec('ROLLBACK')
      await this.exec('BEGIN IMMEDIATE')
    }
  }

  /**
   * The batch did not commit: roll back and reject every job. Jobs that had failed on their own keep their
   * own error; the others get the fault (wrapped as a StorageFault when it is one).
   */
  private async fail(batch: Job[], outcomes: Outcome[], err: unknown): Promise<void> {
    await this.exec('ROLLBACK').catch(() => undefined) // "no transaction is active" when SQLite already rolled back
    const kind = storageFault(err)
    const error = kind && !(err instanceof StorageFault) ? new StorageFault(kind, err) : err
    if (kind) this.lastFault = { kind, message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]
      job.reject(outcome && !outcome.ok ? outcome.error : error)
    })
  }

  /**
   * Tell TypeORM a transaction is open on its runner, so repository methods used inside a job (save,
   * insert, update) run their statements in it instead of trying to BEGIN one of their own; a nested
   * manager.transaction() becomes a savepoint.
   */
  private markTransaction(active: boolean): void {
    const r = this.runner as unknown as { isTransactionActive: boolean; transactionDepth: number }
    r.isTransactionActive = active
    r.transactionDepth = active ? 1 : 0
  }

  private exec(sql: string): Promise<void> {
    const exec = databaseExec()
    return new Promise((resolve, reject) => exec.call(this.conn, sql, (err) => (err ? reject(err) : resolve())))
  }
}

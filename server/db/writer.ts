import type { DataSource, EntityManager, QueryRunner } from 'typeorm'
import { StorageFault, storageFault, type FaultKind } from './faults'
import { BUSY_TIMEOUT_MS, walLimitBytes } from './sqlite-settings'
import type { WriteConnection, WriterMode } from './write-connection'
import { writerBatchSize, writerQueueWait } from '../telemetry/metrics'

/*
 * The one SQLite writer (docs/decisions.md "SQLite writer"). It owns the only read-write connection of the
 * database (write-connection.ts); nothing else in the process can reach it. Writes arrive as jobs
 * (`work(manager)`), queued in order, and are group-committed:
 *
 *   BEGIN IMMEDIATE                      take the write lock now (waiting up to the busy timeout for it)
 *     SAVEPOINT job; work; RELEASE job   for each queued job; a job that throws is rolled back to its
 *                                        savepoint alone and the others go on
 *   COMMIT                               one commit for the whole batch
 *   fsync of the WAL                     one per batch (or fewer: one fsync covers every commit before it)
 *
 * and only then is each job's promise settled: a job is acknowledged after its data is durable. In native
 * mode the fsync runs on libuv's pool while the next batch already executes (write-connection.ts). A storage
 * fault (lock held elsewhere past the busy timeout, disk full, I/O error) fails the whole batch with a
 * StorageFault; the transaction is rolled back and the next batch starts clean, so the writer recovers as
 * soon as the cause is gone. Jobs run strictly one after another; one that never settles would stall the
 * queue, which is why a job only touches the database (no network, files or hashing inside it).
 */

/** Jobs per batch, at most. */
const MAX_BATCH = 500
/**
 * A batch stops taking jobs after this long (the rest wait for the next one): in native mode a batch runs
 * on the main thread without a break, so this bounds how long requests wait for the event loop.
 */
const MAX_BATCH_MS = 15
/**
 * How often the writer tends the WAL: in native mode a PASSIVE checkpoint in the checkpoint thread
 * (write-connection.ts; the jobs' connection never checkpoints), in both modes a restart once the WAL has outgrown its limit.
 */
const CHECKPOINT_EVERY_MS = 1000
/** A WAL restart waits at most this long for readers of older snapshots (writes wait meanwhile); else next time. */
const WAL_RESTART_WAIT_MS = 200

export type Work<T> = (manager: EntityManager) => Promise<T>

interface Job {
  kind: 'job'
  work: Work<unknown>
  /** Date.now() when queued: a job waits for another process's lock at most BUSY_TIMEOUT_MS from here. */
  queuedAt: number
  /** Called once the job's batch has committed (its writes are visible), before the fsync that acknowledges it. */
  onCommit?: () => void
  resolve: (value: unknown) => void
  reject: (err: unknown) => void
}

/** Maintenance work that needs the database to itself outside any batch (seeding, migrations in tests). */
interface Exclusive {
  kind: 'exclusive'
  work: (ds: DataSource) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (err: unknown) => void
}

export interface WriterState {
  mode: WriterMode
  queued: number
  batches: number
  jobs: number
  /** The last storage fault and when, cleared by the next successful commit. */
  fault: { kind: FaultKind; message: string; at: string } | null
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class SqliteWriter {
  private readonly queue: Array<Job | Exclusive> = []
  private running = false
  private closed = false
  private idle: Array<() => void> = []
  private readonly runner: QueryRunner
  private readonly manager: EntityManager
  private readonly stats = { batches: 0, jobs: 0, syncs: 0, beginMs: 0, jobsMs: 0, commitMs: 0, maxBatch: 0 }
  private lastFault: WriterState['fault'] = null
  private readonly checkpointTimer: NodeJS.Timeout
  private readonly walLimit = walLimitBytes()
  private walRestarting = false
  private inExclusive = false
  /** Committed batches waiting for the fsync that makes them durable. */
  private committed: Array<{ batch: Job[]; outcomes: Outcome[] }> = []
  private syncing = false

  constructor(private readonly conn: WriteConnection) {
    // The SQLite drivers have one query runner per DataSource; the jobs' manager is bound to it.
    this.runner = conn.jobs.createQueryRunner()
    this.manager = conn.jobs.createEntityManager(this.runner)
    this.checkpointTimer = setInterval(() => this.tendWal(), CHECKPOINT_EVERY_MS)
    this.checkpointTimer.unref()
  }

  /**
   * Keep the WAL bounded. SQLite writes the WAL from its start again only when a checkpoint has merged all
   * of it and no reader still uses an older snapshot; under steady reads and writes that moment never
   * comes, and the WAL grew by ~11 MB/s in the mixed bench (docs/decisions.md "WAL size"). So once it passes
   * its limit, a RESTART checkpoint runs between batches, and the next commit starts the WAL over (then
   * journal_size_limit truncates the file).
   */
  private tendWal(): void {
    if (this.inExclusive || this.closed || this.walRestarting) return
    const overLimit = this.conn.walBytes() > this.walLimit
    if (overLimit) this.walRestarting = true
    // The PASSIVE pass first, while writes go on, so the RESTART (writes wait) has little left to merge.
    const merged = this.conn.mode === 'native' ? this.conn.checkpoint('PASSIVE').catch(() => undefined) : Promise.resolve()
    if (!overLimit) return
    void merged
      .then(() =>
        this.exclusive(() => this.conn.checkpoint('RESTART', WAL_RESTART_WAIT_MS)),
      )
      .catch(() => undefined) // busy: a reader kept an older snapshot (the next tick tries again), or closing
      .finally(() => (this.walRestarting = false))
  }

  /** Queue a write job; resolves with its result once its batch has committed and is durable. */
  submit<T>(work: Work<T>, onCommit?: () => void): Promise<T> {
    return this.enqueue({ kind: 'job', work, queuedAt: Date.now(), onCommit } as Omit<Job, 'resolve' | 'reject'>) as Promise<T>
  }

  /** Run `work` with a read-write DataSource to itself, between batches (it manages its own transactions). */
  exclusive<T>(work: (ds: DataSource) => Promise<T>): Promise<T> {
    return this.enqueue({ kind: 'exclusive', work } as Omit<Exclusive, 'resolve' | 'reject'>) as Promise<T>
  }

  state(): WriterState {
    return { mode: this.conn.mode, queued: this.queue.length, batches: this.stats.batches, jobs: this.stats.jobs, fault: this.lastFault }
  }

  /** Resolves when every job queued so far has settled. */
  drained(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idle.push(resolve))
  }

  private isIdle(): boolean {
    return !this.running && this.queue.length === 0 && !this.syncing && this.committed.length === 0
  }

  private wakeIdle(): void {
    if (this.isIdle()) for (const resolve of this.idle.splice(0)) resolve()
  }

  /** Refuse new jobs, finish the queued ones, optionally merge the whole WAL into the database file, close. */
  async close(options: { checkpoint?: boolean } = {}): Promise<void> {
    this.closed = true
    clearInterval(this.checkpointTimer)
    await this.drained()
    if (process.env.SHILIU_WRITER_STATS) process.stderr.write(`writer (${this.conn.mode}): ${JSON.stringify(this.stats)}\n`)
    if (options.checkpoint) await this.conn.checkpoint('TRUNCATE').catch(() => undefined)
    await this.conn.close()
  }

  private enqueue(item: Omit<Job, 'resolve' | 'reject'> | Omit<Exclusive, 'resolve' | 'reject'>): Promise<unknown> {
    if (this.closed) return Promise.reject(new StorageFault('closed', new Error('the database is closing')))
    return new Promise((resolve, reject) => {
      this.queue.push({ ...item, resolve, reject } as Job | Exclusive)
      if (!this.running) {
        this.running = true
        // Start on the next turn of the event loop: every job submitted until then joins the first batch.
        setImmediate(() => void this.loop())
      }
    })
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length) {
        const head = this.queue[0]!
        if (head.kind === 'exclusive') {
          this.queue.shift()
          this.inExclusive = true
          this.conn.setBusyTimeout(BUSY_TIMEOUT_MS)
          await Promise.resolve()
            .then(() => head.work(this.conn.maintenance))
            .then(head.resolve, head.reject)
          this.inExclusive = false
          continue
        }
        // Whatever goes wrong, the queue moves on: the head jobs fail with it, the next batch starts clean.
        await this.runBatch().catch((err: unknown) => this.fail(this.queue.splice(0, this.headJobs()) as Job[], [], err))
        // Native mode runs a whole batch without a break: let the event loop serve requests before the next.
        if (this.conn.mode === 'native' && this.queue.length) await new Promise((resolve) => setImmediate(resolve))
      }
    } finally {
      this.running = false
      this.wakeIdle()
    }
  }

  /** Jobs at the head of the queue (up to an exclusive item), at most `max`. */
  private headJobs(max = MAX_BATCH): number {
    let n = 0
    while (n < this.queue.length && n < max && this.queue[n]!.kind === 'job') n++
    return n
  }

  /** One batch from the head of the queue: the jobs waiting once the write lock is ours, up to MAX_BATCH and MAX_BATCH_MS. */
  private async runBatch(): Promise<void> {
    const t0 = performance.now()
    if (!(await this.begin())) return
    const waiting = this.headJobs()
    const t1 = performance.now()
    const batch: Job[] = []
    const outcomes: Outcome[] = []
    this.markTransaction(true)
    try {
      while (batch.length < waiting && (batch.length === 0 || performance.now() - t1 < MAX_BATCH_MS)) {
        const job = this.queue.shift() as Job
        writerQueueWait.observe((Date.now() - job.queuedAt) / 1000)
        batch.push(job)
        await this.conn.exec('SAVEPOINT job')
        try {
          outcomes.push({ ok: true, value: await job.work(this.manager) })
        } catch (error) {
          // A storage fault may have ended the whole transaction (SQLite rolls back on FULL / IOERR).
          if (storageFault(error)) throw error
          await this.conn.exec('ROLLBACK TO job')
          outcomes.push({ ok: false, error })
        }
        await this.conn.exec('RELEASE job')
      }
    } catch (err) {
      this.markTransaction(false)
      return this.fail(batch, outcomes, err)
    }
    const t2 = performance.now()
    try {
      await this.conn.exec('COMMIT')
    } catch (err) {
      return this.fail(batch, outcomes, err)
    } finally {
      this.markTransaction(false)
    }
    this.count(batch.length, t0, t1, t2)
    writerBatchSize.observe(batch.length)
    this.lastFault = null
    // Jobs that rolled back owe nothing to the disk; the others are visible now and wait for the fsync.
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!
      if (!outcome.ok) job.reject(outcome.error)
      else job.onCommit?.()
    })
    this.committed.push({ batch, outcomes })
    this.syncCommitted()
  }

  /** fsync, then acknowledge every batch committed before it started; one fsync at a time, the next covering the rest. */
  private syncCommitted(): void {
    if (this.syncing || this.committed.length === 0) return
    const ready = this.committed.splice(0)
    this.syncing = true
    const settle = (err: unknown) => {
      const fault = err === null ? null : new StorageFault(storageFault(err) ?? 'io', err)
      for (const { batch, outcomes } of ready)
        batch.forEach((job, i) => {
          const outcome = outcomes[i]!
          if (!outcome.ok) return
          if (fault) job.reject(fault)
          else job.resolve(outcome.value)
        })
      this.syncing = false
      this.syncCommitted()
      this.wakeIdle()
    }
    this.stats.syncs++
    this.conn.sync().then(() => settle(null), settle)
  }

  /**
   * BEGIN IMMEDIATE, for the jobs at the head of the queue; false when none is left to run. While another
   * process holds the write lock, each job waits at most BUSY_TIMEOUT_MS from when it was queued, then
   * fails with a busy StorageFault (503); the jobs behind it keep waiting their own time. Portable mode
   * waits inside SQLite (busy_timeout, on a pool thread); native mode must not block the main thread and
   * retries on a timer. Any other error fails the head jobs. A connection found inside a transaction
   * (never expected) is rolled back first.
   */
  private async begin(): Promise<boolean> {
    if (this.conn.inTransaction()) await this.conn.exec('ROLLBACK')
    for (let attempt = 0; ; attempt++) {
      const head = this.headJobs()
      if (head === 0) return false
      const oldest = this.queue[0] as Job
      try {
        this.conn.setBusyTimeout(Math.max(10, oldest.queuedAt + BUSY_TIMEOUT_MS - Date.now()))
        await this.conn.exec('BEGIN IMMEDIATE')
        return true
      } catch (err) {
        if (/within a transaction/.test((err as Error).message)) {
          await this.conn.exec('ROLLBACK')
          continue
        }
        if (storageFault(err) !== 'busy') {
          await this.fail(this.queue.splice(0, head) as Job[], [], err)
          return false
        }
        const now = Date.now()
        let expired = 0
        while (expired < head && (this.queue[expired] as Job).queuedAt + BUSY_TIMEOUT_MS <= now + 5) expired++
        if (expired) await this.fail(this.queue.splice(0, expired) as Job[], [], err)
        if (this.conn.mode === 'native') await sleep(Math.min(50, 2 + attempt * 4))
      }
    }
  }

  /**
   * The batch did not commit: roll back and reject every job. Jobs that had failed on their own keep their
   * own error; the others get the fault (wrapped as a StorageFault when it is one).
   */
  private async fail(batch: Job[], outcomes: Outcome[], err: unknown): Promise<void> {
    await this.conn.exec('ROLLBACK').catch(() => undefined) // "no transaction is active" when SQLite already rolled back
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

  private count(jobs: number, t0: number, t1: number, t2: number): void {
    const s = this.stats
    s.batches++
    s.jobs += jobs
    s.beginMs += t1 - t0
    s.jobsMs += t2 - t1
    s.commitMs += performance.now() - t2
    s.maxBatch = Math.max(s.maxBatch, jobs)
  }
}

import { readQueueWait } from '../telemetry/metrics'
import { loadNative, preparedStatement, STATEMENT_CACHE_SIZE, type NativeDatabase } from './native'
import { CardWrites, SHARED_READ_SQL, type SharedGeneration } from './card-writes'
import type { SqlReader, SqlValue } from './sql-reader'
import { BUSY_TIMEOUT_MS } from './sqlite-settings'
import { SqliteThread } from './sqlite-thread'

/*
 * The read path in native mode (better-sqlite3, sqlite-library.ts).
 *
 * Short statements (a session, a note, a page of ids: tens of microseconds) run synchronously on the main
 * thread on a read-only connection: no queue, no round trip through libuv's pool, so a read never waits
 * behind other requests' statements, image work or password hashing on the pool (issue 19). Long statements
 * (search's LIKE scan, big counts) would hold every request meanwhile, so they run on a read-only connection
 * in a worker thread (sqlite-thread.ts) instead, one after another.
 *
 * Synchronous statements resolve at once, so a caller reading in a loop would never give the event loop a turn:
 * after TURN_BUDGET_MS of them in one turn, the next waits for the next turn (stop 32: the WAL test's four read
 * loops kept its writers from committing for 40 s).
 *
 * Which is which is learnt per SQL text: the average run time (a moving average, wherever it ran) decides
 * where the next run goes. A statement starts on the main thread; one whose first run or average takes more
 * than SLOW_MS moves to the thread, and comes back if its runs there become short.
 */

/** Above this average run time (ms) a statement runs in the worker thread. */
export const SLOW_MS = 1
/**
 * Synchronous reads run back to back (a loop of awaits on reads never leaves the microtask queue) for at most
 * this long (ms) before the next one waits for the event loop's next turn: timers, I/O and the writer get in.
 */
export const TURN_BUDGET_MS = 5
/** Weight of the newest run in the moving average. */
const WEIGHT = 0.25

export class NativeSqliteReader implements SqlReader {
  readonly cardWrites: CardWrites
  readonly commitVersion: () => number
  private readonly db: NativeDatabase
  private readonly averageMs = new Map<string, number>()
  private thread: SqliteThread | null = null
  /** When this event-loop turn's first synchronous read ran (null: none yet). */
  private turnStarted: number | null = null

  /** `otherWriters`: other processes write the file too (WORKERS > 1), so cached cards check their commits. */
  constructor(
    private readonly file: string,
    otherWriters = false,
  ) {
    const Native = loadNative()
    if (!Native) throw new Error('better-sqlite3 does not load in this process')
    this.db = new Native(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS })
    const dataVersion = this.db.prepare('PRAGMA data_version')
    this.commitVersion = () => (dataVersion.all()[0] as { data_version: number }).data_version
    this.cardWrites = new CardWrites(otherWriters ? this.sharedGeneration() : null)
  }

  private sharedGeneration(): SharedGeneration {
    return {
      dataVersion: this.commitVersion,
      counter: () => (preparedStatement(this.db, SHARED_READ_SQL).all()[0] as { value: string } | undefined)?.value,
    }
  }

  /** Where the statement runs next time: in the thread when its runs average more than SLOW_MS. */
  runsInThread(sql: string): boolean {
    return (this.averageMs.get(sql) ?? 0) > SLOW_MS
  }

  /**
   * One run's time into the statement's average. A run counts for at most four times the average plus SLOW_MS,
   * so one outlier (a thread preempted mid-statement on a loaded machine) cannot move a short statement; one
   * that has really become slow moves after a few runs.
   */
  private learn(sql: string, ms: number): void {
    const before = this.averageMs.get(sql)
    if (before === undefined && this.averageMs.size >= STATEMENT_CACHE_SIZE * 4) this.averageMs.clear()
    this.averageMs.set(sql, before === undefined ? ms : before + WEIGHT * (Math.min(ms, 4 * before + SLOW_MS) - before))
  }

  all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.run<T>(sql, params)
  }

  /** `all`, also when a statement waits for the next turn (it is one statement: anything wrapping `all` sees it once). */
  private run<T>(sql: string, params: readonly SqlValue[]): Promise<T[]> {
    if (this.runsInThread(sql)) return this.inThread<T>(sql, params)
    const started = performance.now()
    if (this.turnStarted === null) {
      this.turnStarted = started
      setImmediate(() => (this.turnStarted = null))
    } else if (started - this.turnStarted > TURN_BUDGET_MS) {
      return new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run<T>(sql, params))
    }
    let rows: T[]
    try {
      rows = preparedStatement(this.db, sql).all(...params) as T[]
    } catch (err) {
      return Promise.reject(err)
    }
    this.learn(sql, performance.now() - started)
    readQueueWait.observe(0)
    return Promise.resolve(rows)
  }

  private async inThread<T>(sql: string, params: readonly SqlValue[]): Promise<T[]> {
    if (!this.thread || this.thread.stopped) this.thread = new SqliteThread(this.file, { readonly: true, timeoutMs: BUSY_TIMEOUT_MS })
    const sent = performance.now()
    const { rows, ms } = await this.thread.all<T>(sql, params)
    readQueueWait.observe(Math.max(0, performance.now() - sent - ms) / 1000)
    this.learn(sql, ms)
    return rows
  }

  async one<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }

  async close(): Promise<void> {
    await this.thread?.close()
    this.db.close()
  }
}

import { AsyncLocalStorage } from 'node:async_hooks'
import type { DataSource } from 'typeorm'

/*
 * Who gets the next free SQLite read connection (reader.ts) when statements queue for one.
 *
 * Under load the read connections are the bottleneck and statements wait for them. First come, first served
 * per statement made every statement of a request wait the whole queue again: a note detail (session, then
 * note and parts) waited three times, a feed page twice, and a like waited behind hundreds of reads before it
 * could even reach the writer. Measured at 200 members (bench --mixed): detail p99 2.3× the feed's, write
 * p50 ~240 ms. So each request takes a turn when it arrives (its arrival time), and queued statements are
 * served by turn: a request that already waited finishes before a newer one starts.
 *
 * Write requests (POST, PUT, PATCH, DELETE) get a head start of WRITE_HEAD_START_MS: a write needs one or two
 * short reads (its session, a check) and then the writer, and its client waits for the commit. The head start
 * is bounded (it used to be unconditional, issue #19): a read waits for the statements of requests that
 * arrived before it, and of write requests that arrived at most WRITE_HEAD_START_MS after it, never for an
 * unbounded stream of writes.
 *
 * Statements run outside any request (background flushes, start-up) queue as if they had just arrived.
 *
 * Only the portable reader (node-sqlite3, reader.ts) queues statements; the native reader (better-sqlite3, the
 * server's default) runs them as they come. The turn travels in an AsyncLocalStorage, which on Node 20 hooks
 * every promise of the process once enabled: it cost the native server's reads 10–15 % of their CPU for an
 * order nothing read (issue #19, stop 36), so requests take a turn only where a queue reads it.
 */

const store = new AsyncLocalStorage<number>()
/** How far ahead of reads a write request's statements go, in milliseconds of arrival. */
export const WRITE_HEAD_START_MS = 50

/** Run a request's handling with its turn: `write` for requests that change data. */
export function withReadTurn<T>(write: boolean, fn: () => T): T {
  const arrival = performance.now()
  return store.run(write ? arrival - WRITE_HEAD_START_MS : arrival, fn)
}

/** The current request's turn (lower goes first); outside a request, that of a request arriving now. */
export function currentReadTurn(): number {
  return store.getStore() ?? performance.now()
}

/**
 * Whether statements of `db`'s reader queue for a connection, so that requests' turns order them: the one test
 * that both picks the portable reader (reader.ts) and makes requests take turns (app.ts).
 */
export const readsTakeTurns = (db: DataSource): boolean => db.options.type === 'sqlite'

/** Whether a request with this method writes (and so reads ahead of reads). */
export const isWriteMethod = (method: string): boolean => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

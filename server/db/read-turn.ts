import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * Who gets the next free SQLite read connection (reader.ts) when statements queue for one.
 *
 * Under load the read connections are the bottleneck and statements wait for them. First come, first served
 * per statement made every statement of a request wait the whole queue again: a note detail (session, then
 * note and parts) waited three times, a feed page twice, and a like waited behind hundreds of reads before it
 * could even reach the writer. Measured at 200 members (bench --mixed): detail p99 2.3× the feed's, write
 * p50 ~240 ms. So each request takes a turn when it arrives, and queued statements are served:
 *
 *   1. statements of write requests (POST, PUT, PATCH, DELETE) first: a write needs one or two short reads
 *      (its session, a check) and then the writer, and its client waits for the commit;
 *   2. then by the request's arrival: a request that already waited finishes before a newer one starts.
 *
 * Statements run outside any request (background flushes, start-up) queue as if they had just arrived.
 */

const store = new AsyncLocalStorage<number>()
let arrivals = 0
/** Puts every write request's turn before any read request's (2^40 arrivals is ~35 years at 1,000/s). */
const WRITE_HEAD_START = 2 ** 40

/** Run a request's handling with its turn: `write` for requests that change data. */
export function withReadTurn<T>(write: boolean, fn: () => T): T {
  const arrival = ++arrivals
  return store.run(write ? arrival - WRITE_HEAD_START : arrival, fn)
}

/** The current request's turn (lower goes first); outside a request, that of a request arriving now. */
export function currentReadTurn(): number {
  return store.getStore() ?? arrivals + 1
}

/** Whether a request with this method writes (and so reads ahead of reads). */
export const isWriteMethod = (method: string): boolean => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

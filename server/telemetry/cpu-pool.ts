import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'
import { clusterPermit, clusterSize, inClusterWorker } from '../cluster/worker'
import { poolActive, poolQueueDepth, poolRejected, poolRun, poolWait, secondsSince } from './metrics'

/*
 * Bounded pools for CPU-heavy work that runs on libuv's thread pool: image processing (sharp) and password
 * hashing (argon2). Unbounded, ~9 uploads/s of 1–3 camera photos filled libuv's four threads and both cores,
 * and every read statement queued behind them (issue #19: reads p50 ~780 ms). Bounded, the heavy work queues
 * here (its own latency grows) while reads keep a core and libuv threads. Sizes come from the core count:
 * on 2 cores one image and one hash at a time; SHILIU_IMAGE_CONCURRENCY / SHILIU_HASH_CONCURRENCY override.
 * The sizes are the server's: with WORKERS > 1 the workers share them (cluster/permits.ts).
 */

export interface CpuPool {
  readonly name: string
  readonly concurrency: number
  /** Tasks running now. */
  readonly active: number
  /** Tasks waiting for a slot. */
  readonly waiting: number
  /**
   * Run `work` once a slot is free; rejects with `busy()` at once when the pool is full (see `admit`), unless
   * `admitted`: the request it belongs to was admitted as a whole before (its later images must not be refused).
   */
  run<T>(work: () => Promise<T>, admitted?: boolean): Promise<T>
  /**
   * Admit a request's work as a whole before preparing it (reading an upload's body): throws `busy()` (counted as
   * rejected) when `run` would refuse now, else returns what ends the admission, to call once the request is over.
   * Admitted requests count as waiting work until then, also before their tasks are queued: a burst of requests
   * all admitted while their bodies were still being read would otherwise each see an empty queue.
   */
  admit(): () => void
}

export interface CpuPoolOptions {
  name: string
  concurrency: number
  /** Tasks allowed to wait; beyond it `run` rejects at once (the client is told to retry) instead of queueing. */
  maxWaiting: number
  /**
   * The longest a new task may expect to wait (ms): the tasks ahead of it, per slot, times the mean run of the
   * recent tasks. Beyond it work is refused like beyond maxWaiting: a wait the client would not sit through
   * is worse than a quick refusal with Retry-After. None: only maxWaiting bounds the queue.
   */
  maxWaitMs?: number
  busy: () => Error
  /** The clock of run times (tests). */
  now?: () => number
}

/** Weight of the newest run in the mean run time. */
const RUN_WEIGHT = 0.2

export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const limit = pLimit(options.concurrency)
  const labels = { pool: options.name }
  const depth = () => {
    poolQueueDepth.set(labels, limit.pendingCount)
    poolActive.set(labels, limit.activeCount)
  }
  depth()
  // The bound on waiting tasks is the server's too: each of N workers takes its share.
  const maxWaiting = Math.ceil(options.maxWaiting / clusterSize())
  const now = options.now ?? (() => performance.now())
  /** Mean run of the recent tasks (ms); null before the first one ended. */
  let meanRunMs: number | null = null
  /** Requests admitted and not over yet (`admit`). */
  let admittedRequests = 0
  const ahead = () => Math.max(limit.activeCount + limit.pendingCount, admittedRequests)
  const expectedWaitMs = () => (meanRunMs === null ? 0 : (ahead() / options.concurrency) * meanRunMs)
  const check = () => {
    if (limit.pendingCount < maxWaiting && (options.maxWaitMs === undefined || expectedWaitMs() <= options.maxWaitMs)) return
    poolRejected.inc(labels)
    throw options.busy()
  }
  const admit = () => {
    check()
    admittedRequests++
    let over = false
    return () => {
      if (!over) admittedRequests--
      over = true
    }
  }
  return {
    name: options.name,
    concurrency: options.concurrency,
    get active() {
      return limit.activeCount
    },
    get waiting() {
      return limit.pendingCount
    },
    admit,
    run<T>(work: () => Promise<T>, admitted = false): Promise<T> {
      try {
        if (!admitted) check()
      } catch (err) {
        return Promise.reject(err)
      }
      const queuedAt = performance.now()
      const result = limit(async () => {
        // In a cluster the slot must also be free server-wide (cluster/permits.ts).
        const release = inClusterWorker() ? await clusterPermit(options.name, options.concurrency) : null
        poolWait.observe(labels, secondsSince(queuedAt))
        depth()
        const startedAt = now()
        try {
          return await work()
        } finally {
          release?.()
          const ranMs = now() - startedAt
          meanRunMs = meanRunMs === null ? ranMs : meanRunMs + RUN_WEIGHT * (ranMs - meanRunMs)
          poolRun.observe(labels, ranMs / 1000)
          // p-limit starts the next task after this one settles; record the depth once it has.
          queueMicrotask(depth)
        }
      })
      depth()
      return result
    },
  }
}

/** A positive whole number from the environment, or the fallback. */
function envCount(name: string, fallback: number): number {
  const n = Number(process.env[name])
  return Number.isInteger(n) && n > 0 ? n : fallback
}

const cores = availableParallelism()

/**
 * Images processed at once: half the cores, at least one (2 cores: 1; 8 cores: 4), so the other half stays
 * for reads, hashing and the writer. Each image uses IMAGE_THREADS of libvips' threads (sharp.concurrency).
 */
export const IMAGE_CONCURRENCY = envCount('SHILIU_IMAGE_CONCURRENCY', Math.max(1, Math.floor(cores / 2)))
/**
 * libvips threads per image: one on small machines (a core per image), two from 8 cores up.
 * SHILIU_IMAGE_THREADS overrides (0: sharp's default, one per core, as before issue #19; for measuring).
 */
const threads = process.env.SHILIU_IMAGE_THREADS ?? ''
export const IMAGE_THREADS = /^\d+$/.test(threads) ? Number(threads) : cores >= 8 ? 2 : 1
/**
 * The nice value of the image process (media/image-worker.ts): 19, the lowest priority, by default, so that
 * encoding runs only on CPU time that requests leave (a 0-niced busy thread gets ~68× its share). 0–19;
 * never below the server's own. SHILIU_IMAGE_PROCESS=0 encodes in the server process instead (as before
 * issue 42; for measuring).
 */
const nice = process.env.SHILIU_IMAGE_NICE ?? ''
export const IMAGE_NICE = /^\d+$/.test(nice) && Number(nice) <= 19 ? Number(nice) : 19
export const IMAGE_PROCESS = process.env.SHILIU_IMAGE_PROCESS !== '0'
/** Hashes computed at once: one per core, less one for everything else, at least one, at most three. */
export const HASH_CONCURRENCY = envCount('SHILIU_HASH_CONCURRENCY', Math.max(1, Math.min(cores - 1, 3)))

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/*
 * The server's Prometheus metrics (GET /api/metrics, http/metrics.ts), one registry per process. Lower
 * floors record into it (the writer, the readers, the CPU pools, the card cache) without knowing who reads
 * it; recording is a few additions per event, cheap enough to stay on when nobody scrapes.
 */

export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry, prefix: 'shiliu_' })

/** Buckets in seconds from 0.5 ms to 10 s: reads sit at the low end, uploads under saturation at the high one. */
const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export const httpDuration = new Histogram({
  name: 'shiliu_http_request_duration_seconds',
  help: 'Time from a request reaching the app to its reply being handed over, per route template',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
})

export const writerBatchSize = new Histogram({
  name: 'shiliu_writer_batch_size',
  help: 'Write jobs committed per batch by the SQLite writer (group commit)',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [metricsRegistry],
})

export const writerQueueWait = new Histogram({
  name: 'shiliu_writer_queue_wait_seconds',
  help: 'Time a write job waited in the SQLite writer queue before its batch began running it',
  buckets: SECONDS,
  registers: [metricsRegistry],
})

export const readQueueWait = new Histogram({
  name: 'shiliu_read_queue_wait_seconds',
  help: 'Time a read statement waited for one of the SQLite read connections (0 when one was idle)',
  buckets: SECONDS,
  registers: [metricsRegistry],
})

export const poolQueueDepth = new Gauge({
  name: 'shiliu_cpu_pool_queue_depth',
  help: 'Tasks waiting for a slot of a CPU pool (image processing, password hashing)',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
})

export const poolActive = new Gauge({
  name: 'shiliu_cpu_pool_active',
  help: 'Tasks running in a CPU pool',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
})

export const poolWait = new Histogram({
  name: 'shiliu_cpu_pool_wait_seconds',
  help: 'Time a task waited for a slot of its CPU pool',
  labelNames: ['pool'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
})

export const poolRun = new Histogram({
  name: 'shiliu_cpu_pool_run_seconds',
  help: 'Time a task of a CPU pool ran once it had its slot',
  labelNames: ['pool'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
})

export const poolRejected = new Counter({
  name: 'shiliu_cpu_pool_rejected_total',
  help: 'Tasks turned away because their CPU pool queue was full (answered 503)',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
})

export const cardCacheLookups = new Counter({
  name: 'shiliu_card_cache_lookups_total',
  help: 'Note card cache lookups (SQLite only), by result: hit or miss',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
})

/** Hits over lookups since start (the rate over a window: sum(rate(…{result="hit"})) / sum(rate(…))). */
new Gauge({
  name: 'shiliu_card_cache_hit_ratio',
  help: 'Card cache hits over all lookups since the process started (0 before the first lookup)',
  registers: [metricsRegistry],
  // Workers of one server (WORKERS > 1) report the mean of theirs; every other metric adds up.
  aggregator: 'average',
  async collect() {
    const values = (await cardCacheLookups.get()).values
    const hits = values.find((v) => v.labels.result === 'hit')?.value ?? 0
    const all = values.reduce((n, v) => n + v.value, 0)
    this.set(all ? hits / all : 0)
  },
})

/** Open event streams of this process, members' and administrators' (counted by http/event-stream.ts as they open and close). */
export const openStreams = new Gauge({
  name: 'shiliu_open_streams',
  help: 'Open notification streams (server-sent events) of this process',
  registers: [metricsRegistry],
})

/** Seconds since `start` (a performance.now() reading). */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000

import cluster, { type Worker } from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import { isWorkerMessage, type PrimaryMessage } from './messages'
import { PermitTable } from './permits'

/*
 * WORKERS > 1: this process is the primary of a Node cluster. It serves nothing itself: it forks the workers
 * (each a whole server on the same database: server/main.ts), shares the listening port among them (Node's
 * cluster hands connections out in turn), relays the workers' bus events to each other (events/bus.ts), gathers
 * their metrics for GET /api/metrics, keeps the CPU pools' slots for the whole server (permits.ts), replaces a
 * worker that dies, and stops them all on SIGTERM / SIGINT.
 *
 * The first worker starts alone (migrations, demo data, secrets on a new DATA_DIR), the others once it
 * listens. On SQLite every worker has its own writer; they take turns through SQLite's write lock (BEGIN
 * IMMEDIATE, db/writer.ts), so each still commits one batch at a time and nothing writes outside a writer.
 */

export interface PrimaryOptions {
  workers: number
  /** Called once every worker listens, with the port they share. */
  announce(port: number): void
}

/** A worker that dies is replaced after this long; more deaths than MAX_RESTARTS within RESTART_WINDOW_MS end the server. */
const RESTART_DELAY_MS = 1000
const MAX_RESTARTS = 5
const RESTART_WINDOW_MS = 60_000
/** Workers stop within their own grace periods (requests, then background work: 10 s each); then they are killed. */
const STOP_TIMEOUT_MS = 30_000

const say = (line: string) => process.stderr.write(`[primary] ${line}\n`)

function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message, undefined, () => undefined)
}

function listening(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) => reject(new Error(`worker ${worker.id} exited before listening (${signal ?? `code ${code}`})`))
    worker.once('exit', onExit)
    worker.once('listening', (address) => {
      worker.off('exit', onExit)
      resolve(address.port)
    })
  })
}

export async function runPrimary({ workers, announce }: PrimaryOptions): Promise<void> {
  const metrics = new AggregatorRegistry()
  const fork = () => cluster.fork({ SHILIU_CLUSTER_WORKERS: String(workers) })
  let stopping = false
  const deaths: number[] = []

  const permits = new PermitTable<Worker>((worker, id) => send(worker, { shiliu: 'permit', id }))
  cluster.on('exit', (worker) => permits.forget(worker))
  cluster.on('message', (from, message: unknown) => {
    if (!isWorkerMessage(message)) return
    if (message.shiliu === 'permit') permits.request(from, message.pool, message.limit, message.id)
    else if (message.shiliu === 'release') permits.release(from, message.pool)
    else if (message.shiliu === 'event') {
      for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) send(worker, message)
    } else if (message.shiliu === 'metrics') {
      metrics.clusterMetrics().then(
        (text) => send(from, { shiliu: 'metrics', id: message.id, text }),
        (err: Error) => send(from, { shiliu: 'metrics', id: message.id, error: err.message }),
      )
    }
  })

  const stopAll = (code: number) => {
    if (stopping) return
    stopping = true
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w)
    // A signal, not a message: a worker still starting has no listener for messages yet, and SIGTERM is what
    // it answers from its first moment (server/main.ts).
    for (const worker of running) worker.process.kill('SIGTERM')
    const killer = setTimeout(() => running.forEach((w) => w.process.kill('SIGKILL')), STOP_TIMEOUT_MS)
    let failed = code
    // A worker still loading has no handler yet and ends by the signal itself: it had served nothing.
    const stopped = (w: Worker) =>
      new Promise<void>((resolve) => {
        if (w.isDead()) return resolve()
        w.once('exit', (code, signal) => {
          if (code || (signal && signal !== 'SIGTERM')) failed ||= 1
          resolve()
        })
      })
    void Promise.all(running.map(stopped)).then(() => {
      clearTimeout(killer)
      process.exit(failed)
    })
  }

  // Workers already listening when one dies: it is replaced, unless the server is stopping or dying in a loop.
  const replaceOnDeath = (worker: Worker) =>
    worker.once('exit', (code, signal) => {
      if (stopping) return
      const now = Date.now()
      deaths.push(now)
      while (deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift()
      if (deaths.length > MAX_RESTARTS) {
        say(`worker ${worker.id} exited (${signal ?? `code ${code}`}); ${deaths.length} deaths within a minute: stopping`)
        return stopAll(1)
      }
      say(`worker ${worker.id} exited (${signal ?? `code ${code}`}); starting another`)
      setTimeout(() => {
        if (stopping) return
        const next = fork()
        listening(next).then(() => replaceOnDeath(next), () => stopAll(1))
      }, RESTART_DELAY_MS)
    })

  let signals = 0
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      // A second signal means "now".
      if (++signals > 1) {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
        process.exit(1)
      }
      process.stdout.write(`${signal} received, stopping ${workers} workers...\n`)
      stopAll(0)
    })

  try {
    const first = fork()
    const port = await listening(first)
    const rest = Array.from({ length: workers - 1 }, fork)
    await Promise.all(rest.map(listening))
    for (const worker of [first, ...rest]) replaceOnDeath(worker)
    if (!stopping) announce(port)
  } catch (err) {
    // A worker that cannot start has printed why (configuration, database): the others stop too.
    say((err as Error).message)
    stopAll(1)
  }
}

import cluster from 'node:cluster'
import { AggregatorRegistry, type Registry } from 'prom-client'
import { isPrimaryMessage, type PrimaryMessage, type RelayedEvent, type WorkerMessage } from './messages'

/*
 * The worker's side of the cluster's IPC channel (WORKERS > 1; primary.ts is the other side). Outside a
 * cluster worker nothing here is used: `inClusterWorker()` is false and callers keep their one-process path.
 */

export const inClusterWorker = (): boolean => cluster.isWorker

/** How many workers the server has (the primary tells each in its environment; 1 outside a cluster). */
export const clusterSize = (): number => (cluster.isWorker ? Math.max(1, Number(process.env.SHILIU_CLUSTER_WORKERS) || 1) : 1)

function send(message: WorkerMessage): void {
  // The channel closes when the primary is gone; this worker then stops (onStopRequest), nothing to tell.
  if (process.connected) process.send!(message, undefined, {}, () => undefined)
}

function onPrimaryMessage(listener: (message: PrimaryMessage) => void): () => void {
  const handler = (message: unknown) => {
    if (isPrimaryMessage(message)) listener(message)
  }
  process.on('message', handler)
  return () => void process.off('message', handler)
}

/** Announce an event to the other workers; `receive` gets theirs. Returns the unsubscribe. */
export function relayEvents(receive: (event: RelayedEvent) => void): { publish(event: RelayedEvent): void; stop(): void } {
  const stop = onPrimaryMessage((message) => {
    if (message.shiliu === 'event') receive(message.event)
  })
  return { publish: (event) => send({ shiliu: 'event', event }), stop }
}

/** Calls `stop` when the primary is gone (its channel closed: it was killed), so no worker is left serving alone. */
export function onPrimaryGone(stop: () => void): void {
  process.once('disconnect', stop)
}

const METRICS_TIMEOUT_MS = 6000
let metricsRequests = 0
let answering = false

/** Let the primary collect this worker's registry when any worker asks for the aggregate (prom-client's cluster support). */
export function answerMetricsRequests(registry: Registry): void {
  if (answering) return
  answering = true
  AggregatorRegistry.setRegistries([registry])
  new AggregatorRegistry() // registers the worker's listener for the primary's requests
}

/** The metrics of every worker of this server, aggregated by the primary (Prometheus text). */
export function clusterMetrics(): Promise<string> {
  const id = ++metricsRequests
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error('the primary did not answer the metrics request'))
    }, METRICS_TIMEOUT_MS)
    const stop = onPrimaryMessage((message) => {
      if (message.shiliu !== 'metrics' || message.id !== id) return
      clearTimeout(timer)
      stop()
      if (message.text !== undefined) resolve(message.text)
      else reject(new Error(message.error ?? 'metrics aggregation failed'))
    })
    send({ shiliu: 'metrics', id })
  })
}

let permitRequests = 0
const granted = new Map<number, () => void>()
let listeningForPermits = false

/**
 * Wait for one of the server-wide slots of a CPU pool (permits.ts); resolves with the function that gives it
 * back. `limit`: the pool's concurrency for the whole server.
 */
export function clusterPermit(pool: string, limit: number): Promise<() => void> {
  if (!listeningForPermits) {
    listeningForPermits = true
    onPrimaryMessage((message) => {
      if (message.shiliu !== 'permit') return
      granted.get(message.id)?.()
      granted.delete(message.id)
    })
  }
  const id = ++permitRequests
  return new Promise((resolve) => {
    granted.set(id, () => {
      let released = false
      resolve(() => {
        if (released) return
        released = true
        send({ shiliu: 'release', pool })
      })
    })
    send({ shiliu: 'permit', pool, limit, id })
  })
}

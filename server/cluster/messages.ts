/*
 * What the workers of one server (WORKERS > 1) and their primary say to each other over the cluster's IPC
 * channel (primary.ts, worker.ts). Every message of ours carries `shiliu`, so prom-client's own messages
 * (metrics aggregation) and Node's internal ones pass by untouched.
 */

/** An event bus event (events/bus.ts), as JSON: ids only, a few hundred bytes. */
export type RelayedEvent = Record<string, unknown> & { kind: string }

export type WorkerMessage =
  /** Announce to every other worker (the primary relays it). */
  | { shiliu: 'event'; event: RelayedEvent }
  /** Ask for the metrics of every worker, aggregated (GET /api/metrics). */
  | { shiliu: 'metrics'; id: number }
  /** Ask for a slot of a CPU pool (permits.ts); `limit`: the pool's concurrency for the whole server. */
  | { shiliu: 'permit'; pool: string; limit: number; id: number }
  /** Give a slot back. */
  | { shiliu: 'release'; pool: string }

export type PrimaryMessage =
  | { shiliu: 'event'; event: RelayedEvent }
  | { shiliu: 'metrics'; id: number; text?: string; error?: string }
  /** The request `id` holds a slot now. */
  | { shiliu: 'permit'; id: number }

const ours = (message: unknown): message is { shiliu: string } =>
  typeof message === 'object' && message !== null && typeof (message as { shiliu?: unknown }).shiliu === 'string'

export const isWorkerMessage = (message: unknown): message is WorkerMessage => ours(message)
export const isPrimaryMessage = (message: unknown): message is PrimaryMessage => ours(message)

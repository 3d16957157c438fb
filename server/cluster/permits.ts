/*
 * Cluster-wide slots of the CPU pools (telemetry/cpu-pool.ts), kept by the primary. Each worker bounds its
 * own image and hash pools, but on 2 cores two workers with one image slot each would process two images at
 * once and take both cores from the reads. So in a cluster a task also holds one of the pool's slots here:
 * the pool's concurrency is the whole server's, whatever the number of workers. Granted first come, first
 * served; a worker that dies gives back what it held and drops what it waited for.
 */

interface Waiter<W> {
  worker: W
  id: number
}

interface PoolSlots<W> {
  limit: number
  active: number
  held: Map<W, number>
  waiting: Waiter<W>[]
}

export class PermitTable<W> {
  private readonly pools = new Map<string, PoolSlots<W>>()

  /** `grant(worker, id)` tells a worker its request `id` holds a slot. */
  constructor(private readonly grant: (worker: W, id: number) => void) {}

  private pool(name: string, limit: number): PoolSlots<W> {
    let pool = this.pools.get(name)
    if (!pool) this.pools.set(name, (pool = { limit, active: 0, held: new Map(), waiting: [] }))
    return pool
  }

  request(worker: W, name: string, limit: number, id: number): void {
    const pool = this.pool(name, limit)
    pool.waiting.push({ worker, id })
    this.fill(pool)
  }

  release(worker: W, name: string): void {
    const pool = this.pools.get(name)
    const held = pool?.held.get(worker) ?? 0
    if (!pool || held === 0) return
    pool.held.set(worker, held - 1)
    pool.active--
    this.fill(pool)
  }

  /** A worker is gone: its slots are free, its requests void. */
  forget(worker: W): void {
    for (const pool of this.pools.values()) {
      pool.active -= pool.held.get(worker) ?? 0
      pool.held.delete(worker)
      pool.waiting = pool.waiting.filter((w) => w.worker !== worker)
      this.fill(pool)
    }
  }

  private fill(pool: PoolSlots<W>): void {
    while (pool.active < pool.limit && pool.waiting.length) {
      const next = pool.waiting.shift()!
      pool.active++
      pool.held.set(next.worker, (pool.held.get(next.worker) ?? 0) + 1)
      this.grant(next.worker, next.id)
    }
  }
}

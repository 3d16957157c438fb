import { randomUUID } from 'node:crypto'
import { applyListChange, onLocalListChange, type ListChange } from '../db/list-cache'
import type { EventBus } from './bus'

/*
 * The per-instance caches of public lists (visitors' replies for a second, feed and search totals and tag
 * chips for ten: db/list-cache.ts) are dropped at once by this process's own writes. Through the event bus
 * the other instances drop theirs too: each local change is announced as `{ kind: 'invalidate' }` (with
 * REDIS_URL, Redis pub/sub), and each instance applies the changes of the others. Changes of one turn of the
 * event loop go out as one message ('counts' covers 'lists'), so a burst of writes costs one publish, not one
 * per write. A lost message costs what it did before: the TTL.
 */

/** This process (its caches are module state, shared by every server it runs). */
const ORIGIN = randomUUID()

export function shareCacheInvalidation(bus: EventBus): () => void {
  let pending: ListChange | null = null
  let stopped = false
  const stopAnnouncing = onLocalListChange((change) => {
    if (pending === null) {
      setImmediate(() => {
        if (!stopped) bus.publish({ kind: 'invalidate', cache: pending!, origin: ORIGIN })
        pending = null
      })
    }
    pending = change === 'counts' || pending === 'counts' ? 'counts' : 'lists'
  })
  const stopListening = bus.subscribe((event) => {
    if (event.kind === 'invalidate' && event.origin !== ORIGIN) applyListChange(event.cache === 'counts' ? 'counts' : 'lists')
  })
  return () => {
    stopped = true
    stopAnnouncing()
    stopListening()
  }
}

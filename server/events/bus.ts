import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { DataSource } from 'typeorm'
import type { ListChange } from '../db/list-cache'
import { inClusterWorker, relayEvents } from '../cluster/worker'

/*
 * Events that other instances must hear about: "these members have new notifications", "a new report
 * group", "the watched words changed". The domain publishes them after the write commits
 * (db/transaction.ts `afterCommit`); the notification stream (http/member/notifications/stream.ts) and the
 * per-instance caches listen. One process: an in-process emitter. With REDIS_URL: Redis pub/sub, so a like
 * handled by instance A reaches a member streaming from instance B. Workers of one server (WORKERS > 1)
 * without Redis: the cluster's primary relays each worker's events to the others (cluster/primary.ts). Events carry ids only; listeners read
 * what they need from the database, which is the truth (a lost event delays, never corrupts).
 */

export type AppEvent =
  | { kind: 'notifications'; userIds: number[] }
  | { kind: 'admin'; topic: string }
  /**
   * Sessions that may have ended (logout, 退出其他设备, a new password, a deactivation, an administrator's
   * edit): the given sessions, and every session of the given principals (users.id or admins.id). Streams
   * bound to them check which are still in force and close the others (auth/sessions.ts, http/event-stream.ts).
   */
  | { kind: 'sessions'; principal: 'user' | 'admin'; sessionIds: number[]; subjectIds: number[] }
  /** A write on the instance `origin` made visitors' lists ('lists') or cached totals too ('counts') stale. */
  | { kind: 'invalidate'; cache: ListChange; origin: string }

export interface EventBus {
  publish(event: AppEvent): void
  subscribe(listener: (event: AppEvent) => void): () => void
  close(): Promise<void>
}

const CHANNEL = 'shiliu:events'

class LocalBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0)
  publish(event: AppEvent): void {
    // Listeners run after the publisher's own work, as they would with Redis.
    queueMicrotask(() => this.emitter.emit('event', event))
  }
  subscribe(listener: (event: AppEvent) => void): () => void {
    this.emitter.on('event', listener)
    return () => this.emitter.off('event', listener)
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners()
  }
}

/** Workers of one server without Redis: this worker's listeners at once, the others' through the primary. */
class ClusterBus implements EventBus {
  private readonly local = new LocalBus()
  private readonly relay = relayEvents((event) => this.local.publish(event as AppEvent))

  publish(event: AppEvent): void {
    this.local.publish(event)
    this.relay.publish(event)
  }

  subscribe(listener: (event: AppEvent) => void): () => void {
    return this.local.subscribe(listener)
  }

  async close(): Promise<void> {
    this.relay.stop()
    await this.local.close()
  }
}

/** Redis pub/sub: a subscriber connection of its own (a subscribed connection can do nothing else). */
class RedisBus implements EventBus {
  private readonly local = new LocalBus()
  private readonly subscriber: Redis

  constructor(
    private readonly publisher: Redis,
    private readonly logger: Logger,
  ) {
    this.subscriber = publisher.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null })
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.local.publish(JSON.parse(message) as AppEvent)
      } catch (err) {
        this.logger.warn({ err }, 'ignored a malformed event')
      }
    })
    this.subscriber.on('error', (err: Error) => this.logger.warn({ err }, 'event subscriber connection error'))
  }

  async ready(): Promise<this> {
    await this.subscriber.subscribe(CHANNEL)
    return this
  }

  publish(event: AppEvent): void {
    this.publisher.publish(CHANNEL, JSON.stringify(event)).catch((err: unknown) => this.logger.warn({ err }, 'event not published'))
  }

  subscribe(listener: (event: AppEvent) => void): () => void {
    return this.local.subscribe(listener)
  }

  async close(): Promise<void> {
    this.subscriber.disconnect()
    await this.local.close()
  }
}

export async function createEventBus(redis: Redis | null, logger: Logger): Promise<EventBus> {
  if (redis) return new RedisBus(redis, logger).ready()
  return inClusterWorker() ? new ClusterBus() : new LocalBus()
}

const buses = new WeakMap<DataSource, EventBus>()

/** Attach the bus to the database it announces writes of (server/main.ts), so domain code reaches it from a manager. */
export function registerEventBus(db: DataSource, bus: EventBus): void {
  buses.set(db, bus)
}

export function eventBusOf(db: DataSource): EventBus | null {
  return buses.get(db) ?? null
}

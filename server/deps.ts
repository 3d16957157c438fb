import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { DataSource } from 'typeorm'
import type { BackgroundWork } from './background'
import type { AppConfig } from './config'

/** Everything a request handler may depend on; built once by server/main.ts (or a test) and passed down. */
export interface AppDeps {
  config: AppConfig
  db: DataSource
  logger: Logger
  /** Shared store for rate limits and captchas across instances when REDIS_URL is set. */
  redis: Redis | null
  /** Process start, for /api/health uptime. */
  startedAt: number
  /** Work requests start without waiting for it; a clean stop lets it finish (server/background.ts). */
  background: BackgroundWork
}

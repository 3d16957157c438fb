import { statfs } from 'node:fs/promises'
import { backupHealth } from '../backup/schedule'
import type { BackupHealth } from '../contract/backup'
import type { AppDeps } from '../deps'
import { readerFor } from '../db/reader'
import { inTransaction } from '../db/transaction'
import { SERVER_VERSION } from '../version'

/*
 * GET /api/health checks what a request needs, each part with a deadline:
 *   read   a real query on the read path (the users table through readerFor)
 *   write  an empty job through the write path: on SQLite the writer's queue, BEGIN IMMEDIATE and COMMIT
 *          (it fails or times out while another process holds the write lock or the writer is stuck);
 *          on PostgreSQL / MySQL a pooled transaction
 *   disk   free space under DATA_DIR (database and uploads): a full disk fails writes the probe cannot see
 *   redis  PING, when REDIS_URL is set
 * and, for information (never a reason for 503), how the last scheduled backup went (server/backup/schedule.ts).
 * Any failing part makes the reply `degraded` (503) and names it. GET /api/health/live only says the
 * process answers (for supervisors that restart a hung process, not a degraded one).
 */

const PROBE_TIMEOUT_MS = 2000
/** Less free space than this under DATA_DIR counts as a full disk. */
const MIN_FREE_BYTES = 16 * 1024 * 1024

export type CheckResult = 'ok' | 'off' | string

export interface HealthReport {
  status: 'ok' | 'degraded'
  timestamp: string
  uptime: number
  /** `service` and `version` let a client (the desktop app's settings) tell a Shiliu server and its release. */
  service: 'shiliu'
  version: string
  checks: { read: CheckResult; write: CheckResult; disk: CheckResult; redis: CheckResult }
  /** Scheduled backups: whether this instance runs them, and the installation's last one. */
  backup: BackupHealth
}

async function probe(work: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`timeout after ${PROBE_TIMEOUT_MS} ms`), PROBE_TIMEOUT_MS)))
  try {
    return await Promise.race([work().then(() => 'ok'), deadline])
  } catch (err) {
    return (err as Error).message || String(err)
  } finally {
    clearTimeout(timer)
  }
}

async function diskCheck(dir: string): Promise<CheckResult> {
  const fs = await statfs(dir)
  const free = fs.bavail * fs.bsize
  if (free < MIN_FREE_BYTES) throw new Error(`full: ${Math.floor(free / 1024)} KB free`)
  return 'ok'
}

export function liveness(deps: AppDeps): Omit<HealthReport, 'checks' | 'backup'> {
  return { status: 'ok', timestamp: new Date().toISOString(), uptime: Math.round((Date.now() - deps.startedAt) / 1000), service: 'shiliu', version: SERVER_VERSION }
}

export async function checkHealth(deps: AppDeps): Promise<HealthReport> {
  const [read, write, disk, redis, backup] = await Promise.all([
    probe(() => readerFor(deps.db).one('SELECT id FROM users ORDER BY id LIMIT 1')),
    probe(() => inTransaction(deps.db, async () => undefined)),
    probe(() => diskCheck(deps.config.dataDir)),
    deps.redis ? probe(() => deps.redis!.ping()) : Promise.resolve('off'),
    backupHealth(deps).catch(() => ({ scheduled: deps.config.backup !== null, last: null })),
  ])
  const checks = { read, write, disk, redis }
  const healthy = Object.values(checks).every((c) => c === 'ok' || c === 'off')
  return { ...liveness(deps), status: healthy ? 'ok' : 'degraded', checks, backup }
}

import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { lastBackupSchema, type BackupHealth, type LastBackup } from '../contract/backup'
import type { BackupConfig as Plan } from '../config'
import { execute, insertIgnore, kindOf, query, type Db } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { createBackup } from './create'
import { backupBytes, MANIFEST_FILE } from './manifest'

/*
 * Scheduled backups inside the server (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP). Time is cut into periods
 * of BACKUP_EVERY_HOURS counted from 1970-01-01 00:00 UTC; each period gets one backup, taken by whichever
 * instance first claims it in the database (the settings row `backup_slot` holds the start of the last period
 * claimed, in ms; an UPDATE ... WHERE value < start succeeds for one instance only, on every engine), so
 * several instances behind a proxy never all back up. Period starts grow with time whatever the period's
 * length, so changing BACKUP_EVERY_HOURS never stalls the schedule.
 * A server started in a period nobody backed up yet takes that period's backup soon after it starts.
 * After a backup the newest BACKUP_KEEP folders are kept and older ones deleted (a failed backup deletes
 * nothing). The outcome goes to the settings row `backup_last`, which /api/health reports on every instance.
 */

const SLOT = 'backup_slot'
const LAST = 'backup_last'
/** Scheduled backup folders: shiliu-20261126T135337251Z (UTC, sortable). */
const NAME = /^shiliu-\d{8}T\d{9}Z$/

/** Fixed-width, so the text comparison in SQL orders them as numbers. */
const pad = (ms: number) => String(ms).padStart(15, '0')

/** Claim the period starting at `start` (ms) for this instance; false when another one (or an earlier tick) has it. */
async function claim(db: DataSource, start: number): Promise<boolean> {
  return inTransaction(db, async (m) => {
    await execute(m, insertIgnore(kindOf(m), 'settings', ['name', 'value']), [SLOT, pad(0)])
    return (await execute(m, 'UPDATE settings SET value = ? WHERE name = ? AND value < ?', [pad(start), SLOT, pad(start)])) === 1
  })
}

async function record(deps: Pick<AppDeps, 'db'>, last: LastBackup): Promise<void> {
  const value = JSON.stringify(last)
  await inTransaction(deps.db, async (m) => {
    await execute(m, insertIgnore(kindOf(m), 'settings', ['name', 'value']), [LAST, value])
    await execute(m, 'UPDATE settings SET value = ? WHERE name = ?', [value, LAST])
  })
}

/** The last scheduled backup (any instance's), null before the first. */
export async function lastBackup(db: Db): Promise<LastBackup | null> {
  const [row] = await query<{ value: string }>(db, 'SELECT value FROM settings WHERE name = ?', [LAST])
  if (!row) return null
  try {
    const parsed = lastBackupSchema.safeParse(JSON.parse(row.value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export async function backupHealth(deps: Pick<AppDeps, 'db' | 'config'>): Promise<BackupHealth> {
  return { scheduled: deps.config.backup !== null, last: await lastBackup(deps.db) }
}

/** Delete the scheduled backups beyond the newest `keep` (only folders this schedule named and finished). */
export async function rotate(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort().reverse()
  const finished = (await Promise.all(names.map(async (n) => ((await stat(path.join(dir, n, MANIFEST_FILE)).catch(() => null)) ? n : null)))).filter(
    (n): n is string => n !== null,
  )
  const old = finished.slice(keep)
  await Promise.all(old.map((n) => rm(path.join(dir, n), { recursive: true, force: true })))
  return old
}

/** Take this period's backup when no instance has yet. */
async function runDue(deps: Pick<AppDeps, 'db' | 'logger' | 'config'>, plan: Plan): Promise<void> {
  if (!(await claim(deps.db, Math.floor(Date.now() / plan.everyMs) * plan.everyMs))) return
  const started = new Date()
  const name = `shiliu-${started.toISOString().replace(/[-:.]/g, '')}`
  try {
    const manifest = await createBackup(deps.config, path.join(plan.dir, name))
    const removed = await rotate(plan.dir, plan.keep)
    const bytes = backupBytes(manifest)
    await record(deps, { at: started.toISOString(), result: 'ok', bytes, seconds: manifest.seconds })
    deps.logger.info({ backup: path.join(plan.dir, name), bytes, seconds: manifest.seconds, removed }, 'scheduled backup written')
  } catch (err) {
    deps.logger.error({ err, backup: path.join(plan.dir, name) }, 'scheduled backup failed')
    await record(deps, { at: started.toISOString(), result: 'failed', bytes: 0, seconds: (Date.now() - started.getTime()) / 1000 })
  }
}

/** Start the schedule (nothing without BACKUP_DIR); the stop function waits for a backup under way. */
export function startScheduledBackups(deps: Pick<AppDeps, 'db' | 'logger' | 'config'>): () => Promise<void> {
  const plan = deps.config.backup
  if (!plan) return async () => undefined
  let running: Promise<void> | null = null
  const tick = () => {
    if (running) return
    running = runDue(deps, plan)
      .catch((err: unknown) => deps.logger.warn({ err }, 'could not check the backup schedule'))
      .finally(() => (running = null))
  }
  // Checked a few times per period (at most every minute): a period starts, one instance backs it up.
  const timer = setInterval(tick, Math.min(60_000, Math.max(250, plan.everyMs / 4)))
  timer.unref()
  const first = setTimeout(tick, 1000)
  first.unref()
  return async () => {
    clearInterval(timer)
    clearTimeout(first)
    await running
  }
}

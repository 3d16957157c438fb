/**
 * Preparing the demo (SHILIU_DEMO=1) so that a start interrupted at any moment (the user quits the desktop
 * app, the power goes) is followed by a start that completes it:
 *
 * 1. Media: every file is copied to a temporary name and renamed (server/seed/media.ts), and the whole set
 *    is checked on every start, so a missing file (an interrupted copy, a deleted upload) is put back.
 * 2. SQLite database: written into `DATA_DIR/.demo-preparing/`, checkpointed and closed, then renamed to
 *    its final name in one step. A database file that exists is therefore complete; a half-written one is
 *    never seen and is discarded by the next start.
 * 3. PostgreSQL/MySQL (a demo on a campus database): the old rule, seeded in place when there are no users.
 *
 * The desktop app shows the progress (server/main.ts posts it to the utility process' parent).
 */
import { existsSync, writeSync } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { hashPassword } from '../auth/passwords'
import type { AppConfig } from '../config'
import { closeDatabase, openDatabase } from '../db/data-source'
import { Admin } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { withDemoLock } from './demo-lock'
import { DEMO_ADMIN, DEMO_HASHES, PUBLISHED_ADMIN_HASHES, demoOptions, type DemoHashes } from './demo'
import { generate } from './generator'
import { writeShowcase } from './showcase'
import { demoMedia, installDemoMedia } from './media'

export type DemoStep = 'media' | 'database' | 'ready'

/** One step of the preparation, for a progress bar: `done` of `total` within `step`. */
export interface DemoProgress {
  step: DemoStep
  done: number
  total: number
  message: string
}

export type OnDemoProgress = (progress: DemoProgress) => void

/** Phases the generator reports (generator.ts) plus its final recount: the database step's total. */
const SEED_PHASES = 8
export const STAGING_DIR = '.demo-preparing'

/**
 * Test hook (SHILIU_TEST_DEMO_STALL_AT): the process freezes for good at the named point, so a test can kill
 * it exactly there. Points: `media-half`, `seed-<n>` (after the n-th generator phase), `before-rename`.
 * Synchronous on purpose (the generator's log callback cannot be awaited): the thread blocks, nothing after
 * the point runs.
 */
function checkpoint(config: AppConfig, point: string): void {
  if (config.testDemoStallAt !== point) return
  writeSync(1, `demo preparation stalled at ${point}\n`)
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
}

/** The administrator's password hash: the per-installation password when one is configured (desktop). */
export async function demoHashes(config: AppConfig): Promise<DemoHashes> {
  if (!config.demoAdminPassword) return DEMO_HASHES
  return { ...DEMO_HASHES, admin: await hashPassword(config.demoAdminPassword) }
}

async function prepareMedia(config: AppConfig, onProgress: OnDemoProgress): Promise<void> {
  let half = false
  await installDemoMedia(config.uploadsDir, (done, total) => {
    onProgress({ step: 'media', done, total, message: `演示图片和视频 ${done}/${total}` })
    if (!half && done >= total / 2) {
      half = true
      checkpoint(config, 'media-half')
    }
  })
}

/** Writes the demo database beside its final place, then renames it there (SQLite only). */
async function prepareSqliteDatabase(config: AppConfig, log: Logger, onProgress: OnDemoProgress): Promise<void> {
  const finalFile = config.database.url
  const stagingDir = path.join(path.dirname(finalFile), STAGING_DIR)
  const stagingFile = path.join(stagingDir, path.basename(finalFile))
  // Whatever an interrupted start left there is incomplete by definition.
  await rm(stagingDir, { recursive: true, force: true })
  await mkdir(stagingDir, { recursive: true })
  const hashes = await demoHashes(config)
  const db = await openDatabase({ kind: 'sqlite', url: stagingFile })
  let phases = 0
  try {
    const media = demoMedia()
    const report = await generate(db, demoOptions(media, hashes), media, (message) => {
      const text = message.trim()
      log.debug(text)
      phases = Math.min(SEED_PHASES, phases + 1)
      onProgress({ step: 'database', done: phases, total: SEED_PHASES, message: `演示数据 ${text}` })
      checkpoint(config, `seed-${phases}`)
    })
    // Something on every back-office screen (issue 43): through the domain's commands, on the finished dataset.
    await writeShowcase(db, config, log)
    log.info({ ...report, notificationsByType: undefined }, `demo dataset ready in ${report.seconds.toFixed(1)} s`)
  } finally {
    // Everything into the main file (the writer's TRUNCATE checkpoint), so the rename below moves the whole database.
    await closeDatabase(db, { checkpoint: true })
  }
  const wal = await stat(`${stagingFile}-wal`).catch(() => null)
  if (wal && wal.size > 0) throw new Error(`The demo database was not fully checkpointed (${stagingFile}-wal is ${wal.size} bytes)`)
  checkpoint(config, 'before-rename')
  await rename(stagingFile, finalFile)
  await rm(stagingDir, { recursive: true, force: true })
}

/**
 * Before the database is opened: media complete, and on SQLite a complete demo database in place (made
 * now when there is none).
 */
export async function prepareDemo(config: AppConfig, logger: Logger, onProgress: OnDemoProgress = () => undefined): Promise<void> {
  const log = logger.child({ component: 'demo' })
  // One start prepares at a time; another start of the same DATA_DIR waits here, then finds everything done.
  await withDemoLock(
    config.dataDir,
    async () => {
      await prepareMedia(config, onProgress)
      if (config.database.kind === 'sqlite' && !existsSync(config.database.url)) {
        log.info('preparing the demo database')
        await prepareSqliteDatabase(config, log, onProgress)
      }
    },
    () => {
      log.info('another start is preparing the demo in this data directory: waiting for it')
      onProgress({ step: 'database', done: 0, total: SEED_PHASES, message: '另一个实例正在准备演示数据，请稍候' })
    },
  )
}

/**
 * After the database is opened: a desktop installation upgraded from a version that seeded the published
 * administrator password gets its own password instead. A password the administrator changed is kept, except
 * in classroom mode: each class starts with the fresh password the teacher was just shown (issue 43).
 */
export async function applyDemoAdminPassword(deps: AppDeps): Promise<boolean> {
  const password = deps.config.demoAdminPassword
  if (!password) return false
  const admin = await deps.db.getRepository(Admin).findOneBy({ username: DEMO_ADMIN.username })
  if (!admin || (!deps.config.classroom && !PUBLISHED_ADMIN_HASHES.includes(admin.password_hash))) return false
  const hash = await hashPassword(password)
  await inTransaction(deps.db, (manager) => manager.getRepository(Admin).update({ id: admin.id, password_hash: admin.password_hash }, { password_hash: hash }))
  deps.logger.info({ component: 'demo' }, 'the demo administrator now uses this installation\'s password')
  return true
}

/**
 * npm run classroom -- --students 40
 *   Creates class accounts (class01, class02, …) with one-time random passwords in the classroom demo's data
 *   (DATA_DIR, default ./classroom-data, the folder `npm run demo -- --classroom` uses), and writes their
 *   printable A4 sheet and CSV into DATA_DIR/classroom/ for the teacher (docs/classroom.md). Safe beside the
 *   running demo: the write waits for the server's write lock like admin:create.
 * npm run classroom -- --export
 *   The class's activity (what the students published, with the images) as a zip in DATA_DIR/classroom-exports/.
 * npm run classroom -- --reset [--yes] [--no-export]
 *   After class, with the demo stopped: exports the class's activity, then empties DATA_DIR but its secrets and
 *   the exports; the next `npm run demo -- --classroom` starts from the initial demo. Asks to type RESET unless --yes.
 */
import 'reflect-metadata'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import { z } from 'zod'
import { BackgroundWork } from '../background'
import { ConfigError, loadConfig, type AppConfig } from '../config'
import { closeDatabase, openDatabase } from '../db/data-source'
import { retryWhileBusy } from '../db/migrate'
import type { AppDeps } from '../deps'
import { createLogger } from '../logger'
import { exportClassActivity, exportsDir, type ActivityExport } from '../classroom/activity'
import { resetClassroomData } from '../classroom/reset'
import { classroomDir, readRoom } from '../classroom/room'
import { createClassAccounts, type CreatedSheet } from '../classroom/sheet'
import { CLASSROOM_RESET_CONFIRM, MAX_STUDENTS } from '../contract/admin/classroom'
import { cliArgs } from './args'

const COMMAND_LOCK_WAIT_MS = 30_000
const CLASSROOM_DATA_DIR = './classroom-data'
const usage =
  'Usage: npm run classroom -- --students <1-200> | --export | --reset [--yes] [--no-export]\n' +
  '  DATA_DIR: the classroom demo\'s folder (default ./classroom-data)'
const args = cliArgs(
  { students: { type: 'string' }, export: { type: 'boolean', default: false }, reset: { type: 'boolean', default: false }, yes: { type: 'boolean', default: false }, 'no-export': { type: 'boolean', default: false } },
  usage,
)
const input = z
  .object({
    students: z.coerce.number().int('--students must be a whole number').min(1, '--students must be at least 1').max(MAX_STUDENTS, `--students must be at most ${MAX_STUDENTS}`).optional(),
    export: z.boolean(),
    reset: z.boolean(),
  })
  .refine((a) => [a.students !== undefined, a.export, a.reset].filter(Boolean).length === 1, { message: 'choose one of --students N, --export, --reset' })
  .safeParse(args)
if (!input.success) {
  process.stderr.write(`${input.error.issues.map((i) => i.message).join('; ')}\n${usage}\n`)
  process.exit(2)
}

/** Whether a server answers at the room's address (the demo still running). */
async function serverAnswers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
    return true
  } catch {
    return false
  }
}

async function withDeps<T>(config: AppConfig, work: (deps: AppDeps) => Promise<T>): Promise<T> {
  const logger = createLogger('silent')
  const db = await openDatabase(config.database)
  try {
    return await work({ config, db, logger, redis: null, startedAt: Date.now(), background: new BackgroundWork(logger) })
  } finally {
    await closeDatabase(db)
  }
}

const printExport = (config: AppConfig, made: ActivityExport) =>
  process.stdout.write(`Exported the class's activity (${made.members} students, ${made.notes} notes): ${path.join(exportsDir(config.dataDir), made.name)}\n`)

try {
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? CLASSROOM_DATA_DIR }
  const dataDir = path.resolve(env.DATA_DIR)
  const room = existsSync(dataDir) ? readRoom(dataDir) : null
  // Only a folder a classroom demo has run in (room.json): never an empty database made up here.
  if (!room) throw new ConfigError(`${dataDir} holds no classroom: start one first with npm run demo -- --classroom (or set DATA_DIR to its folder)`)
  const config = loadConfig(env)
  const { students, reset } = input.data

  if (students !== undefined) {
    let created: CreatedSheet | undefined
    await withDeps(config, (deps) =>
      retryWhileBusy(async () => {
        created = await createClassAccounts(deps.db, config.dataDir, students)
      }, COMMAND_LOCK_WAIT_MS),
    )
    const { accounts, sheet, csv } = created!
    const dir = classroomDir(config.dataDir)
    process.stdout.write(
      `Created ${accounts.length} class accounts: ${accounts[0]!.user_id} … ${accounts.at(-1)!.user_id}\n` +
        `  printable A4 sheet: ${path.join(dir, sheet)}\n  CSV:                ${path.join(dir, csv)}\n` +
        '  (also listed on the teacher page; the passwords are shown nowhere else)\n',
    )
  } else if (!reset) {
    printExport(config, await withDeps(config, (deps) => exportClassActivity(deps)))
  } else {
    if (await serverAnswers(room.url)) throw new ConfigError(`The classroom still answers at ${room.url}: stop the demo first (Ctrl+C), or use the back-office's reset`)
    if (!args.yes) {
      const rl = createInterface({ input: process.stdin, output: process.stdout })
      const answer = await rl.question(`This removes the class's accounts, posts and uploads in ${dataDir}.\nType ${CLASSROOM_RESET_CONFIRM} to confirm: `)
      rl.close()
      if (answer.trim() !== CLASSROOM_RESET_CONFIRM) {
        process.stdout.write('Nothing was reset.\n')
        process.exit(1)
      }
    }
    if (!args['no-export'] && existsSync(config.database.url)) printExport(config, await withDeps(config, (deps) => exportClassActivity(deps)))
    const removed = resetClassroomData(config)
    process.stdout.write(`Reset ${dataDir} (removed ${removed.join(', ') || 'nothing'}); the next npm run demo -- --classroom starts from the initial demo.\n`)
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`)
  process.exit(1)
}

/**
 * npm run classroom -- --students 40
 * Creates class accounts (class01, class02, …) with one-time random passwords in the classroom demo's data
 * (DATA_DIR, default ./classroom-data, the folder `npm run demo -- --classroom` uses), and writes their
 * printable A4 sheet and CSV into DATA_DIR/classroom/ for the teacher (docs/classroom.md). Safe beside the
 * running demo: the write waits for the server's write lock like admin:create.
 */
import 'reflect-metadata'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { retryWhileBusy } from '../db/migrate'
import { classroomDir, readRoom } from '../classroom/room'
import { createClassAccounts, type CreatedSheet } from '../classroom/sheet'
import { MAX_STUDENTS } from '../contract/admin/classroom'
import { cliArgs } from './args'

const COMMAND_LOCK_WAIT_MS = 30_000
const CLASSROOM_DATA_DIR = './classroom-data'
const usage = 'Usage: npm run classroom -- --students <1-200>   (DATA_DIR: the classroom demo\'s folder, default ./classroom-data)'
const args = cliArgs({ students: { type: 'string' } }, usage)
const input = z
  .object({ students: z.coerce.number({ error: '--students is required' }).int('--students must be a whole number').min(1, '--students must be at least 1').max(MAX_STUDENTS, `--students must be at most ${MAX_STUDENTS}`) })
  .safeParse(args)
if (!input.success) {
  process.stderr.write(`${input.error.issues.map((i) => i.message).join('; ')}\n${usage}\n`)
  process.exit(2)
}

try {
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? CLASSROOM_DATA_DIR }
  const dataDir = path.resolve(env.DATA_DIR)
  // Only a folder a classroom demo has run in (room.json): never an empty database made up here.
  if (!existsSync(dataDir) || !readRoom(dataDir)) {
    throw new ConfigError(`${dataDir} holds no classroom: start one first with npm run demo -- --classroom (or set DATA_DIR to its folder)`)
  }
  const config = loadConfig(env)
  const db = await openDatabase(config.database)
  let created: CreatedSheet | undefined
  await retryWhileBusy(async () => {
    created = await createClassAccounts(db, config.dataDir, input.data.students)
  }, COMMAND_LOCK_WAIT_MS).finally(() => db.destroy())
  const { accounts, sheet, csv } = created!
  const dir = classroomDir(config.dataDir)
  process.stdout.write(
    `Created ${accounts.length} class accounts: ${accounts[0]!.user_id} … ${accounts.at(-1)!.user_id}\n` +
      `  printable A4 sheet: ${path.join(dir, sheet)}\n  CSV:                ${path.join(dir, csv)}\n` +
      '  (also listed on the teacher page; the passwords are shown nowhere else)\n',
  )
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`)
  process.exit(1)
}

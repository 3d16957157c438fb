/**
 * npm run seed -- --users N --notes N [--comments N | --comments-per-note K] [--likes N] [--collections N]
 *                 [--follows N] [--seed S] [--reset]
 * The demo generator at any scale, into DATA_DIR (SQLite) or DATABASE_URL. Refuses a database that already
 * has content unless --reset, which empties it first. Prints progress, the time taken and the database size.
 */
import 'reflect-metadata'
import { z } from 'zod'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { exclusively } from '../db/transaction'
import { DEMO_HASHES, GENERATED_PASSWORD } from '../seed/demo'
import { generate } from '../seed/generator'
import { demoMedia, installDemoMedia } from '../seed/media'
import { DEFAULTS } from '../seed/options'
import { databaseSize, emptyTables, formatBytes, hasContent, removeSqliteFiles } from '../seed/target'
import { cliArgs } from './args'

const usage = `Usage: npm run seed -- --users N --notes N [--comments N | --comments-per-note K] [--likes N]
         [--collections N] [--follows N] [--seed S] [--reset]
  Every generated member's password is "${GENERATED_PASSWORD}". Target: DATABASE_URL, else SQLite in DATA_DIR.`

const args = cliArgs(
  {
    users: { type: 'string' },
    notes: { type: 'string' },
    comments: { type: 'string' },
    'comments-per-note': { type: 'string' },
    likes: { type: 'string' },
    collections: { type: 'string' },
    follows: { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
  usage,
)

const count = z.coerce.number().int().min(0).max(100_000_000).optional()
const parsed = z
  .object({
    users: z.coerce.number().int().min(2, 'users must be at least 2').max(10_000_000).default(1000),
    notes: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
    comments: count,
    'comments-per-note': z.coerce.number().min(0).max(1000).optional(),
    likes: count,
    collections: count,
    follows: count,
    seed: z.coerce.number().int().default(DEFAULTS.seed),
  })
  .safeParse(args)
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${usage}\n`)
  process.exit(2)
}
const a = parsed.data
const comments = a.comments ?? Math.round(a.notes * (a['comments-per-note'] ?? 3))
const likes = a.likes ?? a.notes * 10

try {
  const started = Date.now()
  const config = loadConfig()
  const target = config.database.kind === 'sqlite' ? `SQLite ${config.database.url}` : `${config.database.kind} (DATABASE_URL)`
  if (args.reset) await removeSqliteFiles(config.database)
  const db = await openDatabase(config.database)
  try {
    if (args.reset && config.database.kind !== 'sqlite') await emptyTables(db)
    if (!args.reset && (await hasContent(db))) {
      throw new ConfigError(`The database (${target}) already has content; add --reset to empty it first.`)
    }
    process.stdout.write(`Seeding ${target}: ${a.users} users, ${a.notes} notes, ${comments} comments, ${likes} likes (seed ${a.seed})\n`)
    if (config.database.kind === 'sqlite') await exclusively(db, (writable) => writable.query('PRAGMA cache_size = -262144'))
    await installDemoMedia(config.uploadsDir)
    const media = demoMedia()
    const passwordHash = DEMO_HASHES.shared
    const report = await generate(
      db,
      {
        ...DEFAULTS,
        seed: a.seed,
        users: a.users,
        notes: a.notes,
        comments,
        likes,
        collections: a.collections ?? Math.round(likes / 4),
        follows: a.follows ?? a.users * 20,
        now: new Date(),
        passwordHash,
        specialUsers: [],
        admins: [],
        pendingVerifications: Math.min(50, Math.ceil(a.users / 200)),
        rejectedVerifications: Math.min(50, Math.ceil(a.users / 200)),
        deferIndexes: a.notes + likes >= 20_000,
      },
      media,
      (message) => process.stdout.write(`${message}\n`),
    )
    const size = await exclusively(db, (writable) => databaseSize(writable, config.database))
    const seconds = (Date.now() - started) / 1000
    process.stdout.write(
      `Done in ${seconds.toFixed(1)} s: ${report.users} users, ${report.notes} notes (${report.drafts} drafts), ${report.comments} comments, ` +
        `${report.noteLikes + report.commentLikes} likes, ${report.collections} collections, ${report.follows} follows, ${report.notifications} notifications.\n` +
        `Database size: ${formatBytes(size)}. Members' password: ${GENERATED_PASSWORD}; create an administrator with npm run admin:create.\n`,
    )
  } finally {
    await db.destroy()
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`)
  process.exit(1)
}

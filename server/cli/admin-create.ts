/**
 * npm run admin:create -- --username U --password P
 * Creates an administrator in the configured database (DATA_DIR / DATABASE_URL). A real server has no
 * default administrator; this is how the first one is made. Safe against a running server: the write is
 * one job of this process's SQLite writer (BEGIN IMMEDIATE, so it waits for the server's write lock up to
 * the busy timeout, again for up to 30 s, instead of failing), and the check and the insert are one transaction.
 */
import 'reflect-metadata'
import { z } from 'zod'
import { hashPassword } from '../auth/passwords'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { Admin } from '../db/entities'
import { retryWhileBusy } from '../db/migrate'
import { inTransaction } from '../db/transaction'
import { cliArgs } from './args'

/** How long the command waits for the server's write lock in all. */
const COMMAND_LOCK_WAIT_MS = 30_000
const usage = 'Usage: npm run admin:create -- --username <name> --password <password>'
const args = cliArgs({ username: { type: 'string' }, password: { type: 'string' } }, usage)
const input = z
  .object({
    username: z.string({ error: 'username is required' }).trim().min(2, 'username needs at least 2 characters').max(50),
    password: z.string({ error: 'password is required' }).min(6, 'password needs at least 6 characters').max(100),
  })
  .safeParse(args)
if (!input.success) {
  process.stderr.write(`${input.error.issues.map((i) => i.message).join('; ')}\n${usage}\n`)
  process.exit(2)
}

try {
  const config = loadConfig()
  const { username, password } = input.data
  const passwordHash = await hashPassword(password)
  const db = await openDatabase(config.database)
  const create = () =>
    inTransaction(db, async (m) => {
      const repo = m.getRepository(Admin)
      if (await repo.existsBy({ username })) return false
      await repo.save(repo.create({ username, password_hash: passwordHash, is_active: true }))
      return true
    })
  // A server busy writing holds the lock most of the time, and SQLite's busy wait polls: one busy timeout (5 s)
  // may pass without a free moment. A command may wait longer than a request: 30 s (the job is safe to run
  // again: check and insert are one transaction).
  let created = false
  await retryWhileBusy(async () => {
    created = await create()
  }, COMMAND_LOCK_WAIT_MS).finally(() => db.destroy())
  if (!created) {
    process.stderr.write(`Administrator "${username}" already exists.\n`)
    process.exit(1)
  }
  process.stdout.write(`Administrator "${username}" created.\n`)
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`)
  process.exit(1)
}

/**
 * npm run admin:create -- --username U --password P
 * Creates an administrator in the configured database (DATA_DIR / DATABASE_URL). A real server has no
 * default administrator; this is how the first one is made.
 */
import 'reflect-metadata'
import { z } from 'zod'
import { hashPassword } from '../auth/passwords'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { Admin } from '../db/entities'
import { cliArgs } from './args'

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
  const db = await openDatabase(config.database)
  const repo = db.getRepository(Admin)
  if (await repo.existsBy({ username: input.data.username })) {
    process.stderr.write(`Administrator "${input.data.username}" already exists.\n`)
    await db.destroy()
    process.exit(1)
  }
  await repo.save(repo.create({ username: input.data.username, password_hash: await hashPassword(input.data.password), is_active: true }))
  await db.destroy()
  process.stdout.write(`Administrator "${input.data.username}" created.\n`)
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`)
  process.exit(1)
}

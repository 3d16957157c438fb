/**
 * npm run db:copy -- --from <SQLite file | postgres://… | mysql://…> --to <postgres://… | mysql://… | SQLite file>
 * Moves a whole campus between engines (server/cli/copy-database.ts): every table with its ids into a new, empty database,
 * sequences reset, row counts and counters verified. Uploaded files stay where they are (DATA_DIR/uploads).
 * Stop the servers first (or at least stop writes): the copy reads one consistent snapshot of the source.
 */
import 'reflect-metadata'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { DatabaseConfig } from '../config'
import { copyDatabase, CopyRefused } from './copy-database'
import { cliArgs } from './args'

const usage = `Usage: npm run db:copy -- --from <source> --to <target>
  source, target: a SQLite file (e.g. data/shiliu.sqlite) or a postgres://, postgresql://, mysql:// or mariadb:// URL.
  The target must be a new, empty database (it is migrated first); the source is only read.`

const args = cliArgs({ from: { type: 'string' }, to: { type: 'string' } }, usage)
if (!args.from || !args.to) {
  process.stderr.write(`--from and --to are both required\n${usage}\n`)
  process.exit(2)
}

function database(value: string): DatabaseConfig {
  if (/^(postgres|postgresql):\/\//.test(value)) return { kind: 'postgres', url: value }
  if (/^(mysql|mariadb):\/\//.test(value)) return { kind: 'mysql', url: value }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw new CopyRefused(`${value}: not a SQLite file nor a postgres:// or mysql:// URL`)
  return { kind: 'sqlite', url: path.resolve(value) }
}

/** A URL without its password, for messages. */
const describe = (db: DatabaseConfig) => (db.kind === 'sqlite' ? `SQLite ${db.url}` : db.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'))

let code = 1
try {
  const from = database(args.from)
  const to = database(args.to)
  if (from.kind === 'sqlite' && !existsSync(from.url)) throw new CopyRefused(`${from.url} does not exist`)
  process.stdout.write(`Copying ${describe(from)} -> ${describe(to)}\n`)
  const report = await copyDatabase(from, to, (line) => process.stdout.write(`  ${line}\n`))
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0)
  process.stdout.write(`Copied ${rows} rows of ${report.tables.length} tables in ${report.seconds.toFixed(1)} s; row counts match.\n`)
  if (report.counterMismatches.length) {
    process.stdout.write(`${report.counterMismatches.length} counters differ from their rows (they did in the source too): run npm run recount -- --fix against the target.\n`)
  } else {
    process.stdout.write('Every counter matches its rows.\n')
  }
  process.stdout.write(
    'Uploaded files were not moved: give every instance the same DATA_DIR/uploads (or copy that folder).\n' +
      'Keep the JWT_SECRET the source used (a SQLite install keeps it in DATA_DIR/jwt-secret), or members sign in again.\n',
  )
  code = 0
} catch (err) {
  process.stderr.write(`${err instanceof CopyRefused ? err.message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

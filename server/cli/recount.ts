/**
 * npm run recount [-- --fix] [--limit N]
 * Checks every denormalised counter (server/domain/counters.ts) against the rows it counts, on the database of
 * DATABASE_URL (else SQLite in DATA_DIR), and prints the ones that differ. With --fix it recounts exactly
 * those rows, each batch a write job under the counted rows' locks, so it is safe while servers run.
 * Exit code: 0 all counters match (or were repaired), 1 mismatches found (without --fix), 2 bad arguments.
 */
import 'reflect-metadata'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { inTransaction } from '../db/transaction'
import { COUNTERS, findCounterMismatches, recount, type CounterMismatch, type CounterTable } from '../domain/counters'
import { cliArgs } from './args'

const usage = `Usage: npm run recount [-- --fix] [--limit N]
  Compares every counter with its rows (DATABASE_URL, else SQLite in DATA_DIR) and prints the differences.
  --fix      recount the rows that differ (safe while servers run)
  --limit N  print at most N differences per counter (default 20; every one is repaired with --fix)`

const args = cliArgs({ fix: { type: 'boolean', default: false }, limit: { type: 'string' } }, usage)
const limit = args.limit === undefined ? 20 : Number(args.limit)
if (!Number.isInteger(limit) || limit < 1) {
  process.stderr.write(`--limit must be a positive whole number\n${usage}\n`)
  process.exit(2)
}

/** Every mismatch there is (the domain check caps per counter; ask for all of them). */
const ALL = 1_000_000_000
const BATCH = 200

function report(found: CounterMismatch[]): void {
  const byCounter = new Map<string, CounterMismatch[]>()
  for (const m of found) {
    const key = `${m.table}.${m.column}`
    byCounter.set(key, [...(byCounter.get(key) ?? []), m])
  }
  for (const [counter, rows] of byCounter) {
    process.stdout.write(`${counter}: ${rows.length} row${rows.length === 1 ? '' : 's'} differ\n`)
    for (const m of rows.slice(0, limit)) process.stdout.write(`  id ${m.id}: stored ${m.stored}, rows ${m.actual}\n`)
    if (rows.length > limit) process.stdout.write(`  ... and ${rows.length - limit} more\n`)
  }
}

/** Check, print, and with --fix repair; the exit code. */
async function run(db: Awaited<ReturnType<typeof openDatabase>>, target: string): Promise<number> {
  const started = Date.now()
  const found = await findCounterMismatches(db, ALL)
  if (found.length === 0) {
    process.stdout.write(`${target}: all ${COUNTERS.length} counters match their rows (${((Date.now() - started) / 1000).toFixed(1)} s).\n`)
    return 0
  }
  report(found)
  if (!args.fix) {
    process.stdout.write(`${found.length} counter value${found.length === 1 ? '' : 's'} differ from their rows. Run npm run recount -- --fix to repair them.\n`)
    return 1
  }
  const ids = new Map<CounterTable, Set<number>>()
  for (const m of found) ids.set(m.table, (ids.get(m.table) ?? new Set()).add(m.id))
  let repaired = 0
  for (const [table, set] of ids) {
    const list = [...set].sort((a, b) => a - b)
    for (let i = 0; i < list.length; i += BATCH) {
      const batch = list.slice(i, i + BATCH)
      await inTransaction(db, (manager) => recount(manager, table, batch))
      repaired += batch.length
    }
  }
  const left = await findCounterMismatches(db, ALL)
  process.stdout.write(`Recounted ${repaired} row${repaired === 1 ? '' : 's'}; ${left.length === 0 ? 'every counter now matches its rows' : `${left.length} still differ (run again)`}.\n`)
  return left.length === 0 ? 0 : 1
}

let code = 1
try {
  const config = loadConfig()
  const target = config.database.kind === 'sqlite' ? `SQLite ${config.database.url}` : `${config.database.kind} (DATABASE_URL)`
  const db = await openDatabase(config.database)
  try {
    code = await run(db, target)
  } finally {
    await db.destroy()
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

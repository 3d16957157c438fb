/**
 * npm run discovery:rebuild
 * Recomputes the personalised 推荐's stored signals (member_affinities, note_neighbours; every 推荐 session is
 * dropped) from the stored likes, collections, comments, 不感兴趣 and follows, on the database of DATABASE_URL
 * (else SQLite in DATA_DIR): after a bulk import or anything else that wrote those rows without the commands
 * that keep the signals (docs/discovery.md). Writes through the writer in chunks, so servers may run meanwhile;
 * an interaction made during the rebuild may be missing from the signals until the next one.
 * Exit code: 0 done, 1 failed, 2 bad arguments.
 */
import 'reflect-metadata'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { rebuildDiscoverySignals } from '../domain/discovery'
import { cliArgs } from './args'

const usage = `Usage: npm run discovery:rebuild
  Recomputes the 推荐's signals (member_affinities, note_neighbours) from the stored interactions
  (DATABASE_URL, else SQLite in DATA_DIR). Run it after a bulk import.`

cliArgs({}, usage)

let code = 1
try {
  const config = loadConfig()
  const target = config.database.kind === 'sqlite' ? `SQLite ${config.database.url}` : `${config.database.kind} (DATABASE_URL)`
  const db = await openDatabase(config.database)
  try {
    const started = Date.now()
    await rebuildDiscoverySignals(db)
    const [counts] = (await db.query('SELECT (SELECT COUNT(*) FROM member_affinities) AS affinities, (SELECT COUNT(*) FROM note_neighbours) AS neighbours')) as Array<{ affinities: number | string; neighbours: number | string }>
    process.stdout.write(`${target}: ${Number(counts?.affinities)} affinities, ${Number(counts?.neighbours)} note neighbours (${((Date.now() - started) / 1000).toFixed(1)} s).\n`)
    code = 0
  } finally {
    await db.destroy()
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

/**
 * npm run media:check [-- --fix]
 * Lists uploaded files no row references (older than MEDIA_ORPHAN_GRACE_HOURS) and rows whose upload file
 * is missing (server/media/check.ts), on the database of DATABASE_URL (else SQLite in DATA_DIR) and the
 * files in DATA_DIR/uploads. With --fix: orphans are deleted, rows pointing at missing images, covers and
 * avatars repaired. Exit code: 0 nothing found (or all repaired), 1 problems left, 2 bad arguments.
 */
import 'reflect-metadata'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/data-source'
import { checkMedia, repairMedia } from '../media/check'
import { mediaStorage } from '../media/storage'
import { cliArgs } from './args'

const usage = `Usage: npm run media:check [-- --fix]
  Reports uploads nothing references and rows pointing at missing files (DATABASE_URL, else SQLite in DATA_DIR).
  --fix  delete the orphan files and repair the rows (safe while servers run)`

const args = cliArgs({ fix: { type: 'boolean', default: false } }, usage)

let code = 1
try {
  const config = loadConfig()
  const storage = mediaStorage(config.uploadsDir)
  const db = await openDatabase(config.database)
  try {
    const report = await checkMedia(db, storage, config.media.orphanGraceMs)
    for (const url of report.orphans) process.stdout.write(`orphan file ${url}\n`)
    for (const m of report.missing) process.stdout.write(`missing file: ${m.table} ${m.url} (row ${m.id})\n`)
    const found = report.orphans.length + report.missing.length
    if (!found) {
      process.stdout.write('Every upload is referenced and every referenced upload exists.\n')
      code = 0
    } else if (!args.fix) {
      process.stdout.write(`${report.orphans.length} orphan file(s), ${report.missing.length} row(s) pointing at missing files. Run npm run media:check -- --fix to repair.\n`)
    } else {
      const left = await repairMedia(db, storage, report)
      for (const m of left) process.stdout.write(`cannot repair: note video ${m.url} (post_videos row ${m.id}) is missing; delete or edit that note\n`)
      process.stdout.write(`Deleted ${report.orphans.length} orphan file(s); repaired ${report.missing.length - left.length} row(s).\n`)
      code = left.length ? 1 : 0
    }
  } finally {
    await db.destroy()
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

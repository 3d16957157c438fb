/**
 * npm run restore -- --from DIR
 * Restores a backup (npm run backup) into an EMPTY DATA_DIR, and for a PostgreSQL / MySQL backup into the
 * empty database of DATABASE_URL (through psql / mysql): the backup is verified first, nothing existing is
 * overwritten (server/backup/restore.ts). Exit code: 0 restored, 1 refused or failed, 2 bad arguments.
 */
import 'reflect-metadata'
import path from 'node:path'
import { BackupInvalid } from '../backup/manifest'
import { restoreBackup, RestoreRefused } from '../backup/restore'
import { ToolFailed, ToolMissing } from '../backup/tools'
import { ConfigError, loadRestoreTarget } from '../config'
import { cliArgs } from './args'

const usage = `Usage: npm run restore -- --from DIR
  Restores the backup in DIR into DATA_DIR, which must be empty or not exist yet; a PostgreSQL / MySQL backup
  also into DATABASE_URL, which must name a new, empty database. The backup is verified first.`

const args = cliArgs({ from: { type: 'string' } }, usage)
if (!args.from) {
  process.stderr.write(`--from DIR is required\n${usage}\n`)
  process.exit(2)
}

const KNOWN = [RestoreRefused, BackupInvalid, ConfigError, ToolMissing, ToolFailed]

let code = 1
try {
  const target = loadRestoreTarget()
  const manifest = await restoreBackup(path.resolve(args.from), target, (line) => process.stdout.write(`  ${line}\n`))
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${target.dataDir}: ${rows} rows, ${manifest.uploads.files} upload(s).\n` +
      'The JWT secret and the data keys are in DATA_DIR (jwt-secret, data-key, mode 600); if you set JWT_SECRET or SHILIU_DATA_KEY ' +
      'in the environment instead, give them the values of the backup\'s secrets.json. Start the server as usual.\n',
  )
  code = 0
} catch (err) {
  process.stderr.write(`${KNOWN.some((k) => err instanceof k) ? (err as Error).message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

/**
 * npm run backup -- --to DIR | --verify DIR
 * --to: a consistent backup of the installation (DATABASE_URL, else SQLite in DATA_DIR), safe while servers
 * run: the database (SQLite's online backup API, or pg_dump / mysqldump), the uploads, the secrets (mode 600)
 * and a manifest with row counts and checksums (server/backup/). --verify: checks such a folder.
 * Exit code: 0 done / sound, 1 failed / problems found, 2 bad arguments.
 */
import 'reflect-metadata'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { BackupRefused, createBackup } from '../backup/create'
import { backupBytes } from '../backup/manifest'
import { ToolFailed, ToolMissing } from '../backup/tools'
import { verifyBackup } from '../backup/verify'
import { ConfigError, loadConfig, loadRestoreTarget } from '../config'
import { cliArgs } from './args'

const usage = `Usage: npm run backup -- --to DIR      back up this installation into the new folder DIR (safe while servers run)
       npm run backup -- --verify DIR  check a backup: checksums, the database's integrity and row counts
  The installation: DATABASE_URL (PostgreSQL / MySQL, through pg_dump / mysqldump), else SQLite in DATA_DIR.
  DIR/secrets.json holds the JWT secret and the data keys: keep the backup as private as the data itself.`

const args = cliArgs({ to: { type: 'string' }, verify: { type: 'string' } }, usage)
if (Boolean(args.to) === Boolean(args.verify)) {
  process.stderr.write(`Give either --to DIR or --verify DIR\n${usage}\n`)
  process.exit(2)
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const KNOWN = [BackupRefused, ConfigError, ToolMissing, ToolFailed]

async function verify(dir: string): Promise<number> {
  const { manifest, problems } = await verifyBackup(dir)
  if (problems.length) {
    process.stdout.write(`${dir} FAILS its check:\n${problems.map((p) => `  - ${p}\n`).join('')}`)
    return 1
  }
  const rows = Object.values(manifest!.tables).reduce((a, b) => a + b, 0)
  process.stdout.write(
    `${dir} is sound: ${Object.keys(manifest!.files).length} files (${mb(backupBytes(manifest!))}) match their checksums; ` +
      `${manifest!.engine === 'sqlite' ? `the database passes its integrity check and holds the ${rows} rows counted` : 'the dump is complete'} ` +
      `(backup of ${manifest!.createdAt}).\n`,
  )
  return 0
}

async function backup(dir: string): Promise<number> {
  // Refuse before loadConfig: it would create an empty DATA_DIR (and secrets) where none is.
  const target = loadRestoreTarget()
  if (target.database.kind === 'sqlite' && !existsSync(target.database.url)) {
    throw new BackupRefused(`There is no database at ${target.database.url}: set DATA_DIR to the installation's data folder (or DATABASE_URL).`)
  }
  const config = loadConfig()
  const manifest = await createBackup(config, dir, (line) => process.stdout.write(`  ${line}\n`))
  process.stdout.write(
    `Backup written to ${dir}: ${manifest.method}, ${manifest.uploads.files} upload(s), ${mb(backupBytes(manifest))} in ${manifest.seconds.toFixed(1)} s.\n` +
      `${dir}/secrets.json (mode 600) holds the JWT secret and the data keys: store the backup somewhere only operators can read.\n`,
  )
  if (manifest.uploads.missing.length) {
    process.stdout.write(`${manifest.uploads.missing.length} referenced upload(s) were missing from DATA_DIR/uploads already (npm run media:check lists them).\n`)
  }
  return 0
}

let code = 1
try {
  code = args.to ? await backup(path.resolve(args.to)) : await verify(path.resolve(args.verify!))
} catch (err) {
  process.stderr.write(`${KNOWN.some((k) => err instanceof k) ? (err as Error).message : ((err as Error).stack ?? String(err))}\n`)
}
process.exit(code)

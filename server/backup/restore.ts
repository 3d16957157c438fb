import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { DatabaseConfig } from '../config'
import { checkTarget, restoreDatabase, RestoreRefused } from './database'
import type { Manifest } from './manifest'
import { readSecrets, restoreSecrets } from './secrets'
import { restoreUploads } from './uploads'
import { verifyBackup } from './verify'

/*
 * `npm run restore -- --from DIR`: a verified backup into an EMPTY DATA_DIR (and, for PostgreSQL / MySQL, an
 * empty database): the database, the uploads, and the secrets as DATA_DIR/jwt-secret, data-key and
 * data-keys.old (mode 600), so a server started there signs members in and reads sealed data as before.
 * Nothing existing is ever overwritten; a restore that fails removes what it wrote.
 */

export { RestoreRefused }

export interface RestoreTarget {
  dataDir: string
  database: DatabaseConfig
}

async function ensureEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  if (entries.length) {
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', ...' : ''}): a restore never overwrites an installation. ` +
        'Point DATA_DIR at a new, empty folder (or move the old one away first).',
    )
  }
}

export async function restoreBackup(from: string, target: RestoreTarget, log: (line: string) => void = () => undefined): Promise<Manifest> {
  await ensureEmptyDataDir(target.dataDir)
  const { manifest, problems } = await verifyBackup(from)
  if (!manifest || problems.length) throw new RestoreRefused(`The backup in ${from} fails its check, nothing was restored:\n  - ${problems.join('\n  - ')}`)
  log(`backup of ${manifest.createdAt} verified (${Object.keys(manifest.files).length} files)`)
  await checkTarget(manifest, target.database)
  const secrets = await readSecrets(from)
  await mkdir(target.dataDir, { recursive: true, mode: 0o700 })
  try {
    await restoreDatabase(manifest, from, target.database)
    log(target.database.kind === 'sqlite' ? 'database restored' : `dump loaded into the database (${manifest.method})`)
    await restoreUploads(from, Object.keys(manifest.files).filter((rel) => rel.startsWith('uploads/')), target.dataDir)
    await restoreSecrets(secrets, target.dataDir)
  } catch (err) {
    // DATA_DIR was empty: take back what this restore put there. (A half-loaded database is rolled back by
    // psql --single-transaction; a failed mysql load leaves tables behind: drop that database and start over.)
    const written = await readdir(target.dataDir).catch(() => [] as string[])
    await Promise.all(written.map((name) => rm(path.join(target.dataDir, name), { recursive: true, force: true })))
    throw err
  }
  return manifest
}

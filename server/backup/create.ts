import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { AppConfig } from '../config'
import { SERVER_VERSION } from '../version'
import { backupDatabase } from './database'
import { describeFiles, MANIFEST_FILE, SECRETS_FILE, type Manifest } from './manifest'
import { writeSecrets } from './secrets'
import { pruneUploads, stageUploads } from './uploads'

/*
 * One backup of a running installation (`npm run backup -- --to DIR`, and the scheduled ones): built in a
 * hidden folder beside the target, the manifest written last, then renamed into place, so a folder named
 * like a backup is always a whole one. The order keeps every referenced upload: the uploads are copied
 * first, the database snapshot taken, then the copies pruned to what the snapshot needs (uploads.ts).
 */

export class BackupRefused extends Error {
  override name = 'BackupRefused'
}

export type BackupConfig = Pick<AppConfig, 'dataDir' | 'database' | 'jwtSecret' | 'dataKeys' | 'media'>

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw err
  }
}

/** Build a backup of `config`'s installation into the new folder `target`; returns its manifest. */
export async function createBackup(config: BackupConfig, target: string, log: (line: string) => void = () => undefined): Promise<Manifest> {
  const started = Date.now()
  const inside = path.relative(config.dataDir, target)
  if (!inside.startsWith('..') && !path.isAbsolute(inside)) {
    throw new BackupRefused(`${target} is inside DATA_DIR ${config.dataDir}: put backups outside it (a backup there is lost with the data, and would copy itself)`)
  }
  if (!(await isEmptyOrMissing(target))) throw new BackupRefused(`${target} is not empty: give a new folder (a backup never mixes with other files)`)
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.partial-${randomBytes(4).toString('hex')}`)
  await mkdir(staging, { mode: 0o700 })
  try {
    const staged = await stageUploads(config.dataDir, staging)
    log(`copied ${staged.length} upload(s)`)
    const db = await backupDatabase(config.database, staging)
    log(`database copied (${db.method}): ${Object.values(db.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(db.tables).length} tables`)
    const uploads = await pruneUploads(config.dataDir, staging, staged, db.references, config.media.orphanGraceMs)
    await writeSecrets(config, staging)
    const files = await describeFiles(staging, [db.file, SECRETS_FILE, ...uploads.files])
    const uploadBytes = uploads.files.reduce((sum, rel) => sum + files[rel]!.bytes, 0)
    const manifest: Manifest = {
      format: 'shiliu-backup',
      version: 1,
      createdAt: new Date(started).toISOString(),
      seconds: (Date.now() - started) / 1000,
      serverVersion: SERVER_VERSION,
      engine: config.database.kind,
      method: db.method,
      tables: db.tables,
      countsExact: db.countsExact,
      uploads: { files: uploads.files.length, bytes: uploadBytes, missing: uploads.missing },
      files,
    }
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await rmdir(target).catch(() => undefined)
    await rename(staging, target)
    return manifest
  } catch (err) {
    await rm(staging, { recursive: true, force: true })
    throw err
  }
}

import { lstat, open, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import { countRows, integrityCheck, openSqliteCopy } from './inspect'
import { BackupInvalid, DUMP_FILE, entryPath, entryProblem, isInside, readManifest, SECRETS_FILE, sha256File, SQLITE_FILE, type Manifest } from './manifest'

/*
 * `npm run backup -- --verify DIR`, and the first step of every restore: every file the manifest lists is
 * there with its size and sha256; the secrets file is private (mode 600); on SQLite the database copy
 * passes PRAGMA integrity_check and holds the manifest's row counts; a pg_dump / mysqldump dump ends with
 * its tool's completion line (a dump cut short does not).
 */

export interface VerifyReport {
  manifest: Manifest | null
  /** What is wrong; empty when the backup is sound. */
  problems: string[]
}

const DUMP_COMPLETE: Record<string, RegExp> = { pg_dump: /-- PostgreSQL database dump complete/, mysqldump: /-- Dump completed/ }

async function tail(file: string, bytes = 4096): Promise<string> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    const buffer = Buffer.alloc(Math.min(bytes, size))
    await handle.read(buffer, 0, buffer.length, size - buffer.length)
    return buffer.toString('utf8')
  } finally {
    await handle.close()
  }
}

async function checkFiles(dir: string, manifest: Manifest): Promise<string[]> {
  const limit = pLimit(4)
  const root = await realpath(dir)
  const found = await Promise.all(
    Object.entries(manifest.files).map(([rel, expected]) =>
      limit(async () => {
        const file = entryPath(dir, rel)
        const link = await lstat(file).catch(() => null)
        if (!link) return `${rel}: missing`
        // A link (of the file or of a folder on its way) could lead the check and the restore outside the backup.
        if (link.isSymbolicLink() || !isInside(root, await realpath(file))) return `${rel}: a symbolic link, or under one, leading outside the backup folder; refused`
        const info = await stat(file).catch(() => null)
        if (!info?.isFile()) return `${rel}: not a regular file`
        if (info.size !== expected.bytes) return `${rel}: ${info.size} bytes, the manifest says ${expected.bytes}`
        if ((await sha256File(file)) !== expected.sha256) return `${rel}: checksum differs from the manifest (the file was changed or damaged)`
        return null
      }),
    ),
  )
  return found.filter((p): p is string => p !== null)
}

async function checkSqlite(dir: string, manifest: Manifest): Promise<string[]> {
  let copy
  try {
    copy = await openSqliteCopy(path.join(dir, SQLITE_FILE))
  } catch (err) {
    return [`${SQLITE_FILE}: cannot be opened: ${(err as Error).message}`]
  }
  try {
    const integrity = await integrityCheck(copy)
    if (integrity !== 'ok') return [`${SQLITE_FILE}: integrity check failed: ${integrity.slice(0, 500)}`]
    const counts = await countRows(copy, Object.keys(manifest.tables))
    return Object.entries(manifest.tables)
      .filter(([table, n]) => counts[table] !== n)
      .map(([table, n]) => `${SQLITE_FILE}: table ${table} holds ${counts[table]} rows, the manifest says ${n}`)
  } catch (err) {
    return [`${SQLITE_FILE}: ${(err as Error).message}`]
  } finally {
    await copy.destroy()
  }
}

export async function verifyBackup(dir: string): Promise<VerifyReport> {
  let manifest: Manifest
  try {
    manifest = await readManifest(dir)
  } catch (err) {
    if (err instanceof BackupInvalid) return { manifest: null, problems: [err.message] }
    throw err
  }
  // Entries that would leave the folder: reported before any file is read, and the backup is unsound.
  const unsafe = Object.keys(manifest.files).flatMap((rel) => {
    const problem = entryProblem(rel)
    return problem ? [`${JSON.stringify(rel)}: ${problem}; refused`] : []
  })
  if (unsafe.length) return { manifest, problems: unsafe }
  const database = manifest.engine === 'sqlite' ? SQLITE_FILE : DUMP_FILE
  const problems = [database, SECRETS_FILE].filter((rel) => !manifest.files[rel]).map((rel) => `${rel}: not listed in the manifest`)
  problems.push(...(await checkFiles(dir, manifest)))
  const secrets = await stat(path.join(dir, SECRETS_FILE)).catch(() => null)
  if (secrets && (secrets.mode & 0o077) !== 0) problems.push(`${SECRETS_FILE}: readable by others (mode ${(secrets.mode & 0o777).toString(8)}); chmod 600 it`)
  if (problems.length) return { manifest, problems }
  if (manifest.engine === 'sqlite') problems.push(...(await checkSqlite(dir, manifest)))
  else if (!DUMP_COMPLETE[manifest.method]?.test(await tail(path.join(dir, DUMP_FILE)))) problems.push(`${DUMP_FILE}: the dump does not end with ${manifest.method}'s completion line (cut short?)`)
  return { manifest, problems }
}

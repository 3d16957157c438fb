import { copyFile, mkdir, readdir, rm, stat, utimes } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import { UPLOADS_PREFIX } from '../media/storage'
import { entryPath } from './manifest'

/*
 * The uploads of a backup, around the database snapshot so that no file the snapshot references is lost:
 *
 *   before   every file under uploads/ is copied into the backup (modification times kept)
 *   after    the copies are pruned to what the snapshot references plus what the orphan grace still
 *            protects (younger uploads, perhaps on their way into a note); a referenced file that was not
 *            there before the snapshot (uploaded meanwhile) is copied now
 *
 * A file deleted while the backup runs (its note deleted after the snapshot) is already in the backup.
 * Referenced files that exist nowhere are listed in the manifest (`uploads.missing`).
 */

const limit = pLimit(4)

interface Staged {
  /** Path relative to the backup folder: 'uploads/2026/11/<name>.webp'. */
  rel: string
  mtimeMs: number
}

/** Every regular file under `uploadsDir`, as 'uploads/...' paths ('/' separators). */
async function listUploads(uploadsDir: string): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .map((rel) => `uploads/${rel}`)
}

async function copyKeepingTime(from: string, to: string): Promise<number> {
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
  await copyFile(from, to)
  const info = await stat(from)
  await utimes(to, info.atime, info.mtime)
  return info.mtimeMs
}

/** Copy every upload into `staging`; files that vanish meanwhile are skipped. */
export async function stageUploads(dataDir: string, staging: string): Promise<Staged[]> {
  const rels = await listUploads(path.join(dataDir, 'uploads'))
  const staged = await Promise.all(
    rels.map((rel) =>
      limit(async () => {
        try {
          return { rel, mtimeMs: await copyKeepingTime(path.join(dataDir, rel), path.join(staging, rel)) }
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
          throw err
        }
      }),
    ),
  )
  return staged.filter((s): s is Staged => s !== null)
}

/** '/uploads/a/b.webp' → 'uploads/a/b.webp'; null for anything that is not a plain upload path. */
function relOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null
  const rel = url.slice(1)
  return rel.split('/').some((part) => part === '..' || part === '' || part === '.') ? null : rel
}

export interface UploadsResult {
  files: string[]
  missing: string[]
}

/**
 * After the snapshot: keep the staged files it references or the grace protects, copy the referenced ones
 * staged too late, list the referenced ones found nowhere.
 */
export async function pruneUploads(dataDir: string, staging: string, staged: readonly Staged[], references: ReadonlySet<string>, graceMs: number, now = Date.now()): Promise<UploadsResult> {
  const wanted = new Set([...references].map(relOf).filter((rel): rel is string => rel !== null))
  const kept = new Set<string>()
  await Promise.all(
    staged.map((s) =>
      limit(async () => {
        if (wanted.has(s.rel) || now - s.mtimeMs < graceMs) kept.add(s.rel)
        else await rm(path.join(staging, s.rel), { force: true })
      }),
    ),
  )
  const missing: string[] = []
  const late = [...wanted].filter((rel) => !kept.has(rel))
  await Promise.all(
    late.map((rel) =>
      limit(async () => {
        try {
          await copyKeepingTime(path.join(dataDir, rel), path.join(staging, rel))
          kept.add(rel)
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
          missing.push(`/${rel}`)
        }
      }),
    ),
  )
  return { files: [...kept].sort(), missing: missing.sort() }
}

/** Copy a backup's uploads into DATA_DIR/uploads (modification times kept: the orphan grace counts from them). */
export async function restoreUploads(from: string, files: readonly string[], dataDir: string): Promise<void> {
  // Each path resolved under its folder (verify checked them too): a tampered entry never writes outside DATA_DIR.
  const copies = files.map((rel) => [entryPath(from, rel), entryPath(dataDir, rel)] as const)
  await mkdir(path.join(dataDir, 'uploads'), { recursive: true, mode: 0o700 })
  await Promise.all(copies.map(([source, target]) => limit(() => copyKeepingTime(source, target))))
}

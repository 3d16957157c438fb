import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, statfs, unlink } from 'node:fs/promises'
import path from 'node:path'
import { withoutInvisibleCharacters } from '../contract/users'
import { StorageFault } from '../db/faults'

/*
 * Where uploaded media lives: DATA_DIR/uploads/YYYY/MM/<random>.<ext>, served at /uploads/YYYY/MM/...
 * (server/http/static.ts). Names are always server-chosen (128 random bits); nothing of the client's file
 * name reaches the disk. Work files go to DATA_DIR/tmp and are renamed into place once complete, so a
 * half-written file is never visible under /uploads.
 */

export interface MediaStorage {
  uploadsDir: string
  tmpDir: string
}

export const UPLOADS_PREFIX = '/uploads/'

export function mediaStorage(uploadsDir: string): MediaStorage {
  return { uploadsDir, tmpDir: path.join(path.dirname(uploadsDir), 'tmp') }
}

/** A fresh private work directory (for one request's multipart files); remove it with `removeDir`. */
export async function makeWorkDir(storage: MediaStorage): Promise<string> {
  await mkdir(storage.tmpDir, { recursive: true, mode: 0o700 })
  return mkdtemp(path.join(storage.tmpDir, 'req-'))
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** Work directories left by uploads a crash or a kill interrupted: removed at start, before serving. */
export async function sweepWorkDirs(storage: MediaStorage): Promise<number> {
  const names = await readdir(storage.tmpDir).catch(() => [] as string[])
  const stale = names.filter((n) => n.startsWith('req-'))
  await Promise.all(stale.map((n) => removeDir(path.join(storage.tmpDir, n))))
  return stale.length
}

/** Below this much free space a failed media write is blamed on the disk, not on the file. */
const LOW_SPACE_BYTES = 2 * 1024 * 1024

/**
 * After a media write or decode failed: when the disk under `dir` is (nearly) full, throw a StorageFault
 * (answered 507) instead of letting the failure pass for a bad file. image and formidable errors do not
 * always carry ENOSPC (a file cut short by a full disk just fails to decode).
 */
export async function blameFullDisk(dir: string, err: unknown): Promise<void> {
  const fs = await statfs(dir).catch(() => null)
  if (fs && fs.bavail * fs.bsize < LOW_SPACE_BYTES) throw new StorageFault('full', err)
}

/** A new server-chosen location: `rel` is relative to the uploads root, `url` the public path. */
export function newMediaName(ext: string, suffix = '', now = new Date()): { rel: string; url: string } {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  const rel = `${month}/${randomBytes(16).toString('hex')}${suffix}.${ext}`
  return { rel, url: `${UPLOADS_PREFIX}${rel}` }
}

/** Move a finished work file to its final place under uploads (rename; copy across file systems). */
export async function commitFile(storage: MediaStorage, from: string, rel: string): Promise<void> {
  const to = path.join(storage.uploadsDir, rel)
  // Owner-only, like the rest of DATA_DIR: the server itself serves the files.
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
  await chmod(from, 0o600)
  try {
    await rename(from, to)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
    await copyFile(from, to)
    await unlink(from)
    await chmod(to, 0o600)
  }
}

/** The rule lives in the contract, shared with the admin note form's URL box. */
export { normalizeUploadUrl } from '../contract/media'

/** Absolute file path of an `/uploads/...` URL (already normalised), confined to the uploads root. */
export function uploadPath(storage: MediaStorage, url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null
  const full = path.resolve(storage.uploadsDir, url.slice(UPLOADS_PREFIX.length))
  return full.startsWith(storage.uploadsDir + path.sep) ? full : null
}

export async function uploadExists(storage: MediaStorage, url: string): Promise<boolean> {
  const file = uploadPath(storage, url)
  if (!file) return false
  try {
    await access(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

/** The feed-size rendition stored next to a display image: `<name>.webp` → `<name>.thumb.webp`. */
export function thumbnailUrlOf(url: string): string {
  return url.replace(/(\.[A-Za-z0-9]+)$/, '.thumb.webp')
}

/** The card-size rendition stored next to a display image: `<name>.webp` → `<name>.small.webp`. */
export function smallThumbnailUrlOf(url: string): string {
  return url.replace(/(\.[A-Za-z0-9]+)$/, '.small.webp')
}

/** The client's file name, reduced to something harmless to echo back (never used on disk). */
export function displayName(original: string | null | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? ''
  // Controls, bidi overrides and other invisible characters go: `photo\u202egnp.exe` must not show as "photoexe.png".
  return [...withoutInvisibleCharacters(base.normalize('NFC')).replace(/[<>"]/g, '')].slice(0, 200).join('') || 'file'
}

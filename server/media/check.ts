import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import type { Db } from '../db/sql'
import { DEFAULT_AVATAR } from '../contract/users'
import { execute, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { uploadsInHtml } from './lifecycle'
import { smallThumbnailUrlOf, thumbnailUrlOf, uploadPath, UPLOADS_PREFIX, type MediaStorage } from './storage'

/*
 * `npm run media:check` (server/cli/media-check.ts): files under uploads/ that no row references (orphans;
 * files younger than the grace period are left alone, an upload may be on its way into a note), and rows
 * whose upload file is missing. Repairs: orphans are deleted (with their ledger rows); a missing note image
 * row is deleted, a missing card thumbnail, cover or avatar cleared (cards fall back to the feed thumbnail), a missing ledger file's row deleted. A note whose video
 * file is missing is only reported: deleting it is a decision for a person.
 */

export interface MissingRef {
  table: 'post_images' | 'post_images.small_thumbnail_url' | 'post_videos' | 'post_videos.cover_url' | 'users' | 'media_files'
  id: number
  url: string
}

export interface MediaReport {
  orphans: string[]
  missing: MissingRef[]
}

async function walk(dir: string, base: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const out: string[] = []
  for (const e of entries) {
    const rel = `${base}${e.name}`
    if (e.isDirectory()) out.push(...(await walk(path.join(dir, e.name), `${rel}/`)))
    else if (e.isFile()) out.push(`${UPLOADS_PREFIX}${rel}`)
  }
  return out
}

type Row = { id: number; url: string | null }

/** An upload with the renditions that may be stored beside it (feed and card thumbnails). */
const withRenditions = (url: string) => [url, thumbnailUrlOf(url), smallThumbnailUrlOf(url)]

/** Every URL the database references, each with its thumbnail renditions. */
async function references(db: Db): Promise<{ urls: Set<string>; rows: Array<Row & { table: MissingRef['table'] }> }> {
  const rows: Array<Row & { table: MissingRef['table'] }> = []
  const add = async (table: MissingRef['table'], sql: string) => rows.push(...(await query<Row>(db, sql)).map((r) => ({ ...r, id: Number(r.id), table })))
  await add('post_images', 'SELECT id, url FROM post_images')
  await add('post_images', 'SELECT id, thumbnail_url AS url FROM post_images')
  await add('post_images.small_thumbnail_url', 'SELECT id, small_thumbnail_url AS url FROM post_images')
  await add('post_videos', 'SELECT id, url FROM post_videos')
  await add('post_videos.cover_url', 'SELECT id, cover_url AS url FROM post_videos')
  await add('users', 'SELECT id, avatar AS url FROM users')
  const urls = new Set<string>([DEFAULT_AVATAR])
  for (const r of rows) if (r.url) withRenditions(r.url).forEach((u) => urls.add(u))
  for (const table of ['posts', 'comments'])
    for (const p of await query<{ content: string }>(db, `SELECT content FROM ${table} WHERE content LIKE '%/uploads/%'`)) for (const u of uploadsInHtml(p.content)) withRenditions(u).forEach((v) => urls.add(v))
  return { urls, rows }
}

/** Every upload URL the rows of `db` reference, each with its thumbnail renditions (for backups). */
export async function referencedUploads(db: Db): Promise<Set<string>> {
  return (await references(db)).urls
}

export async function checkMedia(db: DataSource, storage: MediaStorage, graceMs: number, now = Date.now()): Promise<MediaReport> {
  const { urls, rows } = await references(db)
  const ledger = await query<{ id: number; url: string; thumbnail_url: string | null }>(db, 'SELECT id, url, thumbnail_url FROM media_files')
  const orphans: string[] = []
  for (const url of await walk(storage.uploadsDir, '')) {
    if (urls.has(url)) continue
    const file = uploadPath(storage, url)
    const info = file ? await stat(file).catch(() => null) : null
    if (info && now - info.mtimeMs >= graceMs) orphans.push(url)
  }
  const exists = async (url: string) => Boolean(await stat(uploadPath(storage, url) ?? '/nonexistent').catch(() => null))
  const missing: MissingRef[] = []
  for (const r of rows) if (r.url?.startsWith(UPLOADS_PREFIX) && r.url !== DEFAULT_AVATAR && !(await exists(r.url))) missing.push({ table: r.table, id: r.id, url: r.url })
  for (const l of ledger) if (!(await exists(l.url))) missing.push({ table: 'media_files', id: Number(l.id), url: l.url })
  return { orphans: orphans.sort(), missing }
}

/** Repair what checkMedia found; returns what could not be repaired (missing videos). */
export async function repairMedia(db: DataSource, storage: MediaStorage, report: MediaReport): Promise<MissingRef[]> {
  const left: MissingRef[] = []
  await inTransaction(db, async (m) => {
    for (const r of report.missing) {
      if (r.table === 'post_images') await execute(m, 'DELETE FROM post_images WHERE id = ?', [r.id])
      else if (r.table === 'post_images.small_thumbnail_url') await execute(m, 'UPDATE post_images SET small_thumbnail_url = NULL WHERE id = ?', [r.id])
      else if (r.table === 'post_videos.cover_url') await execute(m, 'UPDATE post_videos SET cover_url = NULL WHERE id = ?', [r.id])
      else if (r.table === 'users') await execute(m, 'UPDATE users SET avatar = ? WHERE id = ? AND avatar = ?', [DEFAULT_AVATAR, r.id, r.url])
      else if (r.table === 'media_files') await execute(m, 'DELETE FROM media_files WHERE id = ?', [r.id])
      else left.push(r)
    }
    for (const url of report.orphans) await execute(m, 'DELETE FROM media_files WHERE url = ? OR thumbnail_url = ? OR small_thumbnail_url = ?', [url, url, url])
  })
  await Promise.all(report.orphans.map((url) => rm(uploadPath(storage, url) ?? '/nonexistent', { force: true })))
  return left
}

import { rm } from 'node:fs/promises'
import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../config'
import { MediaFile } from '../db/entities'
import { dateParam, execute, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { uploadPath, type MediaStorage } from './storage'
import { msg } from '../i18n/message'

/*
 * The life of an uploaded file (issue 11 point 4). Every upload gets a row in the media_files ledger (owner,
 * bytes, time). A file is deleted when nothing references it any more: right after the write that removed
 * its last reference commits (a note deleted or edited, an avatar replaced, an account deleted), and by the
 * periodic sweep for uploads never used within the grace period. "Referenced" is one SQL condition over
 * every column that can hold an upload's URL (note images and thumbnails, videos and covers, avatars, images
 * inside a note's or a comment's rich text), checked inside the job that removes the ledger row, so a file still in use is
 * never taken. Only files the ledger knows are ever deleted automatically: the default avatar, demo media
 * and files from before the ledger are left to `npm run media:check`.
 *
 * Several instances may sweep at once: each claims rows with a DELETE in its own job (a row claimed twice
 * is deleted once), and file removal ignores files already gone.
 */

export interface MediaOwner {
  userId: number | null
  adminId: number | null
}

export interface LedgerEntry {
  url: string
  thumbnailUrl: string | null
  smallThumbnailUrl?: string | null
  kind: number
  bytes: number
}

export const QUOTA_MESSAGES = {
  quota: (mb: number) => msg('存储空间已用完（每位用户最多 {mb} MB），请删除不需要的笔记后再上传', { mb }),
  hourly: (n: number) => msg('上传太频繁（每小时最多 {count} 个文件），请稍后再试', { count: n }),
} as const

/** SQL: the upload at `col` (an expression holding its URL) is referenced by some row. */
function referenced(kind: DatabaseKind, col: string): string {
  const like = kind === 'mysql' ? `CONCAT('%', ${col}, '%')` : `'%' || ${col} || '%'`
  return [
    `EXISTS (SELECT 1 FROM post_images r WHERE r.url = ${col} OR r.thumbnail_url = ${col})`,
    `EXISTS (SELECT 1 FROM post_videos r WHERE r.url = ${col} OR r.cover_url = ${col})`,
    `EXISTS (SELECT 1 FROM users r WHERE r.avatar = ${col})`,
    `EXISTS (SELECT 1 FROM posts r WHERE r.content LIKE ${like})`,
    // a comment's images live in its text, as a note's do
    `EXISTS (SELECT 1 FROM comments r WHERE r.content LIKE ${like})`,
  ].join(' OR ')
}

interface Claimed {
  id: number
  url: string
  thumbnail_url: string | null
  small_thumbnail_url: string | null
}

/** Inside a job: take the ledger rows matching `where` that nothing references; their files are the caller's to remove. */
async function claimUnreferenced(m: EntityManager, where: string, params: unknown[], limit = ''): Promise<Claimed[]> {
  const rows = await query<Claimed>(m, `SELECT m.id, m.url, m.thumbnail_url, m.small_thumbnail_url FROM media_files m WHERE ${where} AND NOT (${referenced(kindOf(m), 'm.url')}) ${limit}`, params as never[])
  for (const row of rows) await execute(m, 'DELETE FROM media_files WHERE id = ?', [Number(row.id)])
  return rows
}

async function removeFiles(storage: MediaStorage, rows: readonly Claimed[]): Promise<void> {
  const files = rows.flatMap((r) => [r.url, r.thumbnail_url, r.small_thumbnail_url]).flatMap((url) => (url ? [uploadPath(storage, url)] : [])).filter((f): f is string => f !== null)
  await Promise.all(files.map((f) => rm(f, { force: true })))
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/**
 * After a write that dropped references to `urls` committed: delete those of them that nothing references
 * now (ledger row, file and its thumbnails). Never throws: a failure leaves the file to the sweep.
 */
export async function releaseMedia(deps: Pick<AppDeps, 'db' | 'logger'>, storage: MediaStorage, urls: Iterable<string>): Promise<number> {
  const list = [...new Set(urls)].filter((u) => u.startsWith('/uploads/'))
  if (!list.length) return 0
  try {
    let released = 0
    for (let i = 0; i < list.length; i += 200) {
      const chunk = list.slice(i, i + 200)
      const rows = await inTransaction(deps.db, (m) => claimUnreferenced(m, `m.url IN (${placeholders(chunk.length)})`, chunk))
      await removeFiles(storage, rows)
      released += rows.length
    }
    return released
  } catch (err) {
    deps.logger.warn({ err }, 'releasing media failed; the orphan sweep will retry')
    return 0
  }
}

/** The uploads a member still owns in the ledger (for account deletion: every one of them goes). */
export async function ownedMedia(db: DataSource | EntityManager, userId: number): Promise<string[]> {
  return (await query<{ url: string }>(db, 'SELECT url FROM media_files WHERE user_id = ?', [userId])).map((r) => r.url)
}

/** Upload URLs in a note's rich text (`<img src="/uploads/...">`). */
export function uploadsInHtml(html: string): string[] {
  return [...html.matchAll(/src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]!)
}

/** One sweep: ledger rows older than the grace period that nothing references, with their files. */
export async function sweepOrphans(deps: Pick<AppDeps, 'db' | 'logger' | 'config'>, now = new Date()): Promise<number> {
  const storage = { uploadsDir: deps.config.uploadsDir, tmpDir: '' }
  const cutoff = dateParam(deps.config.database.kind, new Date(now.getTime() - deps.config.media.orphanGraceMs))
  let swept = 0
  for (;;) {
    const rows = await inTransaction(deps.db, (m) => claimUnreferenced(m, 'm.created_at < ?', [cutoff], 'ORDER BY m.id LIMIT 200'))
    if (!rows.length) return swept
    await removeFiles(storage, rows)
    swept += rows.length
    if (rows.length < 200) return swept
  }
}

/** Run the sweep every `sweepIntervalMs` (0: never); returns the stop function. */
export function startOrphanSweep(deps: Pick<AppDeps, 'db' | 'logger' | 'config'>): () => void {
  const every = deps.config.media.sweepIntervalMs
  if (!every) return () => {}
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sweepOrphans(deps)
      .then((n) => n && deps.logger.info({ swept: n }, 'removed uploads nothing references'))
      .catch((err: unknown) => deps.logger.warn({ err }, 'orphan sweep failed'))
      .finally(() => (running = false))
  }, every)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Before storing an upload of `incoming` bytes: 413 when the member's stored files would pass the quota,
 * 429 when the hour's upload budget is spent. Administrators have neither.
 */
export async function checkUploadBudget(deps: Pick<AppDeps, 'db' | 'config'>, owner: MediaOwner, incoming: number, files = 1): Promise<void> {
  if (owner.userId === null) return
  const { quotaBytes, uploadsPerHour } = deps.config.media
  const since = dateParam(deps.config.database.kind, new Date(Date.now() - 3600_000))
  const [row] = await query<{ bytes: number | string | null; recent: number | string | null }>(
    deps.db,
    'SELECT COALESCE(SUM(bytes), 0) AS bytes, COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0) AS recent FROM media_files WHERE user_id = ?',
    [since, owner.userId],
  )
  if (Number(row?.bytes ?? 0) + incoming > quotaBytes) throw new AppError(413, QUOTA_MESSAGES.quota(Math.round(quotaBytes / 1024 / 1024)))
  if (Number(row?.recent ?? 0) + files > uploadsPerHour) throw new AppError(429, QUOTA_MESSAGES.hourly(uploadsPerHour))
}

/** Record stored uploads in the ledger (after their files are in place). */
export async function recordUploads(db: DataSource, owner: MediaOwner, entries: readonly LedgerEntry[]): Promise<void> {
  if (!entries.length) return
  await inTransaction(db, (m) =>
    m.getRepository(MediaFile).insert(entries.map((e) => ({ url: e.url, thumbnail_url: e.thumbnailUrl, small_thumbnail_url: e.smallThumbnailUrl ?? null, user_id: owner.userId, admin_id: owner.adminId, kind: e.kind, bytes: e.bytes }))),
  )
}

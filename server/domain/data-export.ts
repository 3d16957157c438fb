import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { DataExportReply } from '../contract/data-export'
import { DataExport, EXPORT_STATUS } from '../db/entities'
import { toIso } from '../db/reader'
import { dateParam, execute, forUpdate, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { AppError, NotFound } from '../errors'
import { writeArchive } from './data-export-archive'
import { notifyFromSite } from './notifications'

/*
 * A member's export of their own data (issue 21 part 5, docs/data-export.md). Asking records a pending row
 * (one export per member in any 24 hours; a failed one does not count) and the instance that was asked
 * builds the zip in the background (data-export-archive.ts) into DATA_DIR/exports/<users.id>/, then marks it
 * ready and tells the member with a system notification. The zip is served to that member only, for
 * AVAILABLE_MS; the sweep removes expired zips and folders whose account is gone, and marks builds that
 * never finished (the instance stopped) as failed. Deleting the account deletes the rows (ON DELETE CASCADE)
 * and the folder.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const AVAILABLE_MS = DAY_MS
/** A build still pending after this long was cut short (a restart): failed, so the member may ask again. */
const STALE_BUILD_MS = 60 * 60 * 1000

export const EXPORT_MESSAGES = {
  onceADay: '每天只能导出一次数据，请稍后再试',
  notFound: '导出文件不存在或已过期',
  ready: { title: '你的数据已导出', content: '你申请的个人数据导出已生成，可在「账号与安全」中下载，24 小时内有效。' },
  failed: { title: '数据导出失败', content: '生成你的数据导出时出错，请稍后在「账号与安全」中重新申请。' },
} as const

const exportsRoot = (deps: Pick<AppDeps, 'config'>) => path.join(deps.config.dataDir, 'exports')
const folderOf = (deps: Pick<AppDeps, 'config'>, userId: number) => path.join(exportsRoot(deps), String(userId))

interface Row {
  id: number | string
  user_id: number | string
  status: number | string
  file_name: string | null
  created_at: unknown
  ready_at: unknown
  expires_at: unknown
}

const COLUMNS = 'id, user_id, status, file_name, created_at, ready_at, expires_at'
const STATUS_NAMES = ['pending', 'ready', 'failed'] as const

function present(row: Row): DataExportReply {
  const status = STATUS_NAMES[Number(row.status)] ?? 'failed'
  const expiresAt = row.expires_at ? toIso(row.expires_at) : null
  const expired = expiresAt !== null && Date.parse(expiresAt) <= Date.now()
  return {
    id: Number(row.id),
    status: expired ? 'expired' : status,
    created_at: toIso(row.created_at),
    ready_at: row.ready_at ? toIso(row.ready_at) : null,
    expires_at: expiresAt,
    download_url: status === 'ready' && !expired ? `/api/users/data-export/${Number(row.id)}/download` : null,
  }
}

/** The member's latest export, or null. */
export async function latestExport(deps: AppDeps, userId: number): Promise<DataExportReply | null> {
  const [row] = await query<Row>(deps.db, `SELECT ${COLUMNS} FROM data_exports WHERE user_id = ? ORDER BY id DESC LIMIT 1`, [userId])
  return row ? present(row) : null
}

/** Ask for an export: 429 (with Retry-After) within 24 hours of the last one that did not fail. */
export async function requestExport(deps: AppDeps, userId: number): Promise<DataExportReply> {
  const now = new Date()
  const row = await inTransaction(
    deps.db,
    async (m) => {
      const kind = kindOf(m)
      await query(m, `SELECT id FROM users WHERE id = ?${forUpdate(kind)}`, [userId])
      const [recent] = await query<{ created_at: unknown }>(
        m,
        'SELECT created_at FROM data_exports WHERE user_id = ? AND status <> ? AND created_at > ? ORDER BY created_at DESC LIMIT 1',
        [userId, EXPORT_STATUS.failed, dateParam(kind, new Date(now.getTime() - DAY_MS))],
      )
      if (recent) {
        const wait = (Date.parse(toIso(recent.created_at)) + DAY_MS - now.getTime()) / 1000
        throw new AppError(429, EXPORT_MESSAGES.onceADay, { retry_after: Math.ceil(wait) }, { 'Retry-After': String(Math.max(1, Math.ceil(wait))) })
      }
      const saved = await m.getRepository(DataExport).save(m.getRepository(DataExport).create({ user_id: userId, status: EXPORT_STATUS.pending, file_name: null, ready_at: null, expires_at: null }))
      const [fresh] = await query<Row>(m, `SELECT ${COLUMNS} FROM data_exports WHERE id = ?`, [saved.id])
      return fresh!
    },
    { changesCards: false },
  )
  deps.background.run(() => buildExport(deps, Number(row.id), userId))
  return present(row)
}

/** Build one export: the zip goes to a temporary name and is renamed once complete; then the row and the notification. */
async function buildExport(deps: AppDeps, exportId: number, userId: number): Promise<void> {
  const folder = folderOf(deps, userId)
  const fileName = `shiliu-data-${randomBytes(12).toString('hex')}.zip`
  const target = path.join(folder, fileName)
  const partial = `${target}.part`
  try {
    await mkdir(folder, { recursive: true })
    await writeArchive(deps, userId, partial)
    await rename(partial, target)
    const ready = new Date()
    const done = await inTransaction(
      deps.db,
      async (m) => {
        const kind = kindOf(m)
        const changed = await execute(m, 'UPDATE data_exports SET status = ?, file_name = ?, ready_at = ?, expires_at = ? WHERE id = ? AND status = ?', [
          EXPORT_STATUS.ready,
          fileName,
          dateParam(kind, ready),
          dateParam(kind, new Date(ready.getTime() + AVAILABLE_MS)),
          exportId,
          EXPORT_STATUS.pending,
        ])
        if (changed) await notifyFromSite(m, [userId], EXPORT_MESSAGES.ready)
        return changed > 0
      },
      { changesCards: false },
    )
    // The account was deleted (or the row swept) meanwhile: the file has no owner.
    if (!done) await rm(target, { force: true })
  } catch (err) {
    deps.logger.warn({ err, exportId }, 'data export failed')
    await rm(partial, { force: true }).catch(() => undefined)
    await markFailed(deps, exportId, userId).catch((e: unknown) => deps.logger.warn({ err: e, exportId }, 'data export not marked failed'))
  }
}

async function markFailed(deps: AppDeps, exportId: number, userId: number): Promise<void> {
  await inTransaction(
    deps.db,
    async (m) => {
      const changed = await execute(m, 'UPDATE data_exports SET status = ? WHERE id = ? AND status = ?', [EXPORT_STATUS.failed, exportId, EXPORT_STATUS.pending])
      if (changed) await notifyFromSite(m, [userId], EXPORT_MESSAGES.failed)
    },
    { changesCards: false },
  )
}

/** The zip of a ready, unexpired export of this member; 404 for anything else (another member's included). */
export async function exportFile(deps: AppDeps, userId: number, exportId: number): Promise<{ file: string; name: string }> {
  const [row] = await query<Row>(deps.db, `SELECT ${COLUMNS} FROM data_exports WHERE id = ? AND user_id = ?`, [exportId, userId])
  if (!row || !row.file_name || present(row).status !== 'ready') throw NotFound(EXPORT_MESSAGES.notFound)
  const created = toIso(row.created_at).slice(0, 10)
  return { file: path.join(folderOf(deps, userId), row.file_name), name: `shiliu-data-${created}.zip` }
}

/** With the account: its export folder (the rows go with the user's row). */
export async function removeExportsOf(deps: Pick<AppDeps, 'config'>, userId: number): Promise<void> {
  await rm(folderOf(deps, userId), { recursive: true, force: true })
}

/**
 * Expired zips, folders whose account is gone, and builds cut short: removed or marked failed. Rows of
 * expired exports stay (they carry the once-a-day rule and the member's history) with file_name cleared.
 */
export async function sweepExports(deps: AppDeps): Promise<number> {
  const now = new Date()
  const kind = kindOf(deps.db)
  const expired = await query<Row>(deps.db, `SELECT ${COLUMNS} FROM data_exports WHERE file_name IS NOT NULL AND expires_at <= ?`, [dateParam(kind, now)])
  let removed = 0
  for (const row of expired) {
    await rm(path.join(folderOf(deps, Number(row.user_id)), row.file_name!), { force: true })
    removed++
  }
  if (expired.length) {
    await inTransaction(deps.db, (m) => execute(m, `UPDATE data_exports SET file_name = NULL WHERE id IN (${expired.map(() => '?').join(', ')})`, expired.map((r) => Number(r.id))), {
      changesCards: false,
    })
  }
  const stale = await query<Row>(deps.db, `SELECT ${COLUMNS} FROM data_exports WHERE status = ? AND created_at < ?`, [EXPORT_STATUS.pending, dateParam(kind, new Date(now.getTime() - STALE_BUILD_MS))])
  for (const row of stale) await markFailed(deps, Number(row.id), Number(row.user_id))
  const folders = await readdir(exportsRoot(deps)).catch(() => [] as string[])
  const owners = new Set((await query<{ user_id: number | string }>(deps.db, 'SELECT DISTINCT user_id FROM data_exports')).map((r) => String(r.user_id)))
  for (const name of folders.filter((f) => !owners.has(f))) {
    await rm(path.join(exportsRoot(deps), name), { recursive: true, force: true })
    removed++
  }
  return removed
}

const SWEEP_EVERY_MS = 60 * 60 * 1000

/** The hourly sweep of this instance (server/main.ts); returns what stops it. */
export function startExportSweep(deps: AppDeps): () => void {
  let running = false
  const run = () => {
    if (running) return
    running = true
    sweepExports(deps)
      .then((n) => n && deps.logger.info({ removed: n }, 'removed expired data exports'))
      .catch((err: unknown) => deps.logger.warn({ err }, 'data export sweep failed'))
      .finally(() => (running = false))
  }
  const first = setTimeout(run, 30_000)
  const timer = setInterval(run, SWEEP_EVERY_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}

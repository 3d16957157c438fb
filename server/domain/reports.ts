import type { DataSource, EntityManager } from 'typeorm'
import { MODERATION_MESSAGES, REPORTS_PER_DAY, type ReportCreateBody, type ReportTargetType } from '../contract/moderation'
import { REPORT_GROUP_STATUS } from '../db/entities'
import { toBool, toIso } from '../db/reader'
import { listedComment, listedNote } from '../db/visibility'
import { dateParam, execute, forUpdate, kindOf, query } from '../db/sql'
import { afterCommit, inTransaction } from '../db/transaction'
import { Conflict, Invalid, NotFound, TooMany } from '../errors'
import { eventBusOf } from '../events/bus'

/*
 * Member reports (issue 18 part 1). Reports of one target are grouped while open (report_groups, one open
 * group per target by its unique open_key): the moderation queue lists the groups; an action on a group
 * closes it with every report in it, so a reporter can report the same target again only after it was
 * handled. Each member may file REPORTS_PER_DAY reports in any 24 hours, counted over the reports table.
 */

const DAY_MS = 24 * 60 * 60 * 1000

export interface ReportTargetRef {
  type: ReportTargetType
  /** posts.id, comments.id or users.id. */
  id: number
  /** The target's author (the user itself for a user target). */
  authorId: number
}

/**
 * Inside a write job that changes the moderation queue (a report filed, a group handled): once it commits,
 * the administrators' streams (http/admin/stream.ts) on every instance send the new groups and the count.
 */
export function announceQueueChange(manager: EntityManager): void {
  afterCommit(manager, (db) => eventBusOf(db)?.publish({ kind: 'admin', topic: 'reports' }))
}

/** The open group's key of a target. */
export const openKey = (type: ReportTargetType, id: number) => `${type}:${id}`

const numericId = (value: string | number): number | null => {
  const n = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null
}

/**
 * The target a member may report: a listed note, a listed comment on one, or an active member (by 石榴号).
 * What the reporter cannot see (a draft, hidden or held content) is a 404, as reading it is.
 */
export async function resolveReportTarget(db: DataSource | EntityManager, type: ReportTargetType, rawId: string | number): Promise<ReportTargetRef> {
  if (type === 'user') {
    const [user] = await query<{ id: number; is_active: unknown }>(db, 'SELECT id, is_active FROM users WHERE user_id = ?', [String(rawId)])
    if (!user || !toBool(user.is_active)) throw NotFound(MODERATION_MESSAGES.userNotFound)
    return { type, id: Number(user.id), authorId: Number(user.id) }
  }
  const id = numericId(rawId)
  if (type === 'post') {
    const [note] = id ? await query<{ user_id: number }>(db, `SELECT p.user_id FROM posts p WHERE p.id = ? AND ${listedNote('p')}`, [id]) : []
    if (!id || !note) throw NotFound(MODERATION_MESSAGES.postNotFound)
    return { type, id, authorId: Number(note.user_id) }
  }
  const [comment] = id ? await query<{ user_id: number }>(db, `SELECT c.user_id FROM comments c INNER JOIN posts p ON p.id = c.post_id WHERE c.id = ? AND ${listedComment('c')} AND ${listedNote('p')}`, [id]) : []
  if (!id || !comment) throw NotFound(MODERATION_MESSAGES.commentNotFound)
  return { type, id, authorId: Number(comment.user_id) }
}

interface GroupRow {
  id: number
  reasons: string | null
}

function mergedReasons(stored: string | null, reason: string): string {
  let list: string[] = []
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : []
    if (Array.isArray(parsed)) list = parsed.map(String)
  } catch {
    list = []
  }
  return JSON.stringify(list.includes(reason) ? list : [...list, reason])
}

/** The daily budget: 429 with the time until the oldest report of the last 24 hours leaves the window. */
async function checkDailyBudget(manager: EntityManager, reporterId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS)
  const rows = await query<{ created_at: unknown }>(
    manager,
    `SELECT created_at FROM reports WHERE reporter_id = ? AND created_at > ? ORDER BY created_at ASC`,
    [reporterId, dateParam(kindOf(manager), since)],
  )
  if (rows.length < REPORTS_PER_DAY) return
  const oldest = Date.parse(toIso(rows[0]!.created_at))
  throw TooMany((oldest + DAY_MS - now.getTime()) / 1000)
}

/** File a report: 404 for what the reporter cannot see, 400 for their own content, 409 when already reported, 429 past the daily budget. */
export async function createReport(db: DataSource, reporterId: number, input: ReportCreateBody): Promise<number> {
  return inTransaction(
    db,
    async (manager) => {
      // The reporter's row first: one member's reports queue behind each other, so the budget is exact.
      await query(manager, `SELECT id FROM users WHERE id = ?${forUpdate(kindOf(manager))}`, [reporterId])
      const target = await resolveReportTarget(manager, input.target_type, input.target_id)
      if (target.authorId === reporterId) throw Invalid(MODERATION_MESSAGES.self)
      const now = new Date()
      await checkDailyBudget(manager, reporterId, now)
      const kind = kindOf(manager)
      const key = openKey(target.type, target.id)
      const at = dateParam(kind, now)
      let [group] = await query<GroupRow>(manager, `SELECT id, reasons FROM report_groups WHERE open_key = ?${forUpdate(kind)}`, [key])
      if (!group) {
        await execute(
          manager,
          'INSERT INTO report_groups (target_type, target_id, author_id, open_key, status, report_count, reasons, first_reported_at, latest_reported_at, created_at) VALUES (?, ?, ?, ?, ?, 0, NULL, ?, ?, ?)',
          [target.type, target.id, target.authorId, key, REPORT_GROUP_STATUS.open, at, at, at],
        )
        ;[group] = await query<GroupRow>(manager, 'SELECT id, reasons FROM report_groups WHERE open_key = ?', [key])
      }
      const groupId = Number(group!.id)
      const [already] = await query(manager, 'SELECT id FROM reports WHERE group_id = ? AND reporter_id = ?', [groupId, reporterId])
      if (already) throw Conflict(MODERATION_MESSAGES.duplicate)
      await execute(manager, 'INSERT INTO reports (group_id, reporter_id, reason, description, created_at) VALUES (?, ?, ?, ?, ?)', [groupId, reporterId, input.reason, input.description || null, at])
      await execute(manager, 'UPDATE report_groups SET report_count = report_count + 1, reasons = ?, latest_reported_at = ? WHERE id = ?', [mergedReasons(group!.reasons, input.reason), at, groupId])
      const [mine] = await query<{ id: number }>(manager, 'SELECT id FROM reports WHERE group_id = ? AND reporter_id = ?', [groupId, reporterId])
      announceQueueChange(manager)
      return Number(mine!.id)
    },
    { changesCards: false },
  )
}

/** Whether the member has an open (not yet handled) report of the target: the 已举报 state. */
export async function hasOpenReport(db: DataSource, reporterId: number, type: ReportTargetType, rawId: string): Promise<boolean> {
  let id: number | null
  if (type === 'user') {
    const [user] = await query<{ id: number }>(db, 'SELECT id FROM users WHERE user_id = ?', [rawId])
    id = user ? Number(user.id) : null
  } else id = numericId(rawId)
  if (id === null) return false
  const rows = await query(db, 'SELECT r.id FROM report_groups g INNER JOIN reports r ON r.group_id = g.id WHERE g.open_key = ? AND r.reporter_id = ?', [openKey(type, id), reporterId])
  return rows.length > 0
}

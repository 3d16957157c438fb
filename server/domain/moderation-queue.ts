import type { DataSource, EntityManager } from 'typeorm'
import type { ReportTargetType } from '../contract/moderation'
import { REPORT_GROUP_STATUS } from '../db/entities'
import { dateParam, execute, forUpdate, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { Conflict, Invalid, NotFound } from '../errors'
import { banInTransaction, type PlacedBan } from './bans'
import { notifyFromSite } from './notifications'
import { announceQueueChange } from './reports'
import { known, msg, type Message } from '../i18n/message'

/*
 * The moderation queue's actions on a report group (issue 18 part 3). An action's effect on the target
 * (hide, delete) runs first through its own command; then one transaction closes the group with every
 * report in it, applies what belongs to the people (a warning, a ban) and tells each reporter that the
 * report was handled. The caller writes the audit entry with what this returns.
 */

export const QUEUE_ACTIONS = ['dismiss', 'hide', 'delete', 'warn', 'ban'] as const
export type QueueAction = (typeof QUEUE_ACTIONS)[number]

export const QUEUE_MESSAGES = {
  notFound: '举报不存在',
  handled: '该举报已处理',
  handledMeanwhile: '该举报已被其他管理员处理',
  userTarget: '用户不能隐藏或删除，请使用警告或封禁',
  notHidden: '该内容当前未被隐藏',
  gone: '被举报的内容已不存在',
} as const

export interface ReportGroupRef {
  id: number
  targetType: ReportTargetType
  targetId: number
  authorId: number
  open: boolean
  resolution: string | null
}

export async function loadGroup(db: DataSource | EntityManager, id: number, lock = false): Promise<ReportGroupRef> {
  const [row] = await query<{ id: number; target_type: ReportTargetType; target_id: number; author_id: number; status: number; resolution: string | null }>(
    db,
    `SELECT id, target_type, target_id, author_id, status, resolution FROM report_groups WHERE id = ?${lock ? forUpdate(kindOf(db)) : ''}`,
    [id],
  )
  if (!row) throw NotFound(QUEUE_MESSAGES.notFound)
  return {
    id: Number(row.id),
    targetType: row.target_type,
    targetId: Number(row.target_id),
    authorId: Number(row.author_id),
    open: Number(row.status) === REPORT_GROUP_STATUS.open,
    resolution: row.resolution,
  }
}

/** An open group, or 400 when it was already handled. */
export async function openGroup(db: DataSource, id: number): Promise<ReportGroupRef> {
  const group = await loadGroup(db, id)
  if (!group.open) throw Invalid(QUEUE_MESSAGES.handled)
  return group
}

const TARGET_NOUN: Record<ReportTargetType, string> = { post: '笔记', comment: '评论', user: '用户' }

/** What the reporters are told each action did. */
const OUTCOME: Record<QueueAction, string> = {
  dismiss: '经核实，暂未发现违反社区规范的情况',
  hide: '该内容已被隐藏',
  delete: '该内容已被删除',
  warn: '已对发布者进行警告',
  ban: '已限制发布者的账号',
}

/** What the author is told (a warning carries the moderator's own text). */
function authorNotice(action: QueueAction, noun: Message, reason: string): { title: Message | string; content: Message | string } | null {
  if (action === 'hide') return { title: msg('你的{noun}已被隐藏', { noun }), content: msg('你的{noun}因违反社区规范已被隐藏，仅你自己可见。原因：{reason}', { noun, reason }) }
  if (action === 'delete') return { title: msg('你的{noun}已被删除', { noun }), content: msg('你的{noun}因违反社区规范已被删除。原因：{reason}', { noun, reason }) }
  if (action === 'warn') return { title: '社区警告', content: reason }
  return null // dismiss: nothing to tell; ban: the ban command tells the member itself
}

export interface CloseInput {
  action: QueueAction
  adminId: number
  /** The moderator's reason (shown to the author for hide, delete and warn, stored with the group). */
  reason: string
  /** For ban: the end (null = permanent). */
  banEndsAt?: Date | null
  /** The note concerned, for the notifications' link (null once it is deleted). */
  postId?: number | null
}

export interface Closed {
  /** Ids of the reports the action closed. */
  reports: number[]
  target: string
  ban?: PlacedBan
}

/** Close an open group by an action: reports closed, warning or ban applied, reporters and author told. */
export async function closeGroup(db: DataSource, groupId: number, input: CloseInput): Promise<Closed> {
  return inTransaction(
    db,
    async (manager) => {
      const group = await loadGroup(manager, groupId, true)
      if (!group.open) throw Conflict(QUEUE_MESSAGES.handledMeanwhile)
      const reports = await query<{ id: number; reporter_id: number }>(manager, 'SELECT id, reporter_id FROM reports WHERE group_id = ? ORDER BY id', [groupId])
      const now = dateParam(kindOf(manager), new Date())
      await execute(manager, 'UPDATE report_groups SET status = ?, open_key = NULL, resolution = ?, resolution_note = ?, resolved_by = ?, resolved_at = ? WHERE id = ?', [
        REPORT_GROUP_STATUS.handled,
        input.action,
        input.reason.slice(0, 200),
        input.adminId,
        now,
        groupId,
      ])
      const noun = known(TARGET_NOUN[group.targetType])
      const link = { postId: input.postId ?? null, commentId: group.targetType === 'comment' && input.action !== 'delete' ? group.targetId : null }
      await notifyFromSite(
        manager,
        reports.map((r) => Number(r.reporter_id)),
        { title: '你的举报已处理', content: msg('你举报的{noun}已处理：{outcome}。感谢你帮助维护社区环境。', { noun, outcome: known(OUTCOME[input.action]) }), ...link },
      )
      announceQueueChange(manager)
      const notice = authorNotice(input.action, noun, input.reason)
      if (notice) await notifyFromSite(manager, [group.authorId], { ...notice, ...link })
      const closed: Closed = { reports: reports.map((r) => Number(r.id)), target: `${group.targetType}:${group.targetId}` }
      if (input.action === 'ban') closed.ban = await banInTransaction(manager, { userId: group.authorId, adminId: input.adminId, reason: input.reason, endsAt: input.banEndsAt ?? null })
      return closed
    },
    { changesCards: false },
  )
}

/** After a restore: record it on the group and tell the author. */
export async function recordRestore(db: DataSource, group: ReportGroupRef, adminId: number, postId: number | null): Promise<void> {
  await inTransaction(
    db,
    async (manager) => {
      await execute(manager, 'UPDATE report_groups SET resolution = ?, resolved_by = ?, resolved_at = ? WHERE id = ?', ['restore', adminId, dateParam(kindOf(manager), new Date()), group.id])
      const noun = known(TARGET_NOUN[group.targetType])
      await notifyFromSite(manager, [group.authorId], {
        title: msg('你的{noun}已恢复显示', { noun }),
        content: msg('经复核，你的{noun}已恢复显示。', { noun }),
        postId,
        commentId: group.targetType === 'comment' ? group.targetId : null,
      })
    },
    { changesCards: false },
  )
}

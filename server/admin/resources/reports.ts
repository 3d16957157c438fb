import { z } from 'zod'
import { intFilter, textFilter } from '../../contract/admin/list'
import { banEnd, queueBanBody, queueNoteBody, queueReasonBody, queueWarnBody } from '../../contract/admin/reports'
import { Admin, Comment, Post, ReportGroup, User } from '../../db/entities'
import { inList } from '../../db/reader'
import { query } from '../../db/sql'
import type { AppDeps } from '../../deps'
import { closeGroup, loadGroup, openGroup, QUEUE_MESSAGES, recordRestore } from '../../domain/moderation-queue'
import { Invalid } from '../../errors'
import { date, int, list, str, toIso, type Row } from '../fields'
import { actionWith, type ActionAudit, type AdminResource } from '../resource'
import { deleteTarget, hideTarget, restoreTarget, targetState } from './report-targets'

/*
 * The moderation queue (issue 18 part 3): members' open reports grouped by target, one row per group,
 * with the target's preview and author; sortable by count and by latest report. Its actions close the
 * group: dismiss, hide (restore undoes it later), delete, warn the author, ban the author. Each is audited
 * by the generic mechanism with the reason and the ids of the reports it closed.
 */

const audit = (reason: string | null | undefined, closed: { reports: number[]; target: string }, extra: Record<string, unknown> = {}): ActionAudit => ({
  ...(reason ? { note: reason } : {}),
  detail: { target: closed.target, reports: closed.reports, ...extra },
})

/** The reports of a page of groups (reporter, reason, text), in one query. */
async function loadReports(deps: AppDeps, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id))
  const inIds = inList(ids)
  const reports = await query<{ id: number; group_id: number; reason: string; description: string | null; created_at: unknown; user_id: string; nickname: string }>(
    deps.db,
    `SELECT r.id, r.group_id, r.reason, r.description, r.created_at, u.user_id, u.nickname FROM reports r INNER JOIN users u ON u.id = r.reporter_id WHERE r.group_id IN ${inIds.sql} ORDER BY r.id`,
    inIds.params,
  )
  const byGroup = new Map<number, Row[]>()
  for (const r of reports) {
    const entry = { id: Number(r.id), reason: r.reason, description: r.description, reporter_display_id: r.user_id, reporter_nickname: r.nickname, created_at: toIso(r.created_at) }
    byGroup.set(Number(r.group_id), [...(byGroup.get(Number(r.group_id)) ?? []), entry])
  }
  for (const row of rows) row.reports = byGroup.get(Number(row.id)) ?? []
}

const reportSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  reporter_display_id: z.string(),
  reporter_nickname: z.string(),
  created_at: z.string(),
})

export const reports: AdminResource = {
  name: 'reports',
  label: '举报',
  description:
    '审核队列：按对象分组的举报（status：0 待处理，1 已处理；target_type：post 笔记，comment 评论，user 用户；resolution：dismiss 驳回，hide 隐藏，restore 已恢复，delete 删除，warn 警告，ban 封禁）',
  entity: ReportGroup,
  alias: 'g',
  joins: (qb) =>
    qb
      .leftJoin(Post, 'p', "g.target_type = 'post' AND p.id = g.target_id")
      .leftJoin(Comment, 'c', "g.target_type = 'comment' AND c.id = g.target_id")
      .leftJoin(User, 'a', 'a.id = g.author_id')
      .leftJoin(Admin, 'm', 'm.id = g.resolved_by'),
  fields: {
    id: int('g.id'),
    target_type: str('g.target_type'),
    target_id: int('g.target_id', { description: '笔记ID、评论ID或用户ID（内部ID）' }),
    status: int('g.status'),
    report_count: int('g.report_count'),
    reasons: list('g.reasons', { description: '出现过的举报原因' }),
    first_reported_at: date('g.first_reported_at'),
    latest_reported_at: date('g.latest_reported_at'),
    author_id: int('g.author_id'),
    author_display_id: str('a.user_id', { nullable: true }),
    author_nickname: str('a.nickname', { nullable: true }),
    author_avatar: str('a.avatar', { nullable: true }),
    post_id: int('COALESCE(p.id, c.post_id)', { nullable: true, description: '相关笔记（评论所在的笔记）；已删除为 null' }),
    preview_title: str('p.title', { nullable: true }),
    preview_content: str("COALESCE(p.content, c.content, CASE WHEN g.target_type = 'user' THEN a.bio END)", { nullable: true, description: '被举报内容（富文本）；用户为简介' }),
    target_moderation: int('COALESCE(p.moderation, c.moderation)', { nullable: true, description: '0 可见，1 已隐藏，2 审核中，3 未通过；用户或已删除为 null' }),
    resolution: str('g.resolution', { nullable: true }),
    resolution_note: str('g.resolution_note', { nullable: true }),
    resolved_by: str('m.username', { nullable: true }),
    resolved_at: date('g.resolved_at', { nullable: true }),
  },
  expand: { schema: { reports: z.array(reportSchema).describe('该组的每条举报') }, load: loadReports },
  filters: {
    status: { sql: 'g.status', schema: intFilter },
    target_type: { sql: 'g.target_type', schema: textFilter },
    resolution: { sql: 'g.resolution', schema: textFilter },
  },
  search: ['a.user_id', 'a.nickname', 'p.title'],
  userDisplayId: 'a.user_id',
  sortable: ['latest_reported_at', 'report_count', 'first_reported_at', 'id'],
  defaultSort: { field: 'latest_reported_at', order: 'desc' },
  actions: [
    actionWith({
      method: 'post',
      path: '/dismiss',
      summary: '驳回举报（不处理内容）',
      action: 'dismiss',
      body: queueNoteBody,
      message: '已驳回举报',
      run: async ({ deps, admin }, id, input) => {
        const group = await openGroup(deps.db, id)
        const state = await targetState(deps, group)
        const closed = await closeGroup(deps.db, id, { action: 'dismiss', adminId: admin.id, reason: input.reason ?? '', postId: state.postId })
        return audit(input.reason, closed)
      },
    }),
    actionWith({
      method: 'post',
      path: '/hide',
      summary: '隐藏被举报的笔记或评论（仅作者和管理员可见）',
      action: 'hide',
      body: queueReasonBody,
      message: '已隐藏',
      run: async ({ deps, admin }, id, input) => {
        const group = await openGroup(deps.db, id)
        const state = await hideTarget(deps, group, input.reason)
        return audit(input.reason, await closeGroup(deps.db, id, { action: 'hide', adminId: admin.id, reason: input.reason, postId: state.postId }))
      },
    }),
    actionWith({
      method: 'post',
      path: '/restore',
      summary: '恢复已隐藏的笔记或评论',
      action: 'restore',
      body: queueNoteBody,
      message: '已恢复显示',
      run: async ({ deps, admin }, id, input) => {
        const group = await loadGroup(deps.db, id)
        if (group.open) throw Invalid(QUEUE_MESSAGES.notHidden)
        const state = await restoreTarget(deps, group)
        await recordRestore(deps.db, group, admin.id, state.postId)
        return { ...(input.reason ? { note: input.reason } : {}), detail: { target: `${group.targetType}:${group.targetId}` } }
      },
    }),
    actionWith({
      method: 'post',
      path: '/delete',
      summary: '删除被举报的笔记或评论',
      action: 'delete-target',
      body: queueReasonBody,
      message: '已删除',
      run: async (write, id, input) => {
        const group = await openGroup(write.deps.db, id)
        await deleteTarget(write, group)
        return audit(input.reason, await closeGroup(write.deps.db, id, { action: 'delete', adminId: write.admin.id, reason: input.reason, postId: null }))
      },
    }),
    actionWith({
      method: 'post',
      path: '/warn',
      summary: '警告作者（系统通知，内容为管理员填写的文字）',
      action: 'warn',
      body: queueWarnBody,
      message: '已警告作者',
      run: async ({ deps, admin }, id, input) => {
        const group = await openGroup(deps.db, id)
        const state = await targetState(deps, group)
        return audit(input.reason, await closeGroup(deps.db, id, { action: 'warn', adminId: admin.id, reason: input.reason, postId: state.postId }))
      },
    }),
    actionWith({
      method: 'post',
      path: '/ban',
      summary: '封禁作者 1 天、7 天、30 天或永久',
      action: 'ban',
      body: queueBanBody,
      message: '已限制作者的账号',
      run: async ({ deps, admin }, id, input) => {
        const group = await openGroup(deps.db, id)
        const state = await targetState(deps, group)
        const endsAt = banEnd(input.duration)
        const closed = await closeGroup(deps.db, id, { action: 'ban', adminId: admin.id, reason: input.reason, banEndsAt: endsAt, postId: state.postId })
        return audit(input.reason, closed, { user_id: group.authorId, ban_id: closed.ban?.id, until: closed.ban?.until ?? null })
      },
    }),
  ],
}

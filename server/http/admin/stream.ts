import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentAdmin, requireAdmin, requireStreamAdmin } from '../../auth/middleware'
import { signStreamTicket, STREAM_TICKET_TTL_SECONDS } from '../../auth/tokens'
import type { StreamReportGroup } from '../../contract/admin/stream'
import type { ReportTargetType } from '../../contract/moderation'
import { REPORT_GROUP_STATUS } from '../../db/entities'
import { toIso, toNum } from '../../db/reader'
import { limitClause, query } from '../../db/sql'
import type { AppDeps } from '../../deps'
import { ok } from '../envelope'
import { lastEventId, redeemTicket, StreamHub, type SseStream } from '../event-stream'
import { fixed } from '../../i18n/message'

/*
 * GET /api/admin/stream: Server-Sent Events for signed-in administrators (issue 21 part 1). Each new report
 * group is a `report_group` event whose `id:` is the group's id; a `queue` event with the open-queue count
 * (the side menu's badge) follows each batch and each change of the queue (domain/reports.ts and
 * domain/moderation-queue.ts announce `{ kind: 'admin', topic: 'reports' }` after their commits). Resume,
 * caps, heartbeats and shutdown are those of every stream (http/event-stream.ts); the instance cap counts
 * these together with the members' notification streams.
 */

export const MAX_PER_ADMIN = 5
const REPLAY_LIMIT = 100

interface GroupRow {
  id: number | string
  target_type: ReportTargetType
  target_id: number | string
  report_count: number | string
  status: number | string
  first_reported_at: unknown
}

async function groupsAfter(deps: AppDeps, afterId: number): Promise<StreamReportGroup[]> {
  const rows = await query<GroupRow>(
    deps.db,
    `SELECT id, target_type, target_id, report_count, status, first_reported_at FROM report_groups WHERE id > ? ORDER BY id ASC ${limitClause(REPLAY_LIMIT)}`,
    [afterId],
  )
  return rows.map((r) => ({
    id: toNum(r.id),
    target_type: r.target_type,
    target_id: toNum(r.target_id),
    report_count: toNum(r.report_count),
    open: toNum(r.status) === REPORT_GROUP_STATUS.open,
    first_reported_at: toIso(r.first_reported_at),
  }))
}

async function newestGroupId(deps: AppDeps): Promise<number> {
  const [row] = await query<{ id: number | string | null }>(deps.db, 'SELECT MAX(id) AS id FROM report_groups')
  return toNum(row?.id ?? 0)
}

async function openQueueCount(deps: AppDeps): Promise<number> {
  const [row] = await query<{ n: number | string }>(deps.db, 'SELECT COUNT(*) AS n FROM report_groups WHERE status = ?', [REPORT_GROUP_STATUS.open])
  return toNum(row?.n)
}

/** New groups since the stream's last id, then the open-queue count. */
async function sendNew(deps: AppDeps, stream: SseStream): Promise<void> {
  for (const group of await groupsAfter(deps, stream.lastId)) {
    if (!stream.send('report_group', group.id, group)) return
    stream.lastId = Math.max(stream.lastId, group.id)
  }
  stream.send('queue', stream.lastId, { open_reports: await openQueueCount(deps) })
}

const hub = new StreamHub({
  name: 'admin',
  principal: 'admin',
  maxPerKey: MAX_PER_ADMIN,
  tooManyMessage: fixed('同时打开的后台实时连接过多（最多 {max} 个），请关闭其他窗口后重试', { max: MAX_PER_ADMIN }),
  route: (event) => (event.kind === 'admin' && event.topic === 'reports' ? 'all' : null),
  refresh: sendNew,
})

async function openAdminStream(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentAdmin(ctx)
  const resume = lastEventId(ctx)
  const start = resume ?? (await newestGroupId(deps))
  await hub.open(ctx, deps, { key: me.id, sessionId: me.sessionId }, start, (stream) => sendNew(deps, stream))
}

/** POST /api/admin/stream-ticket and GET /api/admin/stream. */
export function registerAdminStreamRoutes(router: Router, deps: AppDeps): void {
  router.post('/admin/stream-ticket', requireAdmin(deps), (ctx) => {
    const me = currentAdmin(ctx)
    ok(ctx, { ticket: signStreamTicket(deps.config.jwtSecret, me.id, me.sessionId, 'admin'), expires_in: STREAM_TICKET_TTL_SECONDS })
  })
  router.get('/admin/stream', requireStreamAdmin(deps, (jti) => redeemTicket(deps, jti)), (ctx) => openAdminStream(ctx, deps))
}

import { query } from '../../../server/db/sql'
import type { TestServer } from '../../support/server'

/*
 * Helpers of the moderation suites (issue 18): ban through the admin API, read audit entries and system
 * notifications straight from their tables.
 */

export async function ban(server: TestServer, admin: string, userId: number, body: Record<string, unknown>): Promise<void> {
  const { status, body: reply } = await server.call('POST', `/api/admin/users/${userId}/ban`, { token: admin, json: body })
  if (status !== 200) throw new Error(`ban failed: ${status} ${reply.message}`)
}

export interface AuditRow {
  action: string
  resource: string
  resource_ids: string | null
  detail: Record<string, unknown>
  admin_username: string
}

/** The audit entries of one action, oldest first, with `detail` parsed. */
export async function auditEntries(server: TestServer, action: string): Promise<AuditRow[]> {
  const rows = await query<Omit<AuditRow, 'detail'> & { detail: string | null }>(
    server.deps.db,
    'SELECT action, resource, resource_ids, detail, admin_username FROM admin_audit_logs WHERE action = ? ORDER BY id',
    [action],
  )
  return rows.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {} }))
}

export interface SystemNotice {
  title: string
  content: string
  target_id: number | null
  comment_id: number | null
}

/** A member's system notifications (type 9), oldest first. */
export async function systemNotices(server: TestServer, userId: number): Promise<SystemNotice[]> {
  const rows = await query<SystemNotice>(server.deps.db, 'SELECT title, content, target_id, comment_id FROM notifications WHERE user_id = ? AND type = 9 ORDER BY id', [userId])
  return rows.map((r) => ({ ...r, target_id: r.target_id === null ? null : Number(r.target_id), comment_id: r.comment_id === null ? null : Number(r.comment_id) }))
}

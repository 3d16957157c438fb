import type { AuthAdmin } from '../auth/middleware'
import { AdminAuditLog } from '../db/entities'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'

export interface AuditEntry {
  /** create, update, delete, batch-delete, approve, reject, login, logout, password, ... */
  action: string
  resource: string
  ids?: readonly number[]
  /** Names of the fields a write touched (never their values: passwords pass through here). */
  fields?: readonly string[]
  note?: string
  /** More of what the action did (ids it closed, a ban's end, ...): stored in `detail` beside the rest. */
  detail?: Record<string, unknown>
}

/**
 * Record an administrator write. Recorded after the write succeeded; a failure to record is logged and
 * does not undo the write (the write itself already committed in its own transaction).
 */
export async function recordAdminAction(deps: AppDeps, admin: Pick<AuthAdmin, 'id' | 'username'>, entry: AuditEntry): Promise<void> {
  const detail: Record<string, unknown> = { ...entry.detail }
  if (entry.fields?.length) detail.fields = [...entry.fields]
  if (entry.note) detail.note = entry.note
  try {
    const row = {
      admin_id: admin.id,
      admin_username: admin.username.slice(0, 50),
      action: entry.action.slice(0, 30),
      resource: entry.resource.slice(0, 50),
      resource_ids: entry.ids?.length ? entry.ids.join(',') : null,
      detail: Object.keys(detail).length ? JSON.stringify(detail) : null,
    }
    await inTransaction(deps.db, (m) => m.getRepository(AdminAuditLog).insert(row))
  } catch (err) {
    deps.logger.error({ err, action: entry.action, resource: entry.resource }, 'admin audit log write failed')
  }
}

/** Field names present in a parsed body, for the audit log. */
export function touchedFields(body: unknown): string[] {
  return body && typeof body === 'object' ? Object.entries(body).filter(([, v]) => v !== undefined).map(([k]) => k) : []
}

import type { AuthAdmin } from '../auth/middleware'
import { AdminAuditLog, Verification } from '../db/entities'
import { execute, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { NotFound } from '../errors'
import { seal, sealedKeyId, unseal, type DataKeyring } from '../security/data-key'
import { maskApplication } from '../security/masking'

/*
 * Personal data of verification applications at rest: `content` holds the masked table administrators see,
 * `content_sealed` the full table encrypted with the data key. Only an explicit reveal by an administrator
 * decrypts it, and that reveal is written to the admin audit log in the same transaction that reads it.
 */

export interface StoredApplication {
  content: string
  content_sealed: string
}

/** What to store for a sanitised application table. */
export function protectApplication(keyring: DataKeyring, clean: string): StoredApplication {
  return { content: maskApplication(clean), content_sealed: seal(keyring, clean) }
}

interface PlainRow {
  id: number
  content: string
}

/**
 * Start-up step (and `data-key:rotate`): encrypt rows stored before encryption existed (content_sealed
 * NULL), and with `resealAll` re-encrypt rows sealed with another key than the current one. Idempotent and
 * safe with several instances: each row is updated only if it is still as it was read.
 */
export async function sealApplications(deps: Pick<AppDeps, 'db' | 'config'>, options: { resealAll?: boolean } = {}): Promise<number> {
  const keyring = deps.config.dataKeys
  let changed = 0
  const plain = await query<PlainRow>(deps.db, 'SELECT id, content FROM verifications WHERE content_sealed IS NULL')
  for (const row of plain) {
    const stored = protectApplication(keyring, row.content)
    changed += await inTransaction(deps.db, (m) =>
      execute(m, 'UPDATE verifications SET content = ?, content_sealed = ? WHERE id = ? AND content_sealed IS NULL', [stored.content, stored.content_sealed, Number(row.id)]),
    )
  }
  if (!options.resealAll) return changed
  const sealed = await query<{ id: number; content_sealed: string }>(deps.db, 'SELECT id, content_sealed FROM verifications WHERE content_sealed IS NOT NULL')
  for (const row of sealed) {
    if (sealedKeyId(row.content_sealed) === keyring.current.id) continue
    const resealed = seal(keyring, unseal(keyring, row.content_sealed))
    changed += await inTransaction(deps.db, (m) =>
      execute(m, 'UPDATE verifications SET content_sealed = ? WHERE id = ? AND content_sealed = ?', [resealed, Number(row.id), row.content_sealed]),
    )
  }
  return changed
}

/** How many stored applications each key id sealed (for the rotation report). */
export async function sealedKeyIds(deps: Pick<AppDeps, 'db'>): Promise<Record<string, number>> {
  const rows = await query<{ content_sealed: string | null }>(deps.db, 'SELECT content_sealed FROM verifications')
  const counts: Record<string, number> = {}
  for (const r of rows) {
    const id = r.content_sealed ? (sealedKeyId(r.content_sealed) ?? 'invalid') : 'plain'
    counts[id] = (counts[id] ?? 0) + 1
  }
  return counts
}

/**
 * Start-up check: every key that sealed a stored application must be in this server's keyring; otherwise
 * the message for a ConfigError (an instance started with a freshly generated key next to others, or a
 * database moved without its key), so the server refuses to start instead of failing at the first reveal.
 */
export async function missingDataKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string | null> {
  const unknown = Object.keys(await sealedKeyIds(deps)).filter((id) => id !== 'plain' && !deps.config.dataKeys.byId.has(id))
  if (!unknown.length) return null
  return (
    `Verification applications in this database are encrypted with data key ${unknown.join(', ')}, which this server does not have ` +
    `(its key is ${deps.config.dataKeys.current.id}). Set SHILIU_DATA_KEY to the key the other instances use (older keys in SHILIU_DATA_KEYS_OLD), ` +
    'or restore DATA_DIR/data-key from the backup.'
  )
}

/**
 * The unmasked application table for an administrator. The audit-log row is written in the same job that
 * reads the sealed value, so no reveal goes unrecorded; decryption happens after the commit.
 */
export async function revealApplication(deps: AppDeps, admin: Pick<AuthAdmin, 'id' | 'username'>, id: number): Promise<string> {
  const sealed = await inTransaction(deps.db, async (m) => {
    const row = await m.getRepository(Verification).findOne({ select: { id: true, content: true, content_sealed: true }, where: { id } })
    if (!row) throw NotFound('认证申请不存在')
    await m.getRepository(AdminAuditLog).insert({
      admin_id: admin.id,
      admin_username: admin.username.slice(0, 50),
      action: 'reveal',
      resource: 'verifications',
      resource_ids: String(id),
      detail: JSON.stringify({ note: '查看认证申请的完整个人信息' }),
    })
    return row.content_sealed ?? row.content
  })
  return sealedKeyId(sealed) ? unseal(deps.config.dataKeys, sealed) : sealed
}

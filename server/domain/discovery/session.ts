import type { DataSource } from 'typeorm'
import type { DatabaseKind } from '../../config'
import type { RecommendReason } from '../../contract/posts'
import { RECOMMEND_REASON_TYPES } from '../../contract/posts'
import type { SqlReader } from '../../db/reader'
import { execute, kindOf } from '../../db/sql'
import { inTransaction } from '../../db/transaction'

/*
 * The 推荐 session snapshot (docs/discovery.md "推荐 ranking"): clients send only page and limit, so page 1
 * ranks afresh and stores the whole ranked list (SESSION.size notes, with their reasons) for the member, and
 * pages 2+ slice that list. No page repeats a note of an earlier page of the same session, and a like between
 * two pages does not reshuffle what is still to come. The row lives in the database (recommend_sessions,
 * one per member, overwritten by the next page 1), so it holds whichever server instance answers the next page.
 */

export interface RankedNote {
  id: number
  reason: RecommendReason | null
}

type Stored = [number, string?, string?]

const encode = (ranked: readonly RankedNote[]): string => JSON.stringify(ranked.map((r): Stored => (r.reason ? [r.id, r.reason.type, r.reason.text] : [r.id])))

function decode(text: string): RankedNote[] | null {
  try {
    const rows: unknown = JSON.parse(text)
    if (!Array.isArray(rows)) return null
    return rows.flatMap((row: unknown) => {
      if (!Array.isArray(row) || typeof row[0] !== 'number') return []
      const [id, type, reasonText] = row as Stored
      const known = typeof type === 'string' && (RECOMMEND_REASON_TYPES as readonly string[]).includes(type)
      return [{ id, reason: known && typeof reasonText === 'string' ? { type: type as RecommendReason['type'], text: reasonText } : null }]
    })
  } catch {
    return null
  }
}

/** The member's snapshot, unless it is missing or expired. */
export async function readSession(reader: SqlReader, memberId: number, nowMs: number): Promise<RankedNote[] | null> {
  const row = await reader.one<{ ranked: string; expires: number | string }>('SELECT ranked, expires FROM recommend_sessions WHERE user_id = ?', [memberId])
  if (!row || Number(row.expires) <= nowMs) return null
  return decode(row.ranked)
}

function upsertSql(kind: DatabaseKind): string {
  const head = 'INSERT INTO recommend_sessions (user_id, ranked, expires) VALUES (?, ?, ?)'
  if (kind === 'mysql') return `${head} ON DUPLICATE KEY UPDATE ranked = VALUES(ranked), expires = VALUES(expires)`
  return `${head} ON CONFLICT (user_id) DO UPDATE SET ranked = excluded.ranked, expires = excluded.expires`
}

/** Store the member's new snapshot (through the writer; resolves once committed, so the next page finds it). */
export async function saveSession(db: DataSource, memberId: number, ranked: readonly RankedNote[], expires: number): Promise<void> {
  const sql = upsertSql(kindOf(db))
  await inTransaction(db, (m) => execute(m, sql, [memberId, encode(ranked), expires]), { changesCards: false })
}

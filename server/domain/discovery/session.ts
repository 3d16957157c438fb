import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../../config'
import type { RecommendMode } from '../../contract/admin/moderation'
import type { RecommendReason } from '../../contract/posts'
import { RECOMMEND_REASON_TYPES } from '../../contract/posts'
import type { SqlReader } from '../../db/reader'
import { execute, kindOf, query } from '../../db/sql'
import { inTransaction } from '../../db/transaction'
import { SESSION } from './weights'

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

export interface StoredSession {
  /** null when there is none or it expired. */
  ranked: RankedNote[] | null
  /** Whether a new page 1 may continue it (SESSION.reuseMs, and none of the member's signals changed since). */
  reusable: boolean
  mode: RecommendMode
}

/** The member's snapshot and the back-office's recommend_mode, in one statement. */
export async function readSession(reader: SqlReader, memberId: number, nowMs: number): Promise<StoredSession> {
  const row = await reader.one<{ mode: string | null; ranked: string | null; expires: number | string | null; reuse_until: number | string | null }>(
    "SELECT (SELECT value FROM site_settings WHERE name = 'recommend_mode') AS mode, rs.ranked, rs.expires, rs.reuse_until FROM (SELECT 1 AS one) x LEFT JOIN recommend_sessions rs ON rs.user_id = ?",
    [memberId],
  )
  const mode: RecommendMode = row?.mode === 'hot' ? 'hot' : 'personalised'
  const ranked = row?.ranked && Number(row.expires) > nowMs ? decode(row.ranked) : null
  return { ranked, reusable: ranked !== null && Number(row?.reuse_until ?? 0) > nowMs, mode }
}

/** One of the member's signals changed: their next page 1 ranks again (pages 2+ of the session still slice it). */
export async function sessionStale(m: EntityManager, memberId: number): Promise<void> {
  await execute(m, 'UPDATE recommend_sessions SET reuse_until = 0 WHERE user_id = ? AND reuse_until > 0', [memberId])
}

/** 不感兴趣: take the note out of the member's session too, so no later page of it shows the note. */
export async function dropFromSession(m: EntityManager, memberId: number, postId: number): Promise<void> {
  const [row] = await query<{ ranked: string }>(m, 'SELECT ranked FROM recommend_sessions WHERE user_id = ?', [memberId])
  const ranked = row ? decode(row.ranked) : null
  if (!ranked || !ranked.some((r) => r.id === postId)) return sessionStale(m, memberId)
  await execute(m, 'UPDATE recommend_sessions SET ranked = ?, reuse_until = 0 WHERE user_id = ?', [encode(ranked.filter((r) => r.id !== postId)), memberId])
}

function upsertSql(kind: DatabaseKind): string {
  const head = 'INSERT INTO recommend_sessions (user_id, ranked, expires, reuse_until) VALUES (?, ?, ?, ?)'
  if (kind === 'mysql') return `${head} ON DUPLICATE KEY UPDATE ranked = VALUES(ranked), expires = VALUES(expires), reuse_until = VALUES(reuse_until)`
  return `${head} ON CONFLICT (user_id) DO UPDATE SET ranked = excluded.ranked, expires = excluded.expires, reuse_until = excluded.reuse_until`
}

/** Store the member's new snapshot (through the writer; resolves once committed, so the next page finds it). */
export async function saveSession(db: DataSource, memberId: number, ranked: readonly RankedNote[], nowMs: number): Promise<void> {
  const sql = upsertSql(kindOf(db))
  await inTransaction(db, (m) => execute(m, sql, [memberId, encode(ranked), nowMs + SESSION.ttlMs, nowMs + SESSION.reuseMs]), { changesCards: false })
}

import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../../config'
import type { RecommendMode } from '../../contract/admin/moderation'
import type { RecommendReason } from '../../contract/posts'
import { RECOMMEND_REASON_TYPES } from '../../contract/posts'
import type { SqlReader } from '../../db/reader'
import { keptUntilCommit } from '../../db/kept-until-commit'
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

/*
 * The stored list, compact: {"t": [distinct reason texts], "r": [id, code, id, code, …]}, code 0 for no reason,
 * else textIndex × 8 + (type index + 1). A list of 200 has a few dozen distinct reasons, so this is about a
 * third of the bytes of one [id, type, text] triple per note (less to write on page 1, less to parse on every
 * later page). decode also reads the first format (a JSON array of triples), for sessions written before.
 */
const TYPES = RECOMMEND_REASON_TYPES as readonly string[]

function encode(ranked: readonly RankedNote[]): string {
  const texts = new Map<string, number>()
  const r: number[] = []
  for (const note of ranked) {
    r.push(note.id)
    if (!note.reason) {
      r.push(0)
      continue
    }
    let index = texts.get(note.reason.text)
    if (index === undefined) texts.set(note.reason.text, (index = texts.size))
    r.push(index * 8 + TYPES.indexOf(note.reason.type) + 1)
  }
  return JSON.stringify({ t: [...texts.keys()], r })
}

function decodeTriples(rows: unknown[]): RankedNote[] {
  return rows.flatMap((row: unknown) => {
    if (!Array.isArray(row) || typeof row[0] !== 'number') return []
    const [id, type, reasonText] = row as Stored
    const known = typeof type === 'string' && TYPES.includes(type)
    return [{ id, reason: known && typeof reasonText === 'string' ? { type: type as RecommendReason['type'], text: reasonText } : null }]
  })
}

function decode(text: string): RankedNote[] | null {
  try {
    const stored: unknown = JSON.parse(text)
    if (Array.isArray(stored)) return decodeTriples(stored)
    const { t, r } = (stored ?? {}) as { t?: unknown; r?: unknown }
    if (!Array.isArray(t) || !Array.isArray(r)) return null
    const out: RankedNote[] = []
    for (let i = 0; i + 1 < r.length; i += 2) {
      const id: unknown = r[i]
      const code: unknown = r[i + 1]
      if (typeof id !== 'number' || typeof code !== 'number') continue
      const type = TYPES[(code % 8) - 1]
      const reasonText: unknown = t[Math.floor(code / 8)]
      out.push({ id, reason: code > 0 && type && typeof reasonText === 'string' ? { type: type as RecommendReason['type'], text: reasonText } : null })
    }
    return out
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

/** The stored row as read: the decoded list and its times. */
interface SessionRow {
  mode: RecommendMode
  ranked: RankedNote[] | null
  expires: number
  reuseUntil: number
}

/** Members' rows kept until the next commit (db/kept-until-commit.ts). */
const KEPT_SESSIONS = 1000

/**
 * The member's snapshot and the back-office's recommend_mode, in one statement. The decoded row is kept until
 * the next commit to the database (db/kept-until-commit.ts, SQLite): every change to it (a new page 1, a signal
 * marking it stale, 不感兴趣, the mode) is a commit, so a kept row is exactly what reading again would give, and
 * pages of one session read it (and parse its list) once.
 */
export async function readSession(reader: SqlReader, memberId: number, nowMs: number): Promise<StoredSession> {
  const kept = keptUntilCommit<SessionRow>(reader, 'recommend sessions', KEPT_SESSIONS)
  const version = kept?.version() ?? 0
  const key = String(memberId)
  let stored = kept?.get(key, version)
  if (!stored) {
    const row = await reader.one<{ mode: string | null; ranked: string | null; expires: number | string | null; reuse_until: number | string | null }>(
      "SELECT (SELECT value FROM site_settings WHERE name = 'recommend_mode') AS mode, rs.ranked, rs.expires, rs.reuse_until FROM (SELECT 1 AS one) x LEFT JOIN recommend_sessions rs ON rs.user_id = ?",
      [memberId],
    )
    stored = {
      mode: row?.mode === 'hot' ? 'hot' : 'personalised',
      ranked: row?.ranked ? decode(row.ranked) : null,
      expires: Number(row?.expires ?? 0),
      reuseUntil: Number(row?.reuse_until ?? 0),
    }
    kept?.set(key, version, stored)
  }
  const ranked = stored.ranked && stored.expires > nowMs ? stored.ranked : null
  return { ranked, reusable: ranked !== null && stored.reuseUntil > nowMs, mode: stored.mode }
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

import type { EntityManager } from 'typeorm'
import type { DatabaseKind } from '../../config'
import { execute, kindOf, query } from '../../db/sql'
import { ENGAGEMENT, FOLLOW_AFFINITY, HALF_LIFE_DAYS, LIFT_EPOCH_MS, NEIGHBOUR_PAIRS } from './weights'

/*
 * The write side of the personalised 推荐: what an interaction changes in the stored signals, run by the command
 * that makes the interaction, inside its transaction (likes.ts, collections.ts, comments.ts, follows.ts,
 * views.ts, not-interested.ts). A like costs three statements here: the note's author, category and tags
 * (one read), one multi-row upsert of the member's affinities, and for positive engagement one read of the
 * member's latest engaged notes plus one multi-row upsert of the co-engagement pairs.
 *
 * Decay without rewriting rows: a change at time t adds weight × lift(t), lift(t) = 2^((t − epoch) / half-life).
 * A row's stored score divided by lift(now) is its time-decayed value (each past change counts
 * weight × 2^(−age / half-life)); dividing every row of a member by the same lift(now) keeps their order, so
 * the reader ranks by the stored score and normalises by the member's strongest row (candidates.ts).
 */

export const AFFINITY = {
  tag: 1,
  category: 2,
  /** An author the member engaged with (or marked 不感兴趣: negative). */
  author: 3,
  /** An author the member follows. */
  followed: 4,
} as const

const DAY_MS = 24 * 60 * 60 * 1000

/** The time lift of a change made at `at` (see above). */
export function lift(at: Date): number {
  return 2 ** ((at.getTime() - LIFT_EPOCH_MS) / (HALF_LIFE_DAYS * DAY_MS))
}

type Row = readonly [number, number, number, number]

/** Merge rows with the same key (a multi-row upsert may not touch one row twice) and sort them by key (lock order). */
function merged(rows: readonly Row[], keyLength: number): Row[] {
  const byKey = new Map<string, Row>()
  for (const r of rows) {
    const key = r.slice(0, keyLength).join('|')
    const seen = byKey.get(key)
    byKey.set(key, seen ? [r[0], r[1], r[2], seen[3] + r[3]] : r)
  }
  return [...byKey.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
}

/** `INSERT ... VALUES (...), (...)` that adds `score` to existing rows (or sets it, `mode` 'set'). */
function upsertSql(kind: DatabaseKind, table: string, columns: readonly string[], keys: readonly string[], rows: number, mode: 'add' | 'set'): string {
  const values = Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`
  if (kind === 'mysql') return `${head} ON DUPLICATE KEY UPDATE score = ${mode === 'add' ? 'score + ' : ''}VALUES(score)`
  return `${head} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET score = ${mode === 'add' ? `${table}.score + ` : ''}excluded.score`
}

/** Add to a member's affinities: rows of [user_id, kind, target_id, delta]. */
export async function addAffinities(m: EntityManager, rows: readonly Row[], mode: 'add' | 'set' = 'add'): Promise<void> {
  const list = merged(rows, 3)
  if (list.length === 0) return
  await execute(m, upsertSql(kindOf(m), 'member_affinities', ['user_id', 'kind', 'target_id', 'score'], ['user_id', 'kind', 'target_id'], list.length, mode), list.flat())
}

/** Add to the co-engagement of note pairs: rows of [post_id, neighbour_id, 0, delta] (the 0 is unused). */
async function addNeighbours(m: EntityManager, pairs: ReadonlyArray<readonly [number, number, number]>): Promise<void> {
  const list = merged(pairs.map(([a, b, d]) => [a, b, 0, d] as const), 2)
  if (list.length === 0) return
  await execute(m, upsertSql(kindOf(m), 'note_neighbours', ['post_id', 'neighbour_id', 'score'], ['post_id', 'neighbour_id'], list.length, 'add'), list.flatMap((r) => [r[0], r[1], r[3]]))
}

interface NoteFacts {
  authorId: number
  categoryId: number | null
  tagIds: number[]
}

async function noteFacts(m: EntityManager, postId: number): Promise<NoteFacts | null> {
  const rows = await query<{ user_id: number; category_id: number | null; tag_id: number | null }>(
    m,
    'SELECT p.user_id, p.category_id, pt.tag_id FROM posts p LEFT JOIN post_tags pt ON pt.post_id = p.id WHERE p.id = ?',
    [postId],
  )
  const [first] = rows
  if (!first) return null
  return {
    authorId: Number(first.user_id),
    categoryId: first.category_id === null ? null : Number(first.category_id),
    tagIds: rows.flatMap((r) => (r.tag_id === null ? [] : [Number(r.tag_id)])),
  }
}

export interface EngagementChange {
  /** ENGAGEMENT's weight; negative takes it back (unlike) or pushes down (不感兴趣). */
  weight: number
  /** When the interaction happened (its row's created_at when taking it back, so the lift cancels exactly). */
  at: Date
  /** Pair the note with the member's latest engaged notes (new positive engagement only). */
  pair?: boolean
  /** Leave the category out (不感兴趣 is about the author and tags). */
  skipCategory?: boolean
}

/**
 * A member's engagement with a note changed: move their affinity for its tags, category and author, and (for a
 * new like or collect) its co-engagement with their latest engaged notes. Engagement with one's own notes says
 * nothing about taste and is ignored.
 */
export async function noteEngaged(m: EntityManager, userId: number, postId: number, change: EngagementChange): Promise<void> {
  const note = await noteFacts(m, postId)
  if (!note || note.authorId === userId) return
  const delta = change.weight * lift(change.at)
  const rows: Row[] = note.tagIds.map((t) => [userId, AFFINITY.tag, t, delta] as const)
  if (note.categoryId !== null && !change.skipCategory) rows.push([userId, AFFINITY.category, note.categoryId, delta])
  rows.push([userId, AFFINITY.author, note.authorId, delta])
  await addAffinities(m, rows)
  if (change.pair && change.weight > 0) await pairWithRecent(m, userId, postId, lift(change.at))
}

/** Co-engagement: the note and each of the member's latest liked or collected notes (still existing) become neighbours both ways. */
async function pairWithRecent(m: EntityManager, userId: number, postId: number, delta: number): Promise<void> {
  const n = NEIGHBOUR_PAIRS
  const recent = await query<{ id: number }>(
    m,
    `SELECT * FROM (SELECT l.target_id AS id FROM likes l INNER JOIN posts p ON p.id = l.target_id WHERE l.user_id = ? AND l.target_type = 1 AND l.target_id <> ? ORDER BY l.created_at DESC, l.id DESC LIMIT ${n}) r1
     UNION SELECT * FROM (SELECT c.post_id AS id FROM collections c WHERE c.user_id = ? AND c.post_id <> ? ORDER BY c.created_at DESC, c.id DESC LIMIT ${n}) r2`,
    [userId, postId, userId, postId],
  )
  const others = [...new Set(recent.map((r) => Number(r.id)))].slice(0, n)
  await addNeighbours(m, others.flatMap((other) => [[postId, other, delta] as const, [other, postId, delta] as const]))
}

/** The member follows `authorId` since `at` (set, not added: following twice is one follow). */
export async function authorFollowed(m: EntityManager, userId: number, authorId: number, at: Date): Promise<void> {
  await addAffinities(m, [[userId, AFFINITY.followed, authorId, FOLLOW_AFFINITY * lift(at)]], 'set')
}

export async function authorUnfollowed(m: EntityManager, userId: number, authorId: number): Promise<void> {
  await execute(m, 'DELETE FROM member_affinities WHERE user_id = ? AND kind = ? AND target_id = ?', [userId, AFFINITY.followed, authorId])
}

export { ENGAGEMENT }

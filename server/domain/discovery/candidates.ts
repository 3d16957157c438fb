import type { DatabaseKind } from '../../config'
import { inList, toIso, type SqlReader, type SqlValue } from '../../db/reader'
import { dateParam, limitClause } from '../../db/sql'
import { notBlockedBy } from '../../db/blocks'
import { listedNote } from '../../db/visibility'
import { AFFINITY } from './affinity'
import { emptySignals, type Candidate, type MemberSignals, type Signal } from './rank'
import { SOURCES } from './weights'

/*
 * The read side of the personalised 推荐: a bounded candidate set, in three rounds of statements that each run
 * in parallel, every one an indexed range with a LIMIT (never a scan of all notes):
 *
 *   1. the member's signals: top tags / categories / engaged and followed authors and the strongest dislikes
 *      (one UNION of index ranges on idx_member_affinities_top), their latest liked or collected notes
 *      (idx_likes_user_list, idx_collections_user_list), their declared interests (users row), the head
 *      of the global hot list (idx_posts_hot);
 *   2. the candidates each signal proposes (one UNION): newest notes of each top tag (idx_post_tags_tag) and
 *      interest tag (uq_tags_name), hottest of each top category (idx_posts_category_hot), newest of each
 *      author (idx_posts_user), best co-engagement neighbours of each engaged note (idx_note_neighbours_top);
 *   3. for those candidate ids (by primary key): author, category, hot score, with the filters (listed, not
 *      the member's own, not liked / collected / marked 不感兴趣, author not blocked), and their tags.
 */

interface AffinityRow {
  kind: number
  target_id: number
  score: number
  label: string | null
  neg: number
}

interface SourceRow {
  id: number
  src: number
  ref: number
}

/** Stage-2 sources. */
const SRC = { tag: 1, category: 2, author: 3, neighbour: 4, interest: 5 } as const

const union = (parts: readonly string[]): string => parts.map((sql, i) => `SELECT * FROM (${sql}) s${i}`).join(' UNION ALL ')

/** Stage 1a: the member's strongest affinities of each kind, and the strongest dislikes, with their labels. */
function affinitySql(): string {
  const top = (kind: number, join: string, label: string, n: number, neg: boolean) =>
    `SELECT a.kind AS kind, a.target_id AS target_id, a.score AS score, ${label} AS label, ${neg ? 1 : 0} AS neg FROM member_affinities a ${join}
     WHERE a.user_id = ? AND a.kind = ${kind}${neg ? ' AND a.score < 0' : ''} ORDER BY a.score ${neg ? 'ASC' : 'DESC'} ${limitClause(n)}`
  const tags = 'INNER JOIN tags t ON t.id = a.target_id'
  const users = 'INNER JOIN users u ON u.id = a.target_id'
  return union([
    top(AFFINITY.tag, tags, 't.name', SOURCES.tags, false),
    top(AFFINITY.category, 'INNER JOIN categories c ON c.id = a.target_id', 'c.category_title', SOURCES.categories, false),
    top(AFFINITY.author, users, 'u.nickname', SOURCES.authors, false),
    top(AFFINITY.followed, users, 'u.nickname', SOURCES.followed, false),
    top(AFFINITY.tag, tags, 't.name', SOURCES.dislikes, true),
    top(AFFINITY.author, users, 'u.nickname', SOURCES.dislikes, true),
  ])
}
const AFFINITY_SQL = affinitySql()

const ENGAGED_SQL = union([
  `SELECT l.target_id AS id, l.created_at AS at FROM likes l WHERE l.user_id = ? AND l.target_type = 1 ORDER BY l.created_at DESC, l.id DESC ${limitClause(SOURCES.engagedNotes)}`,
  `SELECT c.post_id AS id, c.created_at AS at FROM collections c WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC ${limitClause(SOURCES.engagedNotes)}`,
])

/** Notes created after `now` do not exist yet for a ranking "as of" then (the offline evaluation). */
const asOf = (kind: DatabaseKind, now: Date | undefined, alias: string): { sql: string; params: SqlValue[] } =>
  now ? { sql: ` AND ${alias}.created_at <= ?`, params: [dateParam(kind, now) as SqlValue] } : { sql: '', params: [] }

function hotSql(kind: DatabaseKind, now: Date | undefined): { sql: string; params: SqlValue[] } {
  const t = asOf(kind, now, 'p')
  return { sql: `SELECT p.id FROM posts p WHERE ${listedNote('p')}${t.sql} ORDER BY p.hot_score DESC, p.id DESC ${limitClause(SOURCES.hot)}`, params: t.params }
}

function parseInterests(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw) return []
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, SOURCES.interests) : []
  } catch {
    return []
  }
}

/** Each affinity kind's rows as signals, normalised by the member's strongest row of that kind (see affinity.ts). */
function signalsOf(rows: readonly AffinityRow[]): MemberSignals {
  const s = emptySignals()
  const maxAbs = new Map<number, number>()
  for (const r of rows) maxAbs.set(Number(r.kind), Math.max(maxAbs.get(Number(r.kind)) ?? 0, Math.abs(Number(r.score))))
  const maps: Record<number, Map<number, Signal>> = {
    [AFFINITY.tag]: s.tags as Map<number, Signal>,
    [AFFINITY.category]: s.categories as Map<number, Signal>,
    [AFFINITY.author]: s.authors as Map<number, Signal>,
    [AFFINITY.followed]: s.followed as Map<number, Signal>,
  }
  for (const r of rows) {
    const max = maxAbs.get(Number(r.kind)) || 1
    maps[Number(r.kind)]?.set(Number(r.target_id), { strength: Number(r.score) / max, label: r.label ?? '' })
  }
  return s
}

export interface CandidateSet {
  candidates: Candidate[]
  signals: MemberSignals
}

/** Stage 2: the candidates each signal proposes. */
function sourcesSql(kind: DatabaseKind, signals: MemberSignals, engaged: readonly number[], interests: readonly string[], now: Date | undefined): { sql: string; params: SqlValue[] } | null {
  const parts: string[] = []
  const params: SqlValue[] = []
  const t = asOf(kind, now, 'p')
  for (const [tagId, sig] of signals.tags) {
    if (sig.strength <= 0) continue
    parts.push(`SELECT pt.post_id AS id, ${SRC.tag} AS src, pt.tag_id AS ref FROM post_tags pt WHERE pt.tag_id = ? ORDER BY pt.post_id DESC ${limitClause(SOURCES.notesPerTag)}`)
    params.push(tagId)
  }
  for (const [categoryId, sig] of signals.categories) {
    if (sig.strength <= 0) continue
    parts.push(`SELECT p.id AS id, ${SRC.category} AS src, 0 AS ref FROM posts p WHERE p.category_id = ? AND ${listedNote('p')}${t.sql} ORDER BY p.hot_score DESC, p.id DESC ${limitClause(SOURCES.notesPerCategory)}`)
    params.push(categoryId, ...t.params)
  }
  const authors = new Set([...signals.followed.keys(), ...[...signals.authors].filter(([, sig]) => sig.strength > 0).map(([id]) => id)])
  for (const authorId of authors) {
    parts.push(`SELECT p.id AS id, ${SRC.author} AS src, 0 AS ref FROM posts p WHERE p.user_id = ? AND p.is_draft = FALSE${t.sql} ORDER BY p.created_at DESC, p.id DESC ${limitClause(SOURCES.notesPerAuthor)}`)
    params.push(authorId, ...t.params)
  }
  for (const postId of engaged) {
    parts.push(`SELECT nn.neighbour_id AS id, ${SRC.neighbour} AS src, nn.score AS ref FROM note_neighbours nn WHERE nn.post_id = ? ORDER BY nn.score DESC ${limitClause(SOURCES.neighboursPerNote)}`)
    params.push(postId)
  }
  for (const name of interests) {
    parts.push(`SELECT pt.post_id AS id, ${SRC.interest} AS src, pt.tag_id AS ref FROM tags it INNER JOIN post_tags pt ON pt.tag_id = it.id WHERE it.name = ? ORDER BY pt.post_id DESC ${limitClause(SOURCES.notesPerInterest)}`)
    params.push(name)
  }
  return parts.length ? { sql: union(parts), params } : null
}

interface FactRow {
  id: number
  user_id: number
  category_id: number | null
  hot_score: number
  nickname: string
}

/**
 * The bounded candidate set of a member, with their signals. `now` ranks "as of" that moment (notes created
 * later are left out); interactions are whatever the stored signals hold.
 */
export async function loadCandidates(reader: SqlReader, kind: DatabaseKind, memberId: number, now?: Date): Promise<CandidateSet> {
  const hot = hotSql(kind, now)
  const [affinities, engagedRows, userRow, hotRows] = await Promise.all([
    reader.all<AffinityRow>(AFFINITY_SQL, Array<SqlValue>(6).fill(memberId)),
    reader.all<{ id: number; at: unknown }>(ENGAGED_SQL, [memberId, memberId]),
    reader.one<{ interests: string | null }>('SELECT interests FROM users WHERE id = ?', [memberId]),
    reader.all<{ id: number }>(hot.sql, hot.params),
  ])
  const signals = signalsOf(affinities)
  const engaged = [...new Set(engagedRows.map((r) => ({ id: Number(r.id), at: toIso(r.at) })).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id)).map((r) => r.id))].slice(0, SOURCES.engagedNotes)
  const interests = parseInterests(userRow?.interests)
  const sources = sourcesSql(kind, signals, engaged, interests, now)
  const proposed: SourceRow[] = sources ? await reader.all<SourceRow>(sources.sql, sources.params) : []
  const neighbourSum = new Map<number, number>()
  const interestTags = signals.interests as Map<number, string>
  const interestByName = new Map<string, string>(interests.map((n) => [n, n]))
  for (const r of proposed) {
    const src = Number(r.src)
    if (src === SRC.neighbour) neighbourSum.set(Number(r.id), (neighbourSum.get(Number(r.id)) ?? 0) + Number(r.ref))
    if (src === SRC.interest) interestTags.set(Number(r.ref), '')
  }
  let maxNeighbour = 0
  for (const v of neighbourSum.values()) maxNeighbour = Math.max(maxNeighbour, v)
  for (const [id, v] of neighbourSum) (signals.neighbours as Map<number, number>).set(id, maxNeighbour > 0 ? v / maxNeighbour : 0)
  const ids = [...new Set([...proposed.map((r) => Number(r.id)), ...hotRows.map((r) => Number(r.id))])]
  if (ids.length === 0) return { candidates: [], signals }
  const list = inList(ids)
  const blocked = notBlockedBy(memberId, 'p.user_id')
  const t = asOf(kind, now, 'p')
  const [facts, tagRows] = await Promise.all([
    reader.all<FactRow>(
      `SELECT p.id, p.user_id, p.category_id, p.hot_score, u.nickname FROM posts p INNER JOIN users u ON u.id = p.user_id
       WHERE p.id IN ${list.sql} AND ${listedNote('p')} AND p.user_id <> ?${t.sql}
         AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ? AND l.target_type = 1 AND l.target_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ? AND c.post_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM not_interested ni WHERE ni.user_id = ? AND ni.post_id = p.id)
         AND ${blocked!.sql}`,
      [...list.params, memberId, ...t.params, memberId, memberId, memberId, ...blocked!.params],
    ),
    reader.all<{ post_id: number; tag_id: number; name: string }>(`SELECT pt.post_id, pt.tag_id, t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id IN ${list.sql}`, list.params),
  ])
  const tagsOf = new Map<number, number[]>()
  for (const r of tagRows) {
    const postId = Number(r.post_id)
    const tagId = Number(r.tag_id)
    let tags = tagsOf.get(postId)
    if (!tags) tagsOf.set(postId, (tags = []))
    tags.push(tagId)
    // Label the interest tags with the interest the member wrote (the tag's own name is the same text).
    if (interestTags.has(tagId)) interestTags.set(tagId, interestByName.get(r.name) ?? r.name)
  }
  const candidates = facts.map((r) => ({
    id: Number(r.id),
    authorId: Number(r.user_id),
    categoryId: r.category_id === null ? null : Number(r.category_id),
    hotScore: Number(r.hot_score),
    tagIds: tagsOf.get(Number(r.id)) ?? [],
    nickname: r.nickname,
  }))
  return { candidates, signals }
}

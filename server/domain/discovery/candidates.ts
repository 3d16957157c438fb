import type { DatabaseKind } from '../../config'
import type { RecommendMode } from '../../contract/admin/moderation'
import { inList, type SqlReader, type SqlValue } from '../../db/reader'
import { dateParam, limitClause } from '../../db/sql'
import { andNotBlocked, type BlockingViewer } from '../../db/blocks'
import { listedNote } from '../../db/visibility'
import { AFFINITY } from './affinity'
import { emptySignals, type Candidate, type MemberSignals, type Signal } from './rank'
import { SOURCES } from './weights'

/*
 * The read side of the personalised 推荐: a bounded candidate set in four statements, each indexed ranges with a
 * LIMIT (never a scan of all notes):
 *
 *   1. the member's signals: top tags / categories / engaged and followed authors and the strongest dislikes
 *      (index ranges of idx_member_affinities_top), their latest liked and collected notes
 *      (idx_likes_user_list, idx_collections_user_list), their declared interests (users row), the head of the
 *      global hot list (idx_posts_hot) and the back-office's recommend_mode (site_settings);
 *   2. the candidates each signal proposes: newest notes of each top tag (idx_post_tags_tag) and interest tag
 *      (uq_tags_name), hottest of each top category (idx_posts_category_hot), newest of each author
 *      (idx_posts_user), best co-engagement neighbours of each engaged note (idx_note_neighbours_top);
 *   3. for those candidate ids (by primary key): author id, category and hot score, with the filters
 *      (listed, not the member's own, not liked / collected / marked 不感兴趣, author not blocked);
 *   4. the tag ids of the candidates statement 3 kept (post_tags' primary key).
 */

/** Row kinds of statement 1. */
const ROW = { tag: 1, category: 2, author: 3, followed: 4, dislikedTag: 5, dislikedAuthor: 6, liked: 20, collected: 21, interests: 30, hot: 40, mode: 50 } as const

interface SignalRow {
  kind: number
  target_id: number | null
  score: number | null
  label: string | null
}

interface SourceRow {
  id: number
  src: number
  ref: number
}

/** Statement-2 sources; an interest's source is INTEREST_SRC + its index. */
const SRC = { tag: 1, category: 2, author: 3, neighbour: 4 } as const
const INTEREST_SRC = 100

const union = (parts: readonly string[]): string => parts.map((sql, i) => `SELECT * FROM (${sql}) s${i}`).join(' UNION ALL ')

/** Notes created after `now` do not exist yet for a ranking "as of" then (the offline evaluation). */
const asOf = (kind: DatabaseKind, now: Date | undefined, alias: string): { sql: string; params: SqlValue[] } =>
  now ? { sql: ` AND ${alias}.created_at <= ?`, params: [dateParam(kind, now) as SqlValue] } : { sql: '', params: [] }

/** Statement 1 (see above); its parameters are the member's id six times, twice, once, then `asOf`'s. */
function signalsSql(kind: DatabaseKind, now: Date | undefined): { sql: string; params: (memberId: number) => SqlValue[] } {
  const top = (rowKind: number, affinity: number, join: string, label: string, n: number, disliked: boolean) =>
    `SELECT ${rowKind} AS kind, a.target_id AS target_id, a.score AS score, ${label} AS label FROM member_affinities a ${join}
     WHERE a.user_id = ? AND a.kind = ${affinity}${disliked ? ' AND a.score < 0' : ''} ORDER BY a.score ${disliked ? 'ASC' : 'DESC'} ${limitClause(n)}`
  const tags = 'INNER JOIN tags t ON t.id = a.target_id'
  const users = 'INNER JOIN users u ON u.id = a.target_id'
  const t = asOf(kind, now, 'p')
  const sql = union([
    top(ROW.tag, AFFINITY.tag, tags, 't.name', SOURCES.tags, false),
    top(ROW.category, AFFINITY.category, 'INNER JOIN categories c ON c.id = a.target_id', 'c.category_title', SOURCES.categories, false),
    top(ROW.author, AFFINITY.author, users, 'u.nickname', SOURCES.authors, false),
    top(ROW.followed, AFFINITY.followed, users, 'u.nickname', SOURCES.followed, false),
    top(ROW.dislikedTag, AFFINITY.tag, tags, 't.name', SOURCES.dislikes, true),
    top(ROW.dislikedAuthor, AFFINITY.author, users, 'u.nickname', SOURCES.dislikes, true),
    `SELECT ${ROW.liked} AS kind, l.target_id AS target_id, 0 AS score, NULL AS label FROM likes l WHERE l.user_id = ? AND l.target_type = 1 ORDER BY l.created_at DESC, l.id DESC ${limitClause(SOURCES.engagedNotes)}`,
    `SELECT ${ROW.collected} AS kind, c.post_id AS target_id, 0 AS score, NULL AS label FROM collections c WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC ${limitClause(SOURCES.engagedNotes)}`,
    `SELECT ${ROW.interests} AS kind, 0 AS target_id, 0 AS score, u.interests AS label FROM users u WHERE u.id = ?`,
    `SELECT ${ROW.hot} AS kind, p.id AS target_id, p.hot_score AS score, NULL AS label FROM posts p WHERE ${listedNote('p')}${t.sql} ORDER BY p.hot_score DESC, p.id DESC ${limitClause(SOURCES.hot)}`,
    `SELECT ${ROW.mode} AS kind, 0 AS target_id, 0 AS score, s.value AS label FROM site_settings s WHERE s.name = 'recommend_mode'`,
  ])
  return { sql, params: (memberId) => [...Array<SqlValue>(9).fill(memberId), ...t.params] }
}

/** Candidates considered at most (statement 3's LIMIT; the sources propose fewer). */
const MAX_CANDIDATES = 500

function parseInterests(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw) return []
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, SOURCES.interests) : []
  } catch {
    return []
  }
}

/** The member's signals from statement 1: each kind normalised by the member's strongest row of that kind (see affinity.ts). */
function signalsOf(rows: readonly SignalRow[]): MemberSignals {
  const s = emptySignals()
  const groups: Record<number, Map<number, Signal>> = {
    [ROW.tag]: s.tags as Map<number, Signal>,
    [ROW.dislikedTag]: s.tags as Map<number, Signal>,
    [ROW.category]: s.categories as Map<number, Signal>,
    [ROW.author]: s.authors as Map<number, Signal>,
    [ROW.dislikedAuthor]: s.authors as Map<number, Signal>,
    [ROW.followed]: s.followed as Map<number, Signal>,
  }
  const maxAbs = new Map<Map<number, Signal>, number>()
  for (const r of rows) {
    const group = groups[Number(r.kind)]
    if (group) maxAbs.set(group, Math.max(maxAbs.get(group) ?? 0, Math.abs(Number(r.score))))
  }
  for (const r of rows) {
    const group = groups[Number(r.kind)]
    if (group) group.set(Number(r.target_id), { strength: Number(r.score) / (maxAbs.get(group) || 1), label: r.label ?? '' })
  }
  return s
}

export interface CandidateSet {
  candidates: Candidate[]
  signals: MemberSignals
  /** The back-office's recommend_mode (site setting), read with the signals. */
  mode: RecommendMode
}

/** `values` padded to `size` with `pad` (a value that matches nothing), so statement 2's text never varies. */
function slots<T extends SqlValue>(values: readonly T[], size: number, pad: T): T[] {
  return [...values.slice(0, size), ...Array<T>(Math.max(0, size - values.length)).fill(pad)]
}

/**
 * Statement 2: the candidates each signal proposes. It has a fixed number of parts (slots for every source,
 * unused ones bound to an id that matches nothing), so its text is the same for every member and the prepared
 * statement is reused: a statement whose shape followed the member's signals was compiled again on every
 * request (measured on SQLite: most of the ranking's cost).
 */
function sourcesSql(kind: DatabaseKind, signals: MemberSignals, engaged: readonly number[], interests: readonly string[], now: Date | undefined): { sql: string; params: SqlValue[] } | null {
  const t = asOf(kind, now, 'p')
  const liked = (m: ReadonlyMap<number, { strength: number }>) => [...m].filter(([, sig]) => sig.strength > 0).map(([id]) => id)
  const tags = liked(signals.tags)
  const categories = liked(signals.categories)
  const authors = [...new Set([...signals.followed.keys(), ...liked(signals.authors)])]
  if (tags.length + categories.length + authors.length + engaged.length + interests.length === 0) return null
  const parts: string[] = []
  const params: SqlValue[] = []
  for (const tagId of slots(tags, SOURCES.tags, 0)) {
    parts.push(`SELECT pt.post_id AS id, ${SRC.tag} AS src, pt.tag_id AS ref FROM post_tags pt WHERE pt.tag_id = ? ORDER BY pt.post_id DESC ${limitClause(SOURCES.notesPerTag)}`)
    params.push(tagId)
  }
  for (const categoryId of slots(categories, SOURCES.categories, 0)) {
    parts.push(`SELECT p.id AS id, ${SRC.category} AS src, 0 AS ref FROM posts p WHERE p.category_id = ? AND ${listedNote('p')}${t.sql} ORDER BY p.hot_score DESC, p.id DESC ${limitClause(SOURCES.notesPerCategory)}`)
    params.push(categoryId, ...t.params)
  }
  for (const authorId of slots(authors, SOURCES.authors + SOURCES.followed, 0)) {
    parts.push(`SELECT p.id AS id, ${SRC.author} AS src, 0 AS ref FROM posts p WHERE p.user_id = ? AND p.is_draft = FALSE${t.sql} ORDER BY p.created_at DESC, p.id DESC ${limitClause(SOURCES.notesPerAuthor)}`)
    params.push(authorId, ...t.params)
  }
  for (const postId of slots(engaged, 2 * SOURCES.engagedNotes, 0)) {
    parts.push(`SELECT nn.neighbour_id AS id, ${SRC.neighbour} AS src, nn.score AS ref FROM note_neighbours nn WHERE nn.post_id = ? ORDER BY nn.score DESC ${limitClause(SOURCES.neighboursPerNote)}`)
    params.push(postId)
  }
  slots(interests, SOURCES.interests, '').forEach((name, i) => {
    parts.push(`SELECT pt.post_id AS id, ${INTEREST_SRC + i} AS src, pt.tag_id AS ref FROM tags it INNER JOIN post_tags pt ON pt.tag_id = it.id WHERE it.name = ? ORDER BY pt.post_id DESC ${limitClause(SOURCES.notesPerInterest)}`)
    params.push(name)
  })
  return { sql: union(parts), params }
}

interface FactRow {
  id: number
  user_id: number
  category_id: number | null
  hot_score: number
}

/**
 * The bounded candidate set of a member, with their signals. `now` ranks "as of" that moment (notes created
 * later are left out); interactions are whatever the stored signals hold.
 */
export async function loadCandidates(reader: SqlReader, kind: DatabaseKind, viewer: number | BlockingViewer, now?: Date): Promise<CandidateSet> {
  const memberId = typeof viewer === 'number' ? viewer : viewer.id
  const first = signalsSql(kind, now)
  const rows = await reader.all<SignalRow>(first.sql, first.params(memberId))
  const signals = signalsOf(rows)
  const engaged = [...new Set(rows.filter((r) => Number(r.kind) === ROW.liked || Number(r.kind) === ROW.collected).map((r) => Number(r.target_id)))]
  const interests = parseInterests(rows.find((r) => Number(r.kind) === ROW.interests)?.label)
  const mode: RecommendMode = rows.find((r) => Number(r.kind) === ROW.mode)?.label === 'hot' ? 'hot' : 'personalised'
  const sources = sourcesSql(kind, signals, engaged, interests, now)
  const proposed: SourceRow[] = sources ? await reader.all<SourceRow>(sources.sql, sources.params) : []
  const neighbourSum = new Map<number, number>()
  const interestTags = signals.interests as Map<number, string>
  for (const r of proposed) {
    const src = Number(r.src)
    if (src === SRC.neighbour) neighbourSum.set(Number(r.id), (neighbourSum.get(Number(r.id)) ?? 0) + Number(r.ref))
    if (src >= INTEREST_SRC) interestTags.set(Number(r.ref), interests[src - INTEREST_SRC] ?? '')
  }
  let maxNeighbour = 0
  for (const v of neighbourSum.values()) maxNeighbour = Math.max(maxNeighbour, v)
  for (const [id, v] of neighbourSum) (signals.neighbours as Map<number, number>).set(id, maxNeighbour > 0 ? v / maxNeighbour : 0)
  const hot = rows.filter((r) => Number(r.kind) === ROW.hot).map((r) => Number(r.target_id))
  const ids = [...new Set([...proposed.map((r) => Number(r.id)), ...hot])].slice(0, MAX_CANDIDATES)
  if (ids.length === 0) return { candidates: [], signals, mode }
  const list = inList(ids)
  // A viewer known to block no one (the channel's BlockingViewer) skips the per-candidate probe, as the feed does.
  const blocked = andNotBlocked(viewer, 'p.user_id')
  const t = asOf(kind, now, 'p')
  const facts = await reader.all<FactRow>(
    `SELECT p.id, p.user_id, p.category_id, p.hot_score FROM posts p
     WHERE p.id IN ${list.sql} AND ${listedNote('p')} AND p.user_id <> ?${t.sql}
       AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ? AND l.target_type = 1 AND l.target_id = p.id)
       AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ? AND c.post_id = p.id)
       AND NOT EXISTS (SELECT 1 FROM not_interested ni WHERE ni.user_id = ? AND ni.post_id = p.id)
      ${blocked.sql} ${limitClause(MAX_CANDIDATES)}`,
    [...list.params, memberId, ...t.params, memberId, memberId, memberId, ...blocked.params],
  )
  if (facts.length === 0) return { candidates: [], signals, mode }
  // Statement 4: the kept candidates' tag ids, one range of post_tags' primary key each. Apart from statement 3
  // so that each stays under the reader's 1 ms line (native-reader.ts): together they averaged about 1 ms, and a
  // statement over the line is sent to the read thread, whose round trip (the rows cloned across) cost more CPU
  // than the statement itself.
  const kept = inList(facts.map((r) => Number(r.id)))
  const tagRows = await reader.all<{ post_id: number; tag_id: number }>(`SELECT pt.post_id, pt.tag_id FROM post_tags pt WHERE pt.post_id IN ${kept.sql}`, kept.params)
  const tagsOf = new Map<number, number[]>()
  for (const r of tagRows) {
    const id = Number(r.post_id)
    const list = tagsOf.get(id)
    if (list) list.push(Number(r.tag_id))
    else tagsOf.set(id, [Number(r.tag_id)])
  }
  const candidates = facts.map((r) => ({
    id: Number(r.id),
    authorId: Number(r.user_id),
    categoryId: r.category_id === null ? null : Number(r.category_id),
    hotScore: Number(r.hot_score),
    tagIds: tagsOf.get(Number(r.id)) ?? [],
    // Only followed and engaged authors' names are shown (in reasons): statement 1 read them with the signals.
    nickname: signals.followed.get(Number(r.user_id))?.label ?? signals.authors.get(Number(r.user_id))?.label ?? '',
  }))
  return { candidates, signals, mode }
}

import { isDisplayIdShape, type FollowListKind } from '../../../contract/users'
import { andNotBlocked } from '../../../db/blocks'
import { readerFor, toNum } from '../../../db/reader'
import { limitClause } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import { relations } from '../../../domain/follows'
import { followState, type FollowRow, type ProfileSource } from '../../../presenters/user'
import { listedNote } from '../../../db/visibility'

/*
 * Read queries of the users resource. Every list loads in a fixed number of queries: the count, the page
 * (users joined in), and one query for the viewer's follow relations with everyone on the page.
 */

const PROFILE_COLUMNS =
  'id, user_id, nickname, avatar, bio, location, verified, gender, zodiac_sign, mbti, education, major, interests, follow_count, fans_count, post_count, like_count, collect_count, created_at'

type RawProfile = Omit<ProfileSource, 'interests'> & { id: number; interests: string | null }

function parseInterests(raw: string | null): string[] | null {
  if (!raw) return null
  try {
    const list: unknown = JSON.parse(raw)
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : null
  } catch {
    return null
  }
}

/** A profile by display id in one indexed query on the fast read path (a benchmarked call). */
export async function profileByDisplayId(deps: AppDeps, userId: string): Promise<(ProfileSource & { id: number }) | null> {
  if (!isDisplayIdShape(userId)) return null
  const row = await readerFor(deps.db).one<RawProfile>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE user_id = ?`, [userId])
  if (!row) return null
  return { ...row, id: toNum(row.id), interests: parseInterests(row.interests) }
}

export type { FollowListKind }

const ENTRY_COLUMNS =
  'u.id AS id, u.user_id AS user_id, u.nickname AS nickname, u.avatar AS avatar, u.bio AS bio, u.location AS location, u.verified AS verified, u.follow_count AS follow_count, u.fans_count AS fans_count, u.post_count AS post_count'

/** FROM/WHERE of each list, for the user `?` (the list owner). */
const LIST_SOURCES: Record<FollowListKind, string> = {
  following: 'FROM follows f INNER JOIN users u ON u.id = f.following_id WHERE f.follower_id = ?',
  followers: 'FROM follows f INNER JOIN users u ON u.id = f.follower_id WHERE f.following_id = ?',
  // People the owner follows who follow the owner back.
  mutual: 'FROM follows f INNER JOIN follows b ON b.follower_id = f.following_id AND b.following_id = f.follower_id INNER JOIN users u ON u.id = f.following_id WHERE f.follower_id = ?',
}

function placeholders(deps: AppDeps, sql: string): string {
  if (deps.config.database.kind !== 'postgres') return sql
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

export interface Page<T> {
  rows: T[]
  total: number
}

/**
 * One page of a follow list, newest follow first, each entry with the viewer's follow state; members the
 * viewer blocked are not listed (the condition is part of both statements, so pages stay full).
 */
export async function followList(deps: AppDeps, kind: FollowListKind, ownerId: number, viewerId: number | null, page: number, limit: number) {
  const blocks = andNotBlocked(viewerId, 'u.id')
  const source = `${LIST_SOURCES[kind]}${blocks.sql}`
  const params = [ownerId, ...blocks.params]
  const [countRow] = (await deps.db.query(placeholders(deps, `SELECT COUNT(*) AS total ${source}`), params)) as Array<{ total: number | string }>
  const rows = (await deps.db.query(
    placeholders(deps, `SELECT ${ENTRY_COLUMNS}, f.created_at AS followed_at ${source} ORDER BY f.created_at DESC, f.id DESC ${limitClause(limit, (page - 1) * limit)}`),
    params,
  )) as FollowRow[]
  return withStates(deps, viewerId, rows, toNum(countRow?.total))
}

async function withStates<T extends { id: number }>(deps: AppDeps, viewerId: number | null, rows: T[], total: number) {
  const rels = await relations(deps, viewerId, rows.map((r) => Number(r.id)))
  return {
    total,
    rows: rows.map((row) => {
      const id = Number(row.id)
      const rel = rels.get(id) ?? { iFollow: false, theyFollow: false }
      return { row, state: followState(rel.iFollow, rel.theyFollow, id === viewerId) }
    }),
  }
}

/** LIKE pattern for a literal substring ('!' escapes the wildcards; portable across the three engines). */
const likePattern = (keyword: string) => `%${keyword.replace(/[!%_]/g, (c) => `!${c}`)}%`

/**
 * Users whose display id or nickname contains the keyword: an exact display id first, then by followers.
 * (A substring search over the users table; it is small next to notes, and the mention picker needs it.)
 */
export async function searchUsers(deps: AppDeps, keyword: string, viewerId: number | null, page: number, limit: number) {
  const blocks = andNotBlocked(viewerId, 'u.id')
  const where = `FROM users u WHERE u.is_active = TRUE AND (u.user_id LIKE ? ESCAPE '!' OR u.nickname LIKE ? ESCAPE '!')${blocks.sql}`
  const pattern = likePattern(keyword)
  const params = [pattern, pattern, ...blocks.params]
  const [countRow] = (await deps.db.query(placeholders(deps, `SELECT COUNT(*) AS total ${where}`), params)) as Array<{ total: number | string }>
  const rows = (await deps.db.query(
    placeholders(deps, `SELECT ${ENTRY_COLUMNS} ${where} ORDER BY CASE WHEN u.user_id = ? THEN 0 ELSE 1 END, u.fans_count DESC, u.id ASC ${limitClause(limit, (page - 1) * limit)}`),
    [...params, keyword],
  )) as Array<Omit<FollowRow, 'followed_at'>>
  return withStates(deps, viewerId, rows, toNum(countRow?.total))
}

export type NoteListKind = 'collections' | 'likes'

/** Which notes each list holds, newest action first (published notes only). */
const NOTE_LIST_SOURCES: Record<NoteListKind, { from: string; order: string }> = {
  collections: { from: `FROM collections x INNER JOIN posts p ON p.id = x.post_id WHERE x.user_id = ? AND ${listedNote('p')}`, order: 'x.created_at DESC, x.id DESC' },
  likes: {
    from: `FROM likes x INNER JOIN posts p ON p.id = x.target_id WHERE x.user_id = ? AND x.target_type = 1 AND ${listedNote('p')}`,
    order: 'x.created_at DESC, x.id DESC',
  },
}

/**
 * One page of note ids a user collected or liked, and the total (two queries on the fast read path), without
 * notes by members the viewer blocked.
 */
export async function notePage(deps: AppDeps, kind: NoteListKind, ownerId: number, viewerId: number | null, page: number, limit: number): Promise<Page<number>> {
  const reader = readerFor(deps.db)
  const blocks = andNotBlocked(viewerId, 'p.user_id')
  const { order } = NOTE_LIST_SOURCES[kind]
  const from = `${NOTE_LIST_SOURCES[kind].from}${blocks.sql}`
  const params = [ownerId, ...blocks.params]
  const countRow = await reader.one<{ total: number | string }>(`SELECT COUNT(*) AS total ${from}`, params)
  const rows = await reader.all<{ id: number | string }>(`SELECT p.id AS id ${from} ORDER BY ${order} ${limitClause(limit, (page - 1) * limit)}`, params)
  return { rows: rows.map((r) => Number(r.id)), total: toNum(countRow?.total) }
}

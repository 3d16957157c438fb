import type { Suggestion } from '../contract/following'
import { inList, toBool, toNum, type SqlReader, type SqlValue } from '../db/reader'
import { containsPattern, LIKE_ESCAPE, limitClause } from '../db/sql'
import { followState, presentUserCard, type FollowRow } from '../presenters/user'
import { msg, type Message } from '../i18n/message'
import { render } from '../i18n/format'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'

/*
 * People to follow (GET /users/suggestions), shown by the empty 关注 timeline (docs/discovery.md). Candidates
 * come from two sources: follows of follows (members followed by the people the viewer follows, ranked by how
 * many of them do) and shared declared interests (users.interests, ranked by how many are shared, then by
 * fans); when both give too few, the most followed members who have published fill the list. Never the viewer,
 * never someone already followed, never anyone blocked either way, never a deactivated account.
 * At most five statements whatever the number of people: the viewer's interests, the two candidate sources,
 * the popular fill (only when needed) and the cards.
 */

/** Follows of follows are read through the viewer's most recent follows only, so a member following thousands costs the same. */
const RECENT_FOLLOWS = 200
/** Candidates read per source before ranking. */
const CANDIDATES = 50

/** SQL over the candidate `u.id`: not the viewer, not followed, not blocked either way, active. */
const ELIGIBLE = `u.id <> ? AND u.is_active = TRUE
  AND NOT EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ? AND x.following_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM user_blocks b1 WHERE b1.blocker_id = ? AND b1.blocked_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM user_blocks b2 WHERE b2.blocker_id = u.id AND b2.blocked_id = ?)`
const eligibleParams = (viewerId: number): SqlValue[] => [viewerId, viewerId, viewerId, viewerId]

interface Candidate {
  id: number
  followedBy: number
  shared: string[]
}

function parseInterests(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return []
  try {
    const list = JSON.parse(text) as unknown
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

async function followsOfFollows(reader: SqlReader, viewerId: number): Promise<Map<number, number>> {
  const rows = await reader.all<{ id: number; n: number }>(
    `SELECT u.id, COUNT(*) AS n FROM (SELECT f.following_id FROM follows f WHERE f.follower_id = ? ORDER BY f.created_at DESC, f.id DESC ${limitClause(RECENT_FOLLOWS)}) mine
      CROSS JOIN follows f2 CROSS JOIN users u
      WHERE f2.follower_id = mine.following_id AND u.id = f2.following_id AND ${ELIGIBLE}
      GROUP BY u.id ORDER BY n DESC, u.id ${limitClause(CANDIDATES)}`,
    [viewerId, ...eligibleParams(viewerId)],
  )
  return new Map(rows.map((r) => [Number(r.id), toNum(r.n)]))
}

async function sharingInterests(reader: SqlReader, viewerId: number, interests: string[]): Promise<Map<number, string[]>> {
  if (interests.length === 0) return new Map()
  // interests is a JSON array as text: each interest is matched as its quoted JSON string.
  const likes = interests.map(() => `u.interests LIKE ? ${LIKE_ESCAPE}`).join(' OR ')
  const rows = await reader.all<{ id: number; interests: string | null }>(
    `SELECT u.id, u.interests FROM users u WHERE (${likes}) AND ${ELIGIBLE} ORDER BY u.fans_count DESC, u.id ${limitClause(CANDIDATES)}`,
    [...interests.map((i) => containsPattern(JSON.stringify(i))), ...eligibleParams(viewerId)],
  )
  const mine = new Set(interests)
  return new Map(rows.map((r) => [Number(r.id), parseInterests(r.interests).filter((i) => mine.has(i))]))
}

async function popular(reader: SqlReader, viewerId: number, exclude: readonly number[], count: number): Promise<number[]> {
  const skip = exclude.length > 0 ? inList(exclude) : null
  const rows = await reader.all<{ id: number }>(
    `SELECT u.id FROM users u WHERE u.post_count > 0 AND ${ELIGIBLE}${skip ? ` AND u.id NOT IN ${skip.sql}` : ''} ORDER BY u.fans_count DESC, u.id ${limitClause(count)}`,
    [...eligibleParams(viewerId), ...(skip?.params ?? [])],
  )
  return rows.map((r) => Number(r.id))
}

function reasonOf(c: Candidate, locale: Locale): Message {
  // The members' own words, listed the way the language lists (Intl; 、 in Chinese, as before).
  const interests = locale === DEFAULT_LOCALE ? c.shared.join('、') : new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(c.shared)
  if (c.followedBy > 0 && c.shared.length > 0) return msg('{count} 位你关注的人也关注了TA · 共同兴趣：{interests}', { count: c.followedBy, interests })
  if (c.followedBy > 0) return msg('{count} 位你关注的人也关注了TA', { count: c.followedBy })
  if (c.shared.length > 0) return msg('共同兴趣：{interests}', { interests })
  return msg('热门作者')
}

/** Up to `limit` people for the viewer to follow, best first. */
/** `locale`: the viewer's language, for the reasons (issue 40). */
export async function suggestPeople(reader: SqlReader, viewerId: number, limit: number, locale: Locale = DEFAULT_LOCALE): Promise<Suggestion[]> {
  const me = await reader.one<{ interests: string | null }>('SELECT interests FROM users WHERE id = ?', [viewerId])
  const [viaFollows, viaInterests] = await Promise.all([followsOfFollows(reader, viewerId), sharingInterests(reader, viewerId, parseInterests(me?.interests))])
  const candidates = new Map<number, Candidate>()
  for (const [id, n] of viaFollows) candidates.set(id, { id, followedBy: n, shared: [] })
  for (const [id, shared] of viaInterests) {
    const c = candidates.get(id)
    if (c) c.shared = shared
    else candidates.set(id, { id, followedBy: 0, shared })
  }
  // Follows of follows first (a social signal), then shared interests, each by strength; ties keep the sources' order.
  const ranked = [...candidates.values()].sort((a, b) => b.followedBy - a.followedBy || b.shared.length - a.shared.length).slice(0, limit)
  if (ranked.length < limit) {
    for (const id of await popular(reader, viewerId, [...candidates.keys()], limit - ranked.length)) ranked.push({ id, followedBy: 0, shared: [] })
  }
  if (ranked.length === 0) return []
  const list = inList(ranked.map((c) => c.id))
  const rows = await reader.all<FollowRow & { follows_me: unknown }>(
    `SELECT u.id, u.user_id, u.nickname, u.avatar, u.bio, u.location, u.verified, u.follow_count, u.fans_count, u.post_count,
      EXISTS (SELECT 1 FROM follows y WHERE y.follower_id = u.id AND y.following_id = ?) AS follows_me
      FROM users u WHERE u.id IN ${list.sql}`,
    [viewerId, ...list.params],
  )
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return ranked.flatMap((c) => {
    const row = byId.get(c.id)
    if (!row) return []
    const card = presentUserCard({ ...row, id: Number(row.id) }, followState(false, toBool(row.follows_me)))
    return [{ ...card, shared_interests: c.shared, followed_by_count: c.followedBy, reason: render(reasonOf(c, locale), locale) }]
  })
}

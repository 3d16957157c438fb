import type { SearchUser } from '../contract/search'
import { inList, toBool, toNum, type SqlReader } from '../db/reader'
import { containsPattern, LIKE_ESCAPE, limitClause } from '../db/sql'
import { cached } from '../db/list-cache'
import { andNotBlocked, blockScope, type BlockingViewer } from '../db/blocks'
import { avatarOf, bioOf, followState } from '../presenters/user'

/*
 * User search for /search (users tab and the users part of "all"): nickname or display id containing the
 * keyword, an exact display id first, then by followers. Users are few next to notes (10k in the bench),
 * so a LIKE scan is used on every engine, its page of ids cached for a few seconds (domain/feed.ts); each
 * row carries the viewer's follow state, read live.
 */

interface UserRow {
  id: number
  user_id: string
  nickname: string
  avatar: string
  bio: string | null
  verified: number
  fans_count: number
  follow_count: number
  post_count: number
  is_following: number | boolean
  follows_me: number | boolean
}

const WHERE = `u.is_active = TRUE AND (u.nickname LIKE ? ${LIKE_ESCAPE} OR u.user_id LIKE ? ${LIKE_ESCAPE})`

/**
 * The page of matching user ids (cached briefly: the LIKE scan is the expensive part), without the members
 * the viewer blocked.
 */
function pageIds(reader: SqlReader, keyword: string, viewer: BlockingViewer | null, limit: number, offset: number): Promise<number[]> {
  const like = containsPattern(keyword)
  const blocks = andNotBlocked(viewer, 'u.id')
  return cached(`users|${keyword}|${blockScope(viewer) ?? ''}|${limit}|${offset}`, async () => {
    const rows = await reader.all<{ id: number }>(
      `SELECT u.id FROM users u WHERE ${WHERE}${blocks.sql} ORDER BY CASE WHEN u.user_id = ? THEN 0 ELSE 1 END, u.fans_count DESC, u.id ASC ${limitClause(limit, offset)}`,
      [like, like, ...blocks.params, keyword],
    )
    return rows.map((r) => Number(r.id))
  })
}

export async function searchUsers(reader: SqlReader, keyword: string, viewer: BlockingViewer | null, limit: number, offset: number): Promise<SearchUser[]> {
  const ids = await pageIds(reader, keyword, viewer, limit, offset)
  const viewerId = viewer?.id ?? null
  if (ids.length === 0) return []
  const v = viewerId ?? 0
  const list = inList(ids)
  const rows = await reader.all<UserRow>(
    `SELECT u.id, u.user_id, u.nickname, u.avatar, u.bio, u.verified, u.fans_count, u.follow_count, u.post_count,
       EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = u.id) AS is_following,
       EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = u.id AND f.following_id = ?) AS follows_me
     FROM users u WHERE u.id IN ${list.sql}`,
    [v, v, ...list.params],
  )
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    return r ? [present(r, viewerId)] : []
  })
}

function present(r: UserRow, viewerId: number | null): SearchUser {
  const state = followState(toBool(r.is_following), toBool(r.follows_me), viewerId !== null && Number(r.id) === viewerId)
  return {
    id: Number(r.id),
    user_id: r.user_id,
    nickname: r.nickname,
    avatar: avatarOf(r.avatar),
    bio: bioOf(r.bio),
    verified: toNum(r.verified),
    fans_count: toNum(r.fans_count),
    follow_count: toNum(r.follow_count),
    post_count: toNum(r.post_count),
    isFollowing: state.followed,
    isMutual: state.isMutual,
    buttonType: state.buttonType,
  }
}

export async function countUsers(reader: SqlReader, keyword: string, viewer: BlockingViewer | null): Promise<number> {
  const like = containsPattern(keyword)
  const blocks = andNotBlocked(viewer, 'u.id')
  const row = await reader.one<{ n: number }>(`SELECT COUNT(*) AS n FROM users u WHERE ${WHERE}${blocks.sql}`, [like, like, ...blocks.params])
  return Number(row?.n ?? 0)
}

import type { DatabaseKind } from '../config'
import { encodeCursor, NEW_COUNT_CAP, type FollowingQuery, type FollowingReply, type TimelinePosition } from '../contract/following'
import type { PostCard } from '../contract/posts'
import type { AppDeps } from '../deps'
import { andNotBlocked, blockScope, type BlockingViewer } from '../db/blocks'
import { cachedCount } from '../db/list-cache'
import type { SqlReader, SqlValue } from '../db/reader'
import { dateParam, limitClause } from '../db/sql'
import { listedNote } from '../db/visibility'
import { pagination } from '../presenters/list'
import { loadPostCardPage, type CardPageSource } from '../presenters/post'
import { lastVisitOf, rememberVisit } from './timeline-marks'

/*
 * The 关注 timeline (issue 38, docs/discovery.md "## 关注 timeline"): the listed notes of the people a member
 * follows, newest first, as one more id-page source for the card presenter (presenters/post.ts), so a page
 * costs the same two statements as the feed's. Listed means what the feed lists (db/visibility.ts: no drafts,
 * nothing hidden or held for review); the member's blocks are the feed's condition (db/blocks.ts), and a block
 * either way also removes the follows both ways (domain/blocks.ts), so a blocked author is never followed.
 * Bans stop writes, not reads: a banned author's earlier notes stay listed, in the feed and here alike.
 *
 * Paging: `page`/`limit` (offset, as every list) or `cursor`, a keyset over (created_at, id) that continues
 * strictly after the last note of the previous page, so notes published meanwhile never shift a page.
 *
 * Two shapes of the id statement, chosen per request by their expected cost (both index-driven):
 *  - by author: each followed author's listed notes from idx_posts_user_listed, then sorted; reads every
 *    note of the followed authors (their total T), best when T is small;
 *  - by date: the listed notes newest first from idx_posts_feed (which carries user_id for this: index-only),
 *    each probed in uq_follows_pair until the page is full; reads about (offset + limit) × N / T notes of the N
 *    listed, best when T is a large share of N (a member following 500 of 10,000 authors: ~400 index entries
 *    instead of ~5,000 and a sort).
 */

export type TimelineViewer = BlockingViewer

/** The id statement's WHERE for a viewer (the timeline's notes), with `extra` conditions over `p`. */
function timelineWhere(kind: DatabaseKind, viewer: TimelineViewer, shape: 'by-author' | 'by-date', extra: { sql: string; params: SqlValue[] } | null) {
  const blocks = andNotBlocked(viewer, 'p.user_id')
  // The join order is the shape: SQLite keeps a CROSS JOIN's order and MariaDB a STRAIGHT_JOIN's (it turned an
  // EXISTS probe into a join starting from follows); PostgreSQL plans both itself. (follower_id, following_id) is
  // unique, so the join never repeats a note.
  const byDate = kind === 'mysql' ? 'posts p STRAIGHT_JOIN follows f' : 'posts p CROSS JOIN follows f'
  return {
    from: shape === 'by-author' ? 'follows f CROSS JOIN posts p' : byDate,
    // The viewer's id first: in both shapes it is the first placeholder.
    sql: `f.follower_id = ? AND p.user_id = f.following_id AND ${listedNote('p')}${extra ? ` AND ${extra.sql}` : ''}${blocks.sql}`,
    params: [viewer.id, ...(extra?.params ?? []), ...blocks.params] as SqlValue[],
  }
}

/** SQL: the note `p` comes after `position` in the timeline's order (older), or before it (newer). */
function beyond(kind: DatabaseKind, position: TimelinePosition, direction: 'older' | 'newer') {
  const at = dateParam(kind, position.at)
  const op = direction === 'older' ? '<' : '>'
  // The first comparison bounds the index range; with only the OR, PostgreSQL filtered from the newest note on.
  return { sql: `p.created_at ${op}= ? AND (p.created_at ${op} ? OR p.id ${op} ?)`, params: [at, at, position.id] }
}

const ORDER = 'p.created_at DESC, p.id DESC'

/** The listed notes of everyone (the feed's own cached total, shared with it: domain/feed.ts). */
const listedTotal = (reader: SqlReader): Promise<number> => {
  const where = listedNote('p')
  return cachedCount(`${where}|`, async () => Number((await reader.one<{ n: number }>(`SELECT COUNT(*) AS n FROM posts p WHERE ${where}`))?.n ?? 0))
}

/**
 * The viewer's timeline total: the followed authors' listed notes, from their post_count (which counts exactly
 * those: domain/counters.ts), one row per followed author instead of one per note (counting the notes of 500
 * authors took ~50 ms on PostgreSQL). Cached like the feed's totals (a few seconds; dropped when a note is written).
 */
function timelineTotal(reader: SqlReader, viewer: TimelineViewer): Promise<number> {
  return cachedCount(`following|${viewer.id}|${blockScope(viewer) ?? ''}`, async () => {
    const blocks = andNotBlocked(viewer, 'u.id')
    const row = await reader.one<{ n: number }>(`SELECT COALESCE(SUM(u.post_count), 0) AS n FROM follows f INNER JOIN users u ON u.id = f.following_id WHERE f.follower_id = ?${blocks.sql}`, [
      viewer.id,
      ...blocks.params,
    ])
    return Number(row?.n ?? 0)
  })
}

/** The cheaper shape for reading `depth` notes into a timeline of `total` notes out of `listed`. */
export function shapeFor(total: number, listed: number, depth: number): 'by-author' | 'by-date' {
  return total > 0 && total * total > depth * listed ? 'by-date' : 'by-author'
}

const positionOf = (card: PostCard): TimelinePosition => ({ at: new Date(card.created_at), id: card.id })

const isNewer = (a: TimelinePosition, b: TimelinePosition): boolean => a.at.getTime() > b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id > b.id)

/**
 * How many timeline notes come after `since` (newer), counting up to NEW_COUNT_CAP. By date for the open tab's
 * check (`since` is the newest note it shows: the site's notes after it are those of the last seconds), by
 * author for a last visit (possibly days ago: a range per followed author).
 */
export async function countNewer(reader: SqlReader, kind: DatabaseKind, viewer: TimelineViewer, since: TimelinePosition, shape: 'by-author' | 'by-date'): Promise<number> {
  const w = timelineWhere(kind, viewer, shape, beyond(kind, since, 'newer'))
  const row = await reader.one<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT p.id FROM ${w.from} WHERE ${w.sql} ${limitClause(NEW_COUNT_CAP)}) x`, w.params)
  return Number(row?.n ?? 0)
}

/** GET /posts/following: a page of the timeline; the first page also says how many notes are new since the last visit. */
export async function followingTimeline(deps: AppDeps, reader: SqlReader, kind: DatabaseKind, viewer: TimelineViewer, q: FollowingQuery): Promise<FollowingReply> {
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit
  const first = !q.cursor && q.page === 1
  const [total, listed, lastVisit] = await Promise.all([timelineTotal(reader, viewer), listedTotal(reader), first ? lastVisitOf(deps.db, reader, viewer.id) : null])
  const shape = shapeFor(total, listed, offset + q.limit)
  const w = timelineWhere(kind, viewer, shape, q.cursor ? beyond(kind, q.cursor, 'older') : null)
  const source: CardPageSource = { sql: `SELECT p.id FROM ${w.from} WHERE ${w.sql} ORDER BY ${ORDER} ${limitClause(q.limit, offset)}`, params: w.params, orderBy: ORDER }
  const posts = await loadPostCardPage(reader, kind, source, viewer.id)
  const head = posts.length > 0 ? positionOf(posts[0]!) : null
  let newCount = 0
  if (first && lastVisit) {
    // Usually the last visit ends inside the first page: count there; only a full page of new notes needs a statement.
    newCount = posts.filter((p) => isNewer(positionOf(p), lastVisit)).length
    if (newCount === posts.length && posts.length === q.limit) newCount = await countNewer(reader, kind, viewer, lastVisit, 'by-author')
  }
  // A visit ends at the newest note shown: recorded after the reply, through the writer (timeline-marks.ts).
  if (first && head && (!lastVisit || isNewer(head, lastVisit))) rememberVisit(deps.db, viewer.id, head, (err) => deps.logger.warn({ err }, 'timeline visit not recorded'))
  return {
    posts,
    pagination: pagination(q.page, q.limit, Math.max(total, offset + posts.length)),
    next_cursor: posts.length === q.limit ? encodeCursor(positionOf(posts[posts.length - 1]!)) : null,
    head_cursor: head ? encodeCursor(head) : null,
    new_count: newCount,
    last_visit_cursor: lastVisit ? encodeCursor(lastVisit) : null,
  }
}

/** GET /posts/following/new: how many timeline notes are newer than `since`, or than the last visit when none is given. */
export async function newSince(deps: AppDeps, reader: SqlReader, kind: DatabaseKind, viewer: TimelineViewer, since: TimelinePosition | undefined): Promise<number> {
  if (since) return countNewer(reader, kind, viewer, since, 'by-date')
  const lastVisit = await lastVisitOf(deps.db, reader, viewer.id)
  return lastVisit ? countNewer(reader, kind, viewer, lastVisit, 'by-author') : 0
}

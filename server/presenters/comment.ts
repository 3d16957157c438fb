import { EMBEDDED_REPLIES, type CommentView } from '../contract/comments'
import { andNotBlocked } from '../db/blocks'
import { inList, toBool, toIso, toNum, type SqlReader } from '../db/reader'
import { limitClause } from '../db/sql'
import { commentSeenBy } from '../db/visibility'
import { avatarOf } from './user'

/*
 * Comment presenters and their batched loaders. A page of comments costs a fixed number of queries: the
 * page itself (author and the viewer's like flag joined in), and one query for the first replies of every
 * comment on the page (a window function, so it works the same on SQLite, PostgreSQL and MySQL 8).
 * Comments and replies by members the viewer blocked are left out by both statements (server/db/blocks.ts).
 */

interface CommentRow {
  id: number
  post_id: number
  user_auto_id: number
  parent_id: number | null
  content: string
  like_count: number
  reply_count: number
  created_at: string | Date
  user_display_id: string
  nickname: string
  avatar: string
  verified: number
  location: string | null
  reply_to_display_id: string | null
  reply_to_nickname: string | null
  liked: number | boolean
  /** Page rows of a signed-in viewer: whether the viewer has a held or hidden reply under this comment. */
  own_held?: number | boolean
  moderation: number
  moderation_reason: string | null
}

const COLUMNS = `c.id, c.post_id, c.user_id AS user_auto_id, c.parent_id, c.content, c.like_count, c.reply_count, c.created_at, c.moderation, c.moderation_reason,
  u.user_id AS user_display_id, u.nickname, u.avatar, u.verified, u.location,
  ru.user_id AS reply_to_display_id, ru.nickname AS reply_to_nickname`

const LIKED = 'EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ? AND l.target_type = 2 AND l.target_id = c.id) AS liked'

const JOINS = 'INNER JOIN users u ON u.id = c.user_id LEFT JOIN users ru ON ru.id = c.reply_to_user_id'

/** For a signed-in viewer's page rows: a reply of theirs under the comment that others do not see (its state shows to them). */
const OWN_HELD = 'EXISTS (SELECT 1 FROM comments h WHERE h.parent_id = c.id AND h.user_id = ? AND h.moderation <> 0) AS own_held'

/** Select list + leading parameters for a viewer (visitors skip the like lookups). */
function viewerColumns(viewerId: number | null): { sql: string; params: number[] } {
  return viewerId ? { sql: `${COLUMNS}, ${LIKED}`, params: [viewerId] } : { sql: `${COLUMNS}, 0 AS liked`, params: [] }
}

export function presentComment(r: CommentRow, replies: CommentView[] = []): CommentView {
  const likes = toNum(r.like_count)
  const liked = toBool(r.liked)
  const created = toIso(r.created_at)
  const location = r.location ?? ''
  return {
    id: Number(r.id),
    post_id: Number(r.post_id),
    content: r.content,
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    user_id: r.user_display_id,
    user_display_id: r.user_display_id,
    user_auto_id: Number(r.user_auto_id),
    nickname: r.nickname,
    username: r.nickname,
    user_avatar: avatarOf(r.avatar),
    avatar: avatarOf(r.avatar),
    verified: toNum(r.verified),
    created_at: created,
    time: created,
    location,
    user_location: location,
    like_count: likes,
    likeCount: likes,
    liked,
    isLiked: liked,
    reply_count: toNum(r.reply_count),
    reply_to_user_id: r.parent_id === null ? null : r.reply_to_display_id,
    replyTo: r.parent_id === null ? null : r.reply_to_nickname,
    is_author: false,
    moderation: toNum(r.moderation),
    moderation_reason: r.moderation_reason ?? null,
    replies,
  }
}

/** Set the 作者 badge flag on comments (and their replies) written by the note's author. */
export function markNoteAuthor(views: CommentView[], postAuthorId: number): CommentView[] {
  return views.map((v) => ({ ...v, is_author: v.user_auto_id === postAuthorId, replies: markNoteAuthor(v.replies, postAuthorId) }))
}

export interface CommentPageSpec {
  postId: number
  order: 'asc' | 'desc'
  limit: number
  offset: number
}

/**
 * A page of top-level comments of a note, each with its first EMBEDDED_REPLIES replies. Two queries. Hidden
 * and held comments are left out in the statements themselves, except the viewer's own (shown with their state).
 */
export async function loadCommentPage(reader: SqlReader, spec: CommentPageSpec, viewerId: number | null): Promise<CommentView[]> {
  const v = viewerColumns(viewerId)
  const dir = spec.order === 'asc' ? 'ASC' : 'DESC'
  const blocks = andNotBlocked(viewerId, 'c.user_id')
  const own = viewerId ? { sql: `, ${OWN_HELD}`, params: [viewerId] } : { sql: '', params: [] }
  const rows = await reader.all<CommentRow>(
    `SELECT ${v.sql}${own.sql} FROM comments c ${JOINS} WHERE c.post_id = ? AND c.parent_id IS NULL AND ${commentSeenBy('c')}${blocks.sql} ORDER BY c.created_at ${dir}, c.id ${dir} ${limitClause(spec.limit, spec.offset)}`,
    [...v.params, ...own.params, spec.postId, viewerId ?? 0, ...blocks.params],
  )
  // reply_count counts listed replies; a signed-in viewer may also have held replies of their own. Most
  // comments have neither: the replies statement (a window over a sort, ~80 µs on SQLite even when it finds
  // nothing) then does not run.
  const withReplies = rows.filter((r) => toNum(r.reply_count) > 0 || toBool(r.own_held ?? false)).map((r) => Number(r.id))
  const replies = new Map<number, CommentView[]>()
  if (withReplies.length) {
    const list = inList(withReplies)
    const replyRows = await reader.all<CommentRow>(
      `SELECT * FROM (SELECT ${v.sql}, ROW_NUMBER() OVER (PARTITION BY c.parent_id ORDER BY c.created_at ASC, c.id ASC) AS rn
         FROM comments c ${JOINS} WHERE c.parent_id IN ${list.sql} AND ${commentSeenBy('c')}${blocks.sql}) x WHERE x.rn <= ? ORDER BY x.parent_id, x.rn`,
      [...v.params, ...list.params, viewerId ?? 0, ...blocks.params, EMBEDDED_REPLIES],
    )
    for (const r of replyRows) {
      const key = Number(r.parent_id)
      replies.set(key, [...(replies.get(key) ?? []), presentComment(r)])
    }
  }
  return rows.map((r) => presentComment(r, replies.get(Number(r.id)) ?? []))
}

/** A page of replies of one top-level comment, oldest first. One query. */
export async function loadReplyPage(reader: SqlReader, parentId: number, limit: number, offset: number, viewerId: number | null): Promise<CommentView[]> {
  const v = viewerColumns(viewerId)
  const blocks = andNotBlocked(viewerId, 'c.user_id')
  const rows = await reader.all<CommentRow>(
    `SELECT ${v.sql} FROM comments c ${JOINS} WHERE c.parent_id = ? AND ${commentSeenBy('c')}${blocks.sql} ORDER BY c.created_at ASC, c.id ASC ${limitClause(limit, offset)}`,
    [...v.params, parentId, viewerId ?? 0, ...blocks.params],
  )
  return rows.map((r) => presentComment(r))
}

/** One comment as the create call answers it. */
export async function loadComment(reader: SqlReader, commentId: number, viewerId: number | null): Promise<CommentView | null> {
  const v = viewerColumns(viewerId)
  const row = await reader.one<CommentRow>(`SELECT ${v.sql} FROM comments c ${JOINS} WHERE c.id = ?`, [...v.params, commentId])
  return row ? presentComment(row) : null
}

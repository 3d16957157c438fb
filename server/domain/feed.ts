import type { DatabaseKind } from '../config'
import { NOTE_STATUS, postOrder, type PostCard, type PostListQuery } from '../contract/posts'
import type { SqlReader, SqlValue } from '../db/reader'
import { containsPattern, LIKE_ESCAPE, limitClause } from '../db/sql'
import { Forbidden, Unauthorized } from '../errors'
import { listPage, pagination, type ListReply } from '../presenters/list'
import { loadPostCardPage } from '../presenters/post'
import { cachedCount } from '../db/list-cache'
import { listedNote, Moderation } from '../db/visibility'
import { blockScope, notBlockedBy, type BlockingViewer } from '../db/blocks'
import { countNotes, matchCondition, noteIdsPage, termsOf } from '../search/index'

/*
 * GET /posts: the feed and every filtered note list. Two queries per page: the page of ids (through the
 * composite indexes idx_posts_feed, idx_posts_feed_type, idx_posts_category_feed, idx_posts_user,
 * idx_posts_hot, idx_posts_category_hot), then the cards (presenters/post.ts). The total comes from a
 * COUNT that is cached for a few seconds per filter (below).
 */


/** The author's own notes of v1.3's status 2 (held) and 3 (refused, or hidden by a moderator). */
const STATUS_WHERE: Record<number, string> = {
  [NOTE_STATUS.pending]: `p.is_draft = FALSE AND p.moderation = ${Moderation.pending}`,
  [NOTE_STATUS.rejected]: `p.is_draft = FALSE AND p.moderation IN (${Moderation.hidden}, ${Moderation.rejected})`,
}

/** The signed-in viewer: who (own drafts and held notes) and whether blocks apply (db/blocks.ts). */
export type FeedViewer = BlockingViewer

export type FeedPage = ListReply<'posts', PostCard>

const emptyPage = (q: PostListQuery): FeedPage => listPage('posts', [], pagination(q.page, q.limit, 0))

/** 'recommend' → the recommend channel; an id or category_title → that category; unknown → no notes. */
async function resolveCategory(reader: SqlReader, category: string | undefined): Promise<{ recommend: boolean; id: number | null; unknown: boolean }> {
  if (!category || category === 'general' || category === 'all') return { recommend: false, id: null, unknown: false }
  if (category === 'recommend') return { recommend: true, id: null, unknown: false }
  const row = /^\d{1,9}$/.test(category)
    ? await reader.one<{ id: number }>('SELECT id FROM categories WHERE id = ?', [Number(category)])
    : await reader.one<{ id: number }>('SELECT id FROM categories WHERE category_title = ?', [category])
  return row ? { recommend: false, id: Number(row.id), unknown: false } : { recommend: false, id: null, unknown: true }
}

export async function listFeed(reader: SqlReader, kind: DatabaseKind, viewer: FeedViewer | null, q: PostListQuery): Promise<FeedPage> {
  const category = await resolveCategory(reader, q.category)
  if (category.unknown) return emptyPage(q)
  let authorId: number | null = null
  if (q.user_id) {
    const row = await reader.one<{ id: number }>('SELECT id FROM users WHERE user_id = ?', [q.user_id])
    if (!row) return emptyPage(q)
    authorId = Number(row.id)
  }
  const drafts = q.is_draft === true || q.status === NOTE_STATUS.draft
  // Held and refused notes (v1.3's status 2 and 3) are private like drafts.
  const held = q.status === NOTE_STATUS.pending || q.status === NOTE_STATUS.rejected
  if (drafts || held) {
    // Private lists: only their author lists them (decided: another user's drafts → 403).
    if (!viewer) throw Unauthorized('请先登录')
    if (authorId !== null && authorId !== viewer.id) throw Forbidden(drafts ? '只能查看自己的草稿' : '只能查看自己的待审核或未通过的笔记')
    authorId = viewer.id
  }
  // An author's own list also shows their hidden and held notes (with their state); everyone else's shows listed notes.
  const ownList = viewer !== null && authorId === viewer.id
  // status=all (v1.3.2's note management): every note the viewer may see; for the author, drafts as well.
  const everything = q.status === 'all' && ownList
  const where: string[] = everything ? [] : [drafts ? 'p.is_draft = TRUE' : held ? STATUS_WHERE[q.status as number]! : q.status === NOTE_STATUS.published || !ownList ? listedNote('p') : 'p.is_draft = FALSE']
  const params: SqlValue[] = []
  if (authorId !== null) {
    where.push('p.user_id = ?')
    params.push(authorId)
  }
  if (category.id !== null) {
    where.push('p.category_id = ?')
    params.push(category.id)
  }
  if (q.type) {
    where.push('p.type = ?')
    params.push(q.type)
  }
  // Notes of members the viewer blocked are not listed (the viewer's own drafts need no such condition).
  const blocks = drafts ? null : notBlockedBy(viewer, 'p.user_id')
  if (blocks) {
    where.push(blocks.sql)
    params.push(...blocks.params)
  }
  if (q.keyword && !drafts && authorId === null) return keywordPage(reader, kind, viewer, q, category.id)
  if (q.keyword) {
    if (drafts || everything) {
      // Drafts are not in the search index (empty search_text); the author's own notes are few.
      where.push(`(p.title LIKE ? ${LIKE_ESCAPE} OR p.content LIKE ? ${LIKE_ESCAPE})`)
      const like = containsPattern(q.keyword)
      params.push(like, like)
    } else {
      const terms = termsOf(q.keyword)
      if (terms.length === 0) return emptyPage(q)
      const m = matchCondition(kind, terms)
      where.push(m.sql)
      params.push(...m.params)
    }
  }
  const order = category.recommend || q.recommend ? 'hot' : postOrder(q.sort)
  const orderBy = order === 'hot' ? 'p.hot_score DESC, p.id DESC' : order === 'oldest' ? 'p.created_at ASC, p.id ASC' : 'p.created_at DESC, p.id DESC'
  const whereSql = where.join(' AND ')
  const offset = (q.page - 1) * q.limit
  const [posts, total] = await Promise.all([
    loadPostCardPage(reader, kind, { sql: `SELECT p.id FROM posts p WHERE ${whereSql} ORDER BY ${orderBy} ${limitClause(q.limit, offset)}`, params, orderBy }, viewer?.id ?? null),
    drafts || held || everything ? countRows(reader, whereSql, params) : cachedCount(`${whereSql}|${params.join('|')}`, () => countRows(reader, whereSql, params)),
  ])
  return listPage('posts', posts, pagination(q.page, q.limit, total))
}

async function countRows(reader: SqlReader, whereSql: string, params: SqlValue[]): Promise<number> {
  const row = await reader.one<{ n: number }>(`SELECT COUNT(*) AS n FROM posts p WHERE ${whereSql}`, params)
  return Number(row?.n ?? 0)
}

/** Feed with a keyword over all authors: driven by the search index, newest first (search/index.ts). */
async function keywordPage(reader: SqlReader, kind: DatabaseKind, viewer: FeedViewer | null, q: PostListQuery, categoryId: number | null): Promise<FeedPage> {
  const terms = termsOf(q.keyword)
  if (terms.length === 0) return emptyPage(q)
  const search = { terms, type: q.type ?? null, categoryId, viewer }
  const key = `k|${terms.map((t) => t.token + (t.prefix ? '*' : '')).join(' ')}|${q.type ?? ''}|${categoryId ?? ''}|${blockScope(viewer) ?? ''}`
  const [posts, total] = await Promise.all([
    loadPostCardPage(reader, kind, noteIdsPage(kind, search, q.limit, (q.page - 1) * q.limit), viewer?.id ?? null),
    cachedCount(key, () => countNotes(reader, kind, search)),
  ])
  return listPage('posts', posts, pagination(q.page, q.limit, total))
}

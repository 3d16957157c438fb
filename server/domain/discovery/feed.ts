import type { DataSource } from 'typeorm'
import type { DatabaseKind } from '../../config'
import type { PostCard, PostListQuery } from '../../contract/posts'
import { inList, type SqlReader } from '../../db/reader'
import { notBlockedBy, type BlockingViewer } from '../../db/blocks'
import { limitClause } from '../../db/sql'
import { jsonList, withFields } from '../../presenters/json-text'
import { listPage, pagination, type ListReply } from '../../presenters/list'
import { loadPostCards } from '../../presenters/post'
import { rankForMember } from './index'
import { readSession, saveSession, type RankedNote } from './session'
import { SESSION } from './weights'
import type { Locale } from '../../i18n/locales'

/*
 * GET /posts?recommend=1 (or category=recommend) for a signed-in member: the personalised 推荐, unless the
 * back-office turned it off (site setting recommend_mode = hot). Page 1 ranks and keeps the session snapshot
 * (session.ts); pages 2+ slice it. Each card carries `recommend_reason`. Visitors, and every other list, keep
 * domain/feed.ts.
 */

/** The plain recommend channel: no keyword, type, author or state filter (those keep the hot order of feed.ts). */
export function isRecommendChannel(q: PostListQuery): boolean {
  const recommend = q.recommend === true || q.category === 'recommend'
  return recommend && !q.keyword && q.type === undefined && !q.user_id && q.status === undefined && q.is_draft === undefined
}

/** Whether a card may still be listed for the viewer (it may have been hidden, or its author blocked, since the snapshot). */
async function stillListed(reader: SqlReader, viewer: BlockingViewer, cards: PostCard[]): Promise<PostCard[]> {
  const shown = cards.filter((c) => !c.is_draft && c.moderation === 0)
  const blocks = notBlockedBy(viewer, 'p.user_id')
  if (!blocks || shown.length === 0) return shown
  // The page's notes whose authors the viewer does not block (the feed's own block condition, db/blocks.ts).
  const list = inList(shown.map((c) => c.id))
  const rows = await reader.all<{ id: number }>(`SELECT p.id FROM posts p WHERE p.id IN ${list.sql} AND ${blocks.sql} ${limitClause(list.params.length)}`, [...list.params, ...blocks.params])
  const kept = new Set(rows.map((r) => Number(r.id)))
  return shown.filter((c) => kept.has(c.id))
}

/** The member's 推荐 page, or null when personalisation is off (the caller serves the global hot list). */
export async function recommendFeed(db: DataSource, reader: SqlReader, kind: DatabaseKind, viewer: BlockingViewer, q: PostListQuery, locale?: Locale): Promise<ListReply<'posts', PostCard> | null> {
  const now = Date.now()
  const session = await readSession(reader, viewer.id, now)
  if (session.mode === 'hot') return null
  // Pages 2+ slice the session; page 1 starts a new one, unless the last began moments ago and nothing changed.
  let ranked: RankedNote[] | null = q.page > 1 || session.reusable ? session.ranked : null
  if (!ranked) {
    const fresh = await rankForMember(reader, kind, viewer, { limit: SESSION.size, locale })
    if (fresh.mode === 'hot') return null
    ranked = fresh.ranked
    await saveSession(db, viewer.id, ranked, now)
  }
  const slice = ranked.slice((q.page - 1) * q.limit, q.page * q.limit)
  const reasons = new Map(slice.map((r) => [r.id, r.reason]))
  const cards = await stillListed(reader, viewer, await loadPostCards(reader, kind, slice.map((r) => r.id), viewer.id))
  const posts = jsonList(cards.map((c) => withFields<PostCard>(c, { recommend_reason: reasons.get(c.id) ?? null })))
  return listPage('posts', posts, pagination(q.page, q.limit, ranked.length))
}

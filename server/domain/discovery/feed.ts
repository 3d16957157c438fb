import type { DataSource } from 'typeorm'
import type { DatabaseKind } from '../../config'
import type { RecommendMode } from '../../contract/admin/moderation'
import type { PostCard, PostListQuery } from '../../contract/posts'
import { inList, type SqlReader } from '../../db/reader'
import type { BlockingViewer } from '../../db/blocks'
import { jsonList, withFields } from '../../presenters/json-text'
import { listPage, pagination, type ListReply } from '../../presenters/list'
import { loadPostCards } from '../../presenters/post'
import { personalisedNoteIds } from './index'
import { readSession, saveSession, type RankedNote } from './session'
import { SESSION } from './weights'

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

async function recommendMode(reader: SqlReader): Promise<RecommendMode> {
  const row = await reader.one<{ value: string }>("SELECT value FROM site_settings WHERE name = 'recommend_mode'")
  return row?.value === 'hot' ? 'hot' : 'personalised'
}

/** Whether a card may still be listed for the viewer (it may have been hidden, or its author blocked, since the snapshot). */
async function stillListed(reader: SqlReader, viewer: BlockingViewer, cards: PostCard[]): Promise<PostCard[]> {
  const shown = cards.filter((c) => !c.is_draft && c.moderation === 0)
  if (!viewer.blocksSomeone || shown.length === 0) return shown
  const authors = inList([...new Set(shown.map((c) => c.author_auto_id))])
  const rows = await reader.all<{ blocked_id: number }>(`SELECT blocked_id FROM user_blocks WHERE blocker_id = ? AND blocked_id IN ${authors.sql}`, [viewer.id, ...authors.params])
  const blocked = new Set(rows.map((r) => Number(r.blocked_id)))
  return shown.filter((c) => !blocked.has(c.author_auto_id))
}

/** The member's 推荐 page, or null when personalisation is off (the caller serves the global hot list). */
export async function recommendFeed(db: DataSource, reader: SqlReader, kind: DatabaseKind, viewer: BlockingViewer, q: PostListQuery): Promise<ListReply<'posts', PostCard> | null> {
  const now = Date.now()
  const [mode, session] = await Promise.all([recommendMode(reader), q.page > 1 ? readSession(reader, viewer.id, now) : Promise.resolve(null)])
  if (mode === 'hot') return null
  let ranked: RankedNote[] | null = session
  if (!ranked) {
    ranked = await personalisedNoteIds(reader, kind, viewer.id, { limit: SESSION.size })
    await saveSession(db, viewer.id, ranked, now + SESSION.ttlMs)
  }
  const slice = ranked.slice((q.page - 1) * q.limit, q.page * q.limit)
  const reasons = new Map(slice.map((r) => [r.id, r.reason]))
  const cards = await stillListed(reader, viewer, await loadPostCards(reader, kind, slice.map((r) => r.id), viewer.id))
  const posts = jsonList(cards.map((c) => withFields<PostCard>(c, { recommend_reason: reasons.get(c.id) ?? null })))
  return listPage('posts', posts, pagination(q.page, q.limit, ranked.length))
}

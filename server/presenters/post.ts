import type { DatabaseKind } from '../config'
import { noteStatusOf, type PostCard, type TagRef } from '../contract/posts'
import { keptUntilCommit } from '../db/kept-until-commit'
import { inList, toBool, toIso, toNum, type SqlReader, type SqlValue } from '../db/reader'
import { cardCacheOf, liveCardFields, withLiveFields, type LiveCardFields } from './card-cache'
import { CONTENT_HEAD_CHARS, contentExcerpt } from './excerpt'
import { jsonList } from './json-text'
import { avatarOf } from './user'

/*
 * Note presenters. `loadPostCards` / `loadPostCardPage` are THE batched loaders for note lists (feed,
 * search, a user's posts, collections and likes): ONE statement for the cards of any number of notes: the
 * first image and its feed and card thumbnails, video and cover, author, category, counts, the viewer's liked /
 * collected flags, the head of the content for the excerpt, and each note's image list and tags aggregated
 * into a text column by index lookups (per engine: group_concat / string_agg / GROUP_CONCAT). Measured on
 * SQLite: a second statement for images and tags cost ~450 µs per page, the aggregates ~40 µs.
 */

export interface CardRow {
  id: number
  title: string
  type: number
  is_draft: number | boolean
  moderation: number
  moderation_reason: string | null
  category_id: number | null
  view_count: number
  like_count: number
  collect_count: number
  comment_count: number
  created_at: string | Date
  author_auto_id: number
  author_account: string
  nickname: string
  avatar: string
  verified: number
  category_name: string | null
  image_url: string | null
  thumbnail_url: string | null
  small_thumbnail_url: string | null
  image_width: number | null
  image_height: number | null
  video_url: string | null
  cover_url: string | null
  liked: number | boolean
  collected: number | boolean
  content_head: string | null
  /** Image URLs in order, joined by a newline (list loaders only). */
  image_urls?: string | null
  /** Tags as `id:name`, by id, joined by a newline (list loaders only). */
  tag_list?: string | null
}

export const CARD_COLUMNS = `p.id, p.title, p.type, p.is_draft, p.moderation, p.moderation_reason, p.category_id, p.view_count, p.like_count, p.collect_count,
  p.comment_count, p.created_at, SUBSTR(p.content, 1, ${CONTENT_HEAD_CHARS}) AS content_head, u.id AS author_auto_id, u.user_id AS author_account, u.nickname, u.avatar, u.verified,
  c.name AS category_name, i.url AS image_url, i.thumbnail_url, i.small_thumbnail_url, i.width AS image_width, i.height AS image_height,
  v.url AS video_url, v.cover_url`

export const VIEWER_FLAGS = `EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ? AND l.target_type = 1 AND l.target_id = p.id) AS liked,
  EXISTS (SELECT 1 FROM collections s WHERE s.user_id = ? AND s.post_id = p.id) AS collected`

export const CARD_JOINS = `INNER JOIN users u ON u.id = p.user_id
  LEFT JOIN categories c ON c.id = p.category_id
  LEFT JOIN post_images i ON i.post_id = p.id AND i.sort_order = 0
  LEFT JOIN post_videos v ON v.post_id = p.id`

/** Our image pipeline names display images <32 hex>.webp and stores <32 hex>.thumb.webp beside them. */
function derivedThumb(url: string | null): string | null {
  return url && /\/[0-9a-f]{32}\.webp$/.test(url) ? url.replace(/\.webp$/, '.thumb.webp') : url
}

/** A card's counters and the viewer's flags, read live even when the rest of the card is cached. */
const LIVE_COLUMNS = 'p.id, p.view_count, p.like_count, p.collect_count, p.comment_count'

export interface LiveRow {
  id: number
  view_count: number
  like_count: number
  collect_count: number
  comment_count: number
  liked: number | boolean
  collected: number | boolean
}

export const liveFieldsOf = (r: LiveRow): LiveCardFields => ({
  view_count: toNum(r.view_count),
  like_count: toNum(r.like_count),
  collect_count: toNum(r.collect_count),
  comment_count: toNum(r.comment_count),
  liked: toBool(r.liked),
  collected: toBool(r.collected),
})

/** A note's image URLs (in order) and tags, loaded for a whole page at once. */
export interface CardExtras {
  images: string[]
  tags: TagRef[]
}

export function presentCard(r: CardRow, extras: CardExtras): PostCard {
  const isVideo = Number(r.type) === 2
  const image = isVideo ? (r.cover_url ?? r.image_url) : r.image_url
  return {
    id: Number(r.id),
    title: r.title,
    content: contentExcerpt(r.content_head),
    type: Number(r.type),
    // A video note's card image list is its cover (the spec's clients show images[0] on every card).
    images: isVideo ? (r.cover_url ? [r.cover_url] : []) : extras.images,
    tags: extras.tags,
    image: image ?? null,
    thumbnail: isVideo ? derivedThumb(r.cover_url) : (r.thumbnail_url ?? r.image_url ?? null),
    // Only beside a feed thumbnail (the srcset's other width); videos and older uploads have none.
    thumbnail_small: isVideo || !r.thumbnail_url ? null : (r.small_thumbnail_url ?? null),
    image_width: toNum(r.image_width),
    image_height: toNum(r.image_height),
    video_url: r.video_url ?? null,
    cover_url: r.cover_url ?? null,
    nickname: r.nickname,
    user_avatar: avatarOf(r.avatar),
    author: r.nickname,
    avatar: avatarOf(r.avatar),
    author_account: r.author_account,
    author_auto_id: Number(r.author_auto_id),
    user_id: r.author_account,
    verified: toNum(r.verified),
    category: r.category_name ?? null,
    category_id: r.category_id === null ? null : Number(r.category_id),
    ...liveCardFields(liveFieldsOf(r)),
    is_draft: toBool(r.is_draft),
    status: noteStatusOf(toBool(r.is_draft), toNum(r.moderation)),
    moderation: toNum(r.moderation),
    moderation_reason: r.moderation_reason ?? null,
    created_at: toIso(r.created_at),
  }
}

/**
 * Each note's image URLs and tags as one text column each, in the card statement itself: index lookups per
 * note (idx_post_images_post, post_tags' primary key), ordered inside the aggregate. Newlines separate the
 * values (our upload URLs and tag names never contain one; MySQL's default group_concat_max_len of 1024
 * holds 9 of our ~55-character URLs).
 */
const CARD_AGGREGATES: Record<DatabaseKind, string> = {
  sqlite: `(SELECT group_concat(x.url, char(10) ORDER BY x.sort_order) FROM post_images x WHERE x.post_id = p.id) AS image_urls,
  (SELECT group_concat(t.id || ':' || t.name, char(10) ORDER BY t.id) FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tag_list`,
  postgres: `(SELECT string_agg(x.url, E'\\n' ORDER BY x.sort_order) FROM post_images x WHERE x.post_id = p.id) AS image_urls,
  (SELECT string_agg(t.id || ':' || t.name, E'\\n' ORDER BY t.id) FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tag_list`,
  mysql: `(SELECT GROUP_CONCAT(x.url ORDER BY x.sort_order SEPARATOR '\\n') FROM post_images x WHERE x.post_id = p.id) AS image_urls,
  (SELECT GROUP_CONCAT(CONCAT(t.id, ':', t.name) ORDER BY t.id SEPARATOR '\\n') FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS tag_list`,
}

/** The aggregated columns of a card row → its image list and tags. */
function extrasOf(r: CardRow): CardExtras {
  const images = r.image_urls ? r.image_urls.split('\n') : []
  const tags = r.tag_list
    ? r.tag_list.split('\n').map((entry) => {
        const at = entry.indexOf(':')
        return { id: Number(entry.slice(0, at)), name: entry.slice(at + 1) }
      })
    : []
  return { images, tags }
}

const viewerFlags = (viewerId: number | null) => (viewerId ? VIEWER_FLAGS : '0 AS liked, 0 AS collected')
const viewerParams = (viewerId: number | null): SqlValue[] => (viewerId ? [viewerId, viewerId] : [])

/** Cards of `ids` read whole, flags false, in one statement (any order, missing ids skipped). */
async function readCards(reader: SqlReader, kind: DatabaseKind, ids: readonly number[]): Promise<PostCard[]> {
  const list = inList(ids)
  const rows = await reader.all<CardRow>(`SELECT ${CARD_COLUMNS}, ${CARD_AGGREGATES[kind]}, 0 AS liked, 0 AS collected FROM posts p ${CARD_JOINS} WHERE p.id IN ${list.sql}`, list.params)
  return rows.map((r) => presentCard(r, extrasOf(r)))
}

/**
 * Cards for `live` rows, in their order: the cached card with the live fields, or, for notes not cached,
 * the card read whole (one statement for all of them) and cached. A note deleted in between is skipped.
 */
async function completeCards(reader: SqlReader, kind: DatabaseKind, live: readonly LiveRow[]): Promise<PostCard[]> {
  const cache = cardCacheOf(reader)!
  const now = Date.now()
  const found = new Map<number, PostCard>()
  const missing: number[] = []
  for (const r of live) {
    const id = Number(r.id)
    const card = cache.get(id, now)
    if (card) found.set(id, card)
    else missing.push(id)
  }
  if (missing.length > 0) {
    const generation = cache.generation
    for (const card of await readCards(reader, kind, missing)) {
      found.set(card.id, card)
      cache.set(card.id, card, generation, now)
    }
  }
  const cards: PostCard[] = []
  for (const r of live) {
    const card = found.get(Number(r.id))
    if (card) cards.push(withLiveFields(card, liveFieldsOf(r)))
  }
  return cards
}

/**
 * Cards for `ids`, in that order (ids that no longer exist are skipped). `viewerId` null means a visitor
 * (flags false). Drafts are included: callers decide who sees them. Where cards are cached (card-cache.ts):
 * the live fields (for a signed-in viewer kept until the next commit, as list pages are: livePage), and one
 * statement for the notes not cached; elsewhere one statement.
 */
export async function loadPostCards(reader: SqlReader, kind: DatabaseKind, ids: readonly number[], viewerId: number | null): Promise<PostCard[]> {
  if (ids.length === 0) return []
  const list = inList(ids)
  let cards: PostCard[]
  if (cardCacheOf(reader)) {
    const live = await keptLiveRows(reader, `ids\n${list.params.join(',')}`, viewerId, () =>
      reader.all<LiveRow>(`SELECT ${LIVE_COLUMNS}, ${viewerFlags(viewerId)} FROM posts p WHERE p.id IN ${list.sql}`, [...viewerParams(viewerId), ...list.params]),
    )
    cards = await completeCards(reader, kind, live)
  } else {
    const rows = await reader.all<CardRow>(`SELECT ${CARD_COLUMNS}, ${CARD_AGGREGATES[kind]}, ${viewerFlags(viewerId)} FROM posts p ${CARD_JOINS} WHERE p.id IN ${list.sql}`, [
      ...viewerParams(viewerId),
      ...list.params,
    ])
    cards = rows.map((r) => presentCard(r, extrasOf(r)))
  }
  const byId = new Map(cards.map((c) => [c.id, c]))
  return jsonList(ids.flatMap((id) => byId.get(id) ?? []))
}

/**
 * `loadPostCards` where the caller may keep the notes' counters: `keep(read)` gives `read()`'s rows (counters,
 * flags false) or rows it kept from an earlier call for the same ids; the viewer's flags are read every time.
 * Where cards are not cached, `loadPostCards` as it is.
 */
export async function loadPostCardsKeeping(
  reader: SqlReader,
  kind: DatabaseKind,
  ids: readonly number[],
  viewerId: number | null,
  keep: (read: () => Promise<readonly LiveRow[]>) => Promise<readonly LiveRow[]>,
): Promise<PostCard[]> {
  if (ids.length === 0 || !cardCacheOf(reader)) return loadPostCards(reader, kind, ids, viewerId)
  const list = inList(ids)
  const counters = await keep(() => reader.all<LiveRow>(`SELECT ${LIVE_COLUMNS}, 0 AS liked, 0 AS collected FROM posts p WHERE p.id IN ${list.sql}`, list.params))
  const live = viewerId ? withFlags(counters, await viewerFlagsOn(reader, viewerId, ids)) : counters
  const byId = new Map((await completeCards(reader, kind, live)).map((c) => [c.id, c]))
  return jsonList(ids.flatMap((id) => byId.get(id) ?? []))
}

/** A page of note ids as SQL: `sql` selects a column `id` in page order; `orderBy` repeats that order over `p`. */
export interface CardPageSource {
  sql: string
  params: SqlValue[]
  orderBy: string
}

/** The viewer's likes and collections among `ids`, in one statement (two index lookups per note). */
async function viewerFlagsOn(reader: SqlReader, viewerId: number, ids: readonly number[]): Promise<{ liked: Set<number>; collected: Set<number> }> {
  const liked = new Set<number>()
  const collected = new Set<number>()
  if (ids.length === 0) return { liked, collected }
  const list = inList(ids)
  const rows = await reader.all<{ id: number; k: number }>(
    `SELECT l.target_id AS id, 1 AS k FROM likes l WHERE l.user_id = ? AND l.target_type = 1 AND l.target_id IN ${list.sql}
    UNION ALL SELECT s.post_id AS id, 2 AS k FROM collections s WHERE s.user_id = ? AND s.post_id IN ${list.sql}`,
    [viewerId, ...list.params, viewerId, ...list.params],
  )
  for (const r of rows) (Number(r.k) === 1 ? liked : collected).add(Number(r.id))
  return { liked, collected }
}

/** Live rows with the viewer's flags. */
const withFlags = (rows: readonly LiveRow[], flags: { liked: Set<number>; collected: Set<number> }): LiveRow[] =>
  rows.map((r) => ({ ...r, liked: flags.liked.has(Number(r.id)), collected: flags.collected.has(Number(r.id)) }))

/** List pages kept until the next commit (db/kept-until-commit.ts). */
const KEPT_PAGES = 1000

/**
 * Live rows kept under `key` until the next commit (db/kept-until-commit.ts) for a signed-in viewer, with this
 * viewer's flags read over their ids (one statement either way); else `read` (flags included) and kept. The
 * posts rows' counters are what such a read costs most (a row is read past its content), and the flags are the
 * viewer's own. (Visitors' pages are kept as whole replies for a second: http/middlewares/public-cache.ts.)
 */
async function keptLiveRows(reader: SqlReader, key: string, viewerId: number | null, read: () => Promise<LiveRow[]>): Promise<readonly LiveRow[]> {
  const pages = viewerId ? keptUntilCommit<readonly LiveRow[]>(reader, 'list pages', KEPT_PAGES) : null
  const version = pages?.version() ?? 0
  const kept = pages?.get(key, version)
  if (kept && viewerId) {
    return withFlags(kept, await viewerFlagsOn(reader, viewerId, kept.map((r) => Number(r.id))))
  }
  const live = await read()
  pages?.set(key, version, live.map((r) => ({ ...r, liked: false, collected: false })))
  return live
}

/** The live rows of a page where cards are cached (kept until the next commit for a signed-in viewer: keptLiveRows). */
function livePage(reader: SqlReader, source: CardPageSource, viewerId: number | null): Promise<readonly LiveRow[]> {
  return keptLiveRows(reader, `${source.sql}\n${JSON.stringify(source.params)}`, viewerId, () =>
    reader.all<LiveRow>(`SELECT ${LIVE_COLUMNS}, ${viewerFlags(viewerId)} FROM (${source.sql}) pg CROSS JOIN posts p WHERE p.id = pg.id ORDER BY ${source.orderBy}`, [
      ...viewerParams(viewerId),
      ...source.params,
    ]),
  )
}

/**
 * Cards of a page: the page's ids (an index-only subquery) joined to the live fields, then the cached cards
 * (card-cache.ts); where cards are not cached, joined to the whole card in ONE statement. CROSS JOIN keeps
 * SQLite from starting at the other end; the outer ORDER BY only sorts the page's rows.
 */
export async function loadPostCardPage(reader: SqlReader, kind: DatabaseKind, source: CardPageSource, viewerId: number | null): Promise<PostCard[]> {
  if (cardCacheOf(reader)) return jsonList(await completeCards(reader, kind, await livePage(reader, source, viewerId)))
  const rows = await reader.all<CardRow>(
    `SELECT ${CARD_COLUMNS}, ${CARD_AGGREGATES[kind]}, ${viewerFlags(viewerId)} FROM (${source.sql}) pg CROSS JOIN posts p ${CARD_JOINS} WHERE p.id = pg.id ORDER BY ${source.orderBy}`,
    [...viewerParams(viewerId), ...source.params],
  )
  return rows.map((r) => presentCard(r, extrasOf(r)))
}

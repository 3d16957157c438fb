import type { PostDetail } from '../contract/posts'
import { toBool, toIso, toNum, type SqlReader } from '../db/reader'
import { Moderation } from '../db/visibility'
import { detailCacheOf, liveCardFields, type StableDetail } from './card-cache'
import { jsonLayer, overLayer } from './json-text'
import { CARD_COLUMNS, CARD_JOINS, liveFieldsOf, presentCard, VIEWER_FLAGS, type CardRow, type LiveRow } from './post'

/* The note detail (GET /api/posts/:id): the card's columns with the full content, its parts, the viewer's state. */

interface DetailRow extends CardRow {
  content: string
  location: string | null
  updated_at: string | Date
  followed: number | boolean
  viewed_at: string | Date | null
}

interface PartRow {
  kind: number
  url: string
  extra: string | null
  a: number
  b: number
  /** An image's place among the note's images (0 for the video and tags). */
  c: number
}

/** Images in the order they were sent, then the video, then tags in the order they were made (their ids). */
function byPartOrder(x: PartRow, y: PartRow): number {
  return Number(x.kind) - Number(y.kind) || Number(x.c) - Number(y.c) || Number(x.a) - Number(y.a)
}

export interface LoadedDetail {
  detail: PostDetail
  authorId: number
  /** Published and visible to everyone; otherwise only its author may read it (server/db/visibility.ts). */
  listed: boolean
  /** When this viewer last raised the view count (null: never). */
  viewedAt: Date | null
}

const DETAIL_SQL = `SELECT ${CARD_COLUMNS}, p.content, p.location, p.updated_at, ${VIEWER_FLAGS},
  EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = p.user_id) AS followed,
  (SELECT pv.viewed_at FROM post_views pv WHERE pv.post_id = p.id AND pv.viewer = ?) AS viewed_at
  FROM posts p ${CARD_JOINS} WHERE p.id = ?`

/**
 * Images, video and tags of one note in one round trip. Unordered: an ORDER BY over the UNION ALL made SQLite
 * collect and sort the three branches in a temporary b-tree, ~40 % of this statement's time for the handful
 * of rows a note has; they are sorted in JS instead (byPartOrder).
 */
const PARTS_SQL = `SELECT 1 AS kind, url, thumbnail_url AS extra, width AS a, height AS b, sort_order AS c FROM post_images WHERE post_id = ?
  UNION ALL SELECT 2 AS kind, url, cover_url AS extra, duration AS a, size AS b, 0 AS c FROM post_videos WHERE post_id = ?
  UNION ALL SELECT 3 AS kind, t.name AS url, NULL AS extra, t.id AS a, 0 AS b, 0 AS c FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = ?`

/** What a detail shows besides its stable part (card-cache.ts detailCacheOf): counters and the viewer's facts. */
interface DetailLiveRow extends LiveRow {
  followed: number | boolean
  viewed_at: string | Date | null
}

const DETAIL_LIVE_SQL = `SELECT p.id, p.view_count, p.like_count, p.collect_count, p.comment_count, ${VIEWER_FLAGS},
  EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = p.user_id) AS followed,
  (SELECT pv.viewed_at FROM post_views pv WHERE pv.post_id = p.id AND pv.viewer = ?) AS viewed_at
  FROM posts p WHERE p.id = ?`

function detailLiveFields(r: DetailLiveRow) {
  const live = liveCardFields(liveFieldsOf(r))
  return { ...live, isLiked: live.liked, isCollected: live.collected, followed: toBool(r.followed) }
}

const DETAIL_LIVE_KEYS = Object.keys(detailLiveFields({ id: 0, view_count: 0, like_count: 0, collect_count: 0, comment_count: 0, liked: 0, collected: 0, followed: 0, viewed_at: null }))

function loadedFrom(stable: StableDetail, live: DetailLiveRow): LoadedDetail {
  return {
    detail: overLayer<PostDetail>(stable.layer, detailLiveFields(live)),
    authorId: stable.authorId,
    listed: stable.listed,
    viewedAt: live.viewed_at ? new Date(toIso(live.viewed_at)) : null,
  }
}

/**
 * A note with author, category and the viewer's state, then its images, video and tags: two queries. Where
 * cards are cached (card-cache.ts), the part no like, comment or view changes is kept too, and a request
 * whose note is cached reads only the counters and the viewer's facts (one indexed statement).
 */
export async function loadPostDetail(reader: SqlReader, postId: number, viewerId: number | null, viewerKey: string): Promise<LoadedDetail | null> {
  const uid = viewerId ?? 0
  const cache = detailCacheOf(reader)
  const now = Date.now()
  const cached = cache?.get(postId, now)
  if (cached) {
    const live = await reader.one<DetailLiveRow>(DETAIL_LIVE_SQL, [uid, uid, uid, viewerKey, postId])
    // A note deleted since is a card-changing write (the cached part would be gone): read as usual.
    if (live) return loadedFrom(cached, live)
  }
  const generation = cache?.generation ?? 0
  const [row, parts] = await Promise.all([
    reader.one<DetailRow>(DETAIL_SQL, [uid, uid, uid, viewerKey, postId]),
    reader.all<PartRow>(PARTS_SQL, [postId, postId, postId]),
  ])
  if (!row) return null
  parts.sort(byPartOrder)
  const images = parts.filter((p) => Number(p.kind) === 1)
  const tags = parts.filter((p) => Number(p.kind) === 3).map((t) => ({ id: Number(t.a), name: t.url }))
  const card = presentCard(row, { images: images.map((i) => i.url), tags })
  const videoRow = parts.find((p) => Number(p.kind) === 2)
  const video = videoRow ? { url: videoRow.url, coverUrl: videoRow.extra } : null
  const detail: PostDetail = {
    ...card,
    content: row.content,
    image_list: images.map((i) => ({ url: i.url, thumbnail: i.extra, width: toNum(i.a), height: toNum(i.b) })),
    video,
    videos: video ? [video] : [],
    location: row.location ?? null,
    followed: toBool(row.followed),
    isLiked: card.liked,
    isCollected: card.collected,
    updated_at: toIso(row.updated_at),
  }
  const authorId = card.author_auto_id
  const listed = !card.is_draft && card.moderation === Moderation.visible
  if (!cache) return { detail, authorId, listed, viewedAt: row.viewed_at ? new Date(toIso(row.viewed_at)) : null }
  const stable: StableDetail = { layer: jsonLayer(detail, DETAIL_LIVE_KEYS), authorId, listed }
  cache.set(postId, stable, generation, now)
  return loadedFrom(stable, row)
}

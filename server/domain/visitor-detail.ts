import type { DataSource } from 'typeorm'
import type { PostDetail } from '../contract/posts'
import type { SqlReader } from '../db/reader'
import { toIso } from '../db/reader'
import { loadPostDetail } from '../presenters/post-detail'
import { listGeneration } from '../db/list-cache'
import type { StableRead } from './views'
import { detailWithViews, onViewsWritten, recordView, stableRead, viewedRecently, viewPending } from './views'

/*
 * A visitor's note detail (no token: no liked / collected / followed state to show). The note itself is
 * shared by every visitor, so it is loaded once per second per note (identical concurrent requests wait for
 * one load) and dropped at once when this process writes a note, comment, like, collect or views. The view
 * is still decided per visitor: a visitor counted within the hour is remembered here (a cache of a fact that
 * post_views holds; another instance simply asks the database), otherwise post_views (and the views still
 * buffered, domain/views.ts) decide. Nothing here waits for a write.
 */

const TTL_MS = 1000
const MAX_NOTES = 2000
const MAX_VIEWERS = 100_000

interface Shared {
  at: number
  generation: number
  load: Promise<StableRead<PostDetail | null>>
}
const notes = new Map<number, Shared>()
/** Per database (two servers in one process, as in the tests, count their visitors apart): `post|viewer` → when. */
const countedBy = new WeakMap<DataSource, Map<string, number>>()
function countedOf(db: DataSource): Map<string, number> {
  let counted = countedBy.get(db)
  if (!counted) countedBy.set(db, (counted = new Map()))
  return counted
}
// The shared copies' view_count is behind once buffered views are written.
onViewsWritten((postIds) => postIds.forEach((id) => notes.delete(id)))

function shared(db: DataSource, reader: SqlReader, postId: number): Promise<StableRead<PostDetail | null>> {
  const hit = notes.get(postId)
  if (hit && hit.generation === listGeneration() && Date.now() - hit.at < TTL_MS) return hit.load
  const load = stableRead(db, postId, () => loadPostDetail(reader, postId, null, '')).then(({ value, epoch }) => ({
    value: value && value.listed ? value.detail : null,
    epoch,
  }))
  if (notes.size >= MAX_NOTES) notes.clear()
  notes.set(postId, { at: Date.now(), generation: listGeneration(), load })
  load.catch(() => notes.delete(postId))
  return load
}

function remember(counted: Map<string, number>, key: string, at: number): void {
  counted.delete(key)
  if (counted.size >= MAX_VIEWERS) counted.delete(counted.keys().next().value as string)
  counted.set(key, at)
}

/** Decide whether this visitor's view counts (once per hour) and buffer it if so. */
async function countView(db: DataSource, reader: SqlReader, postId: number, viewer: string): Promise<void> {
  const key = `${postId}|${viewer}`
  const counted = countedOf(db)
  const known = counted.get(key)
  if ((known !== undefined && viewedRecently(new Date(known))) || viewPending(db, postId, viewer)) return
  const row = await reader.one<{ viewed_at: string | Date }>('SELECT viewed_at FROM post_views WHERE post_id = ? AND viewer = ?', [postId, viewer])
  const last = row ? new Date(toIso(row.viewed_at)) : null
  if (viewedRecently(last)) return remember(counted, key, last!.getTime())
  recordView(db, postId, viewer)
  remember(counted, key, Date.now())
}

/** The detail as a visitor sees it, with this visitor's view counted (once per hour); null: no such note. */
export function visitorDetail(db: DataSource, reader: SqlReader, postId: number, viewer: string): Promise<PostDetail | null> {
  return detailWithViews(
    db,
    postId,
    // Read again: the shared copy no longer adds up with the views committed since it was read.
    (again) => {
      if (again) notes.delete(postId)
      return shared(db, reader, postId)
    },
    async (detail) => {
      if (detail) await countView(db, reader, postId, viewer)
      return detail
    },
  )
}

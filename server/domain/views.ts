import { withFields } from '../presenters/json-text'
import { createHash } from 'node:crypto'
import type { DataSource, EntityManager } from 'typeorm'
import { beforeDatabaseClose } from '../db/data-source'
import { inList } from '../db/reader'
import { dateParam, execute, forUpdate, insertIgnore, KEEP_UPDATED_AT, kindOf, query } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { refreshHotScores } from './ranking'
import { ENGAGEMENT, noteEngaged } from './discovery/affinity'

/*
 * View counting: a note's view_count rises at most once per viewer per hour, decided on the server from
 * the post_views table (viewer = "u<user id>" for members, "a<hash of the address>" for visitors: the
 * User-Agent is left out, so changing it does not count again), whatever the client sends as skipViewCount.
 *
 * Recording a view is taken off the request path: note detail answers from the read connections, and a
 * view to count is buffered in memory (deduplicated per note and viewer) and written through the writer in
 * batches, FLUSH_DELAY_MS after the first one waiting, and before the database closes. The flush inserts
 * into post_views only for notes that still exist and are published (never an orphan row), and raises
 * view_count / hot_score by the rows really inserted or renewed. Until then the buffered views are added to
 * the counts this process shows (`pendingViews`), so a viewer sees their own view at once.
 */

export const VIEW_WINDOW_MS = 60 * 60 * 1000
const FLUSH_DELAY_MS = 250
/** Views written per job (one job per FLUSH_CHUNK keeps a flush from holding the writer long). */
const FLUSH_CHUNK = 500
/** Beyond this many waiting views (the database unavailable for long), new views are not counted. */
const MAX_PENDING = 50_000
const RETRY_DELAY_MS = 1000
/** Reads of a view count retried while buffered views were being committed (see stableRead). */
const STABLE_READ_ATTEMPTS = 3
/** Commit epochs are kept per slot (note id modulo this): a flush of other notes rarely makes a read start again. */
const EPOCH_SLOTS = 1024
/** Reads of a note's detail before its view count is shown as it stands (see shownViewCount). */
const VIEW_COUNT_READS = 3

export function viewerKey(userId: number | null, ip: string): string {
  if (userId) return `u${userId}`
  return `a${createHash('sha256').update(ip).digest('base64url').slice(0, 40)}`
}

interface PendingView {
  postId: number
  viewer: string
  at: Date
  /** Taken by a flush that has not committed yet. */
  flushing: boolean
}

type WrittenListener = (postIds: readonly number[]) => void
const writtenListeners: WrittenListener[] = []

/** Called with the notes whose stored view_count just changed (caches of those notes are now behind). */
export function onViewsWritten(listener: WrittenListener): void {
  writtenListeners.push(listener)
}

/** Write views as one job: only for notes that still exist (on PostgreSQL / MySQL locked first, so a concurrent delete waits). */
async function writeViews(manager: EntityManager, views: readonly PendingView[]): Promise<number[]> {
  const kind = kindOf(manager)
  const ids = [...new Set(views.map((v) => v.postId))]
  const list = inList(ids)
  const live = new Set(
    (await query<{ id: number }>(manager, `SELECT id FROM posts WHERE id IN ${list.sql} AND is_draft = FALSE${forUpdate(kind)}`, list.params)).map((r) => Number(r.id)),
  )
  const insert = insertIgnore(kind, 'post_views', ['post_id', 'viewer', 'viewed_at'])
  const touched = new Map<number, number>()
  for (const v of views) {
    if (!live.has(v.postId)) continue
    const stamp = dateParam(kind, v.at)
    const cutoff = dateParam(kind, new Date(v.at.getTime() - VIEW_WINDOW_MS))
    const renewed = await execute(manager, 'UPDATE post_views SET viewed_at = ? WHERE post_id = ? AND viewer = ? AND viewed_at < ?', [stamp, v.postId, v.viewer, cutoff])
    const counted = renewed > 0 || (await execute(manager, insert, [v.postId, v.viewer, stamp])) > 0
    // A long view (docs/discovery.md): a member opening the same note again after the view window. It moves
    // their 推荐 affinities a little; a first view alone says too little (a click on a cover).
    if (renewed > 0 && v.viewer.startsWith('u')) await noteEngaged(manager, Number(v.viewer.slice(1)), v.postId, { weight: ENGAGEMENT.longView, at: v.at })
    if (counted) touched.set(v.postId, (touched.get(v.postId) ?? 0) + 1)
  }
  for (const [postId, n] of touched) await execute(manager, `UPDATE posts SET view_count = view_count + ?, ${KEEP_UPDATED_AT} WHERE id = ?`, [n, postId])
  await refreshHotScores(manager, [...touched.keys()])
  return [...touched.keys()]
}

class ViewBuffer {
  private readonly pending = new Map<string, PendingView>()
  private readonly perPost = new Map<number, number>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> | null = null
  /** Flushes whose rows may already be visible to readers but are still counted in `pending`. */
  committing = 0
  /** Per slot of note ids: bumped each time flushed views of those notes leave `pending` (their rows are committed). */
  private readonly epochs = new Uint32Array(EPOCH_SLOTS)

  constructor(private readonly db: DataSource) {}

  /** Buffer a view to count; false when this viewer's view of the note is already waiting. */
  add(postId: number, viewer: string): boolean {
    const key = `${postId}|${viewer}`
    if (this.pending.has(key) || this.pending.size >= MAX_PENDING) return false
    this.pending.set(key, { postId, viewer, at: new Date(), flushing: false })
    this.perPost.set(postId, (this.perPost.get(postId) ?? 0) + 1)
    this.schedule(FLUSH_DELAY_MS)
    return true
  }

  /** Resolves when the flush under way (if any) has finished. */
  settled(): Promise<void> {
    return this.flushing ?? Promise.resolve()
  }

  has(postId: number, viewer: string): boolean {
    return this.pending.has(`${postId}|${viewer}`)
  }

  count(postId: number): number {
    return this.perPost.get(postId) ?? 0
  }

  epochOf(postId: number): number {
    return this.epochs[postId % EPOCH_SLOTS]!
  }

  private schedule(delay: number): void {
    if (this.timer || this.flushing) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush()
    }, delay)
    this.timer.unref()
  }

  /** Write every waiting view; resolves when they are committed (or put back after a storage fault). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const views = [...this.pending.values()].filter((v) => !v.flushing)
    if (views.length === 0) return
    views.forEach((v) => (v.flushing = true))
    this.flushing = this.write(views).then((ok) => {
      this.flushing = null
      if (this.pending.size) this.schedule(ok ? FLUSH_DELAY_MS : RETRY_DELAY_MS)
    })
    return this.flushing
  }

  /** False when the database refused the write (lock, full disk): the views stay and are tried again later. */
  private async write(views: PendingView[]): Promise<boolean> {
    for (let i = 0; i < views.length; i += FLUSH_CHUNK) {
      const chunk = views.slice(i, i + FLUSH_CHUNK)
      let written: number[] = []
      let marked = false
      // The moment the rows are visible, the stored counts include these views: stop adding them on top.
      // From the end of the job until then, readers may see either state: `stableRead` reads again.
      const committed = () => {
        for (const v of chunk) {
          this.forget(v)
          this.epochs[v.postId % EPOCH_SLOTS]!++
        }
        if (marked) this.committing--
        marked = false
        for (const listener of writtenListeners) listener(written)
      }
      try {
        await inTransaction(
          this.db,
          async (m) => {
            written = await writeViews(m, chunk)
            if (!marked) this.committing++
            marked = true
          },
          { onCommit: committed, changesCards: false },
        )
      } catch {
        if (marked) this.committing--
        marked = false
        // Not committed (lock, full disk): keep them for the next try. Committed but not confirmed durable
        // (a failed fsync, in practice never): already forgotten.
        views.slice(i).forEach((v) => (v.flushing = false))
        return false
      }
    }
    return true
  }

  private forget(v: PendingView): void {
    this.pending.delete(`${v.postId}|${v.viewer}`)
    const left = (this.perPost.get(v.postId) ?? 1) - 1
    if (left > 0) this.perPost.set(v.postId, left)
    else this.perPost.delete(v.postId)
  }
}

const buffers = new WeakMap<DataSource, ViewBuffer>()

function bufferOf(db: DataSource): ViewBuffer {
  let buffer = buffers.get(db)
  if (!buffer) {
    const created = new ViewBuffer(db)
    buffers.set(db, (buffer = created))
    beforeDatabaseClose(db, () => created.flush())
  }
  return buffer
}

/** A value read while no buffered view of its note was being committed, and the note's commit epoch then. */
export interface StableRead<T> {
  value: T
  epoch: number
}

/**
 * `read()` (a stored view_count among other things) at a moment no flush of buffered views was committing, so
 * that adding `pendingViews()` to it counts every view exactly once: a flush that committed views of the note
 * during the read (its rows visible, or not yet, to the read connection) makes it read again (at most a few
 * times). Whatever comes later (an await) may see more views committed: `shownViewCount` tells.
 */
export async function stableRead<T>(db: DataSource, postId: number, read: () => Promise<T>): Promise<StableRead<T>> {
  const buffer = buffers.get(db)
  if (!buffer) return { value: await read(), epoch: 0 }
  for (let attempt = 0; ; attempt++) {
    if (buffer.committing > 0 && attempt < STABLE_READ_ATTEMPTS) await buffer.settled()
    const epoch = buffer.epochOf(postId)
    const value = await read()
    if (attempt >= STABLE_READ_ATTEMPTS || (buffer.committing === 0 && buffer.epochOf(postId) === epoch)) return { value, epoch }
  }
}

/**
 * The view count to show: `stored` (read by `stableRead` at `epoch`) plus the views of the note buffered now.
 * Null when buffered views of the note were committed since the read (they would count twice or not at all):
 * read again.
 */
function shownViewCount(db: DataSource, postId: number, stored: number, epoch: number): number | null {
  const buffer = buffers.get(db)
  if (!buffer) return epoch === 0 ? stored : null
  return buffer.epochOf(postId) === epoch ? stored + buffer.count(postId) : null
}

/**
 * A note's detail with the view count this process shows: `read(again)` loads it through `stableRead` (`again`
 * when an earlier read's count went stale), `visit(value)` counts the view (it may await) and returns the detail
 * to show, or null (no such note for this viewer). Buffered views of the note committed between the read and the
 * sum make it read again, at most VIEW_COUNT_READS times (the last read adds what is buffered then).
 */
export async function detailWithViews<T, D extends { view_count: number }>(
  db: DataSource,
  postId: number,
  read: (again: boolean) => Promise<StableRead<T>>,
  visit: (value: T) => D | null | Promise<D | null>,
): Promise<D | null> {
  for (let attempt = 1; ; attempt++) {
    const { value, epoch } = await read(attempt > 1)
    const detail = await visit(value)
    if (!detail) return null
    const shown = shownViewCount(db, postId, detail.view_count, epoch)
    if (shown === null && attempt < VIEW_COUNT_READS) continue
    const viewCount = shown ?? detail.view_count + pendingViews(db, postId)
    return viewCount === detail.view_count ? detail : withFields<D>(detail, { view_count: viewCount } as Partial<D>)
  }
}

/** Count this view (buffered); false when the same viewer's view of this note is already waiting. */
export function recordView(db: DataSource, postId: number, viewer: string): boolean {
  return bufferOf(db).add(postId, viewer)
}

/** Whether this viewer's view of the note is buffered (counted, not yet written). */
export function viewPending(db: DataSource, postId: number, viewer: string): boolean {
  return buffers.get(db)?.has(postId, viewer) ?? false
}

/** Views of the note counted by this process and not yet in its stored view_count. */
export function pendingViews(db: DataSource, postId: number): number {
  return buffers.get(db)?.count(postId) ?? 0
}

/** Write the buffered views now (tests; the close hook does it at shutdown). */
export function flushViews(db: DataSource): Promise<void> {
  return buffers.get(db)?.flush() ?? Promise.resolve()
}

/** Whether a view at `lastCounted` still hides this one. */
export function viewedRecently(lastCounted: Date | null, now = Date.now()): boolean {
  return lastCounted !== null && now - lastCounted.getTime() < VIEW_WINDOW_MS
}

import { createHash } from 'node:crypto'
import type { DataSource } from 'typeorm'
import { execute, dateParam, insertIgnore, kindOf } from '../db/sql'
import { inTransaction } from '../db/transaction'
import { refreshHotScores } from './ranking'

/*
 * View counting: a note's view_count rises at most once per viewer per hour, decided on the server from
 * the post_views table (viewer = "u<user id>" for members, "a<hash of address + user agent>" for
 * visitors), whatever the client sends as skipViewCount. The detail query already returns this viewer's
 * last counted view, so a repeat view within the hour costs no write at all.
 *
 * Writes are group-committed: views arriving while a batch is being written wait and are written together
 * in the next transaction, so a burst of first views costs one transaction (one fsync) per batch rather
 * than one per request. Each caller still learns whether its view counted.
 */

export const VIEW_WINDOW_MS = 60 * 60 * 1000

export function viewerKey(userId: number | null, ip: string, userAgent: string): string {
  if (userId) return `u${userId}`
  return `a${createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 40)}`
}

interface PendingView {
  postId: number
  viewer: string
  resolve: (counted: boolean) => void
  reject: (err: unknown) => void
}

class ViewRecorder {
  private queue: PendingView[] = []
  private running = false

  constructor(private readonly db: DataSource) {}

  record(postId: number, viewer: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ postId, viewer, resolve, reject })
      if (!this.running) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.running = true
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500)
      try {
        const counted = await this.write(batch)
        batch.forEach((v, i) => v.resolve(counted[i]!))
      } catch (err) {
        batch.forEach((v) => v.reject(err))
      }
    }
    this.running = false
  }

  private write(batch: PendingView[]): Promise<boolean[]> {
    const kind = kindOf(this.db)
    const insert = insertIgnore(kind, 'post_views', ['post_id', 'viewer', 'viewed_at'])
    return inTransaction(this.db, async (manager) => {
      const now = new Date()
      const cutoff = dateParam(kind, new Date(now.getTime() - VIEW_WINDOW_MS))
      const stamp = dateParam(kind, now)
      const counted: boolean[] = []
      const touched = new Map<number, number>()
      for (const v of batch) {
        const renewed = await execute(manager, 'UPDATE post_views SET viewed_at = ? WHERE post_id = ? AND viewer = ? AND viewed_at < ?', [stamp, v.postId, v.viewer, cutoff])
        const isNew = renewed > 0 || (await execute(manager, insert, [v.postId, v.viewer, stamp])) > 0
        counted.push(isNew)
        if (isNew) touched.set(v.postId, (touched.get(v.postId) ?? 0) + 1)
      }
      for (const [postId, n] of touched) await execute(manager, 'UPDATE posts SET view_count = view_count + ? WHERE id = ?', [n, postId])
      await refreshHotScores(manager, [...touched.keys()])
      return counted
    })
  }
}

const recorders = new WeakMap<DataSource, ViewRecorder>()

/** Count this view unless the same viewer was counted within the hour; resolves whether it counted. */
export function recordView(db: DataSource, postId: number, viewer: string): Promise<boolean> {
  let recorder = recorders.get(db)
  if (!recorder) recorders.set(db, (recorder = new ViewRecorder(db)))
  return recorder.record(postId, viewer)
}

/** Whether a view at `lastCounted` still hides this one. */
export function viewedRecently(lastCounted: Date | null, now = Date.now()): boolean {
  return lastCounted !== null && now - lastCounted.getTime() < VIEW_WINDOW_MS
}

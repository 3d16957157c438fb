/**
 * The seed generator behind both the demo dataset (server/seed/demo.ts) and `npm run seed`
 * (server/cli/seed.ts). Deterministic for a given seed; writes in bulk, one transaction per phase, with
 * explicit ids after the tables' current maximum; ends by recounting every counter from the rows.
 */
import type { DataSource } from 'typeorm'
import { exclusively } from '../db/transaction'
import { BulkWriter, maxId } from './bulk'
import { finalize } from './finalize'
import { rebuildDiscoverySignals } from '../domain/discovery'
import type { MediaLibrary } from './media'
import { Notifier } from './notifier'
import { withIndexesDeferred } from './indexes'
import type { CommentTable, Log, PostTable, SeedContext, SeedOptions, UserTable } from './options'
import { writeComments } from './phase-comments'
import { writeEngagement } from './phase-engagement'
import { writePosts } from './phase-posts'
import { writeAdmins, writeCatalog, writeFollows, writeUsers } from './phase-people'
import { Rng } from './random'

export interface SeedReport {
  users: number
  notes: number
  drafts: number
  comments: number
  noteLikes: number
  commentLikes: number
  collections: number
  follows: number
  notifications: number
  notificationsByType: Record<number, number>
  seconds: number
}

/** Tables the phases fill in bulk (their secondary indexes may be deferred). */
const WRITTEN_TABLES = ['users', 'verifications', 'follows', 'posts', 'post_images', 'post_videos', 'post_tags', 'comments', 'likes', 'collections', 'notifications']

const emptyUsers = (): UserTable => ({
  count: 0,
  ids: new Int32Array(),
  created: new Float64Array(),
  nickname: [],
  displayId: [],
  location: [],
  corpus: [],
  special: [],
  activity: new Float64Array(),
})
const emptyPosts = (): PostTable => ({ count: 0, ids: new Int32Array(), author: new Int32Array(), created: new Float64Array(), published: new Uint8Array(), category: [], weight: new Float64Array() })
const emptyComments = (): CommentTable => ({ count: 0, ids: new Int32Array(), post: new Int32Array(), author: new Int32Array(), created: new Float64Array() })

/**
 * Seed `db`; on SQLite it runs as exclusive work of the database's writer (its own transactions per phase).
 * Then the discovery signals (member_affinities, note_neighbours) from the rows just written: the phases insert
 * likes, collections and follows directly, not through the commands that keep those signals, so without this
 * pass every seeded member's 推荐 would be the hot list (docs/discovery.md). Through the writer, after the
 * exclusive work, like any rebuild.
 */
export async function generate(db: DataSource, options: SeedOptions, media: MediaLibrary, log: Log): Promise<SeedReport> {
  const report = await exclusively(db, (writable) => generateOn(writable, options, media, log))
  const started = Date.now()
  await rebuildDiscoverySignals(db)
  const seconds = (Date.now() - started) / 1000
  log(`  discovery signals (${seconds.toFixed(1)} s)`)
  return { ...report, seconds: report.seconds + seconds }
}

async function generateOn(ds: DataSource, options: SeedOptions, media: MediaLibrary, log: Log): Promise<SeedReport> {
  const started = Date.now()
  const root = new Rng(options.seed)
  const now = options.now.getTime()
  const runner = ds.createQueryRunner()
  const bulk = new BulkWriter(ds, runner)
  try {
    await bulk.init()
    const notifier = new Notifier(bulk, await maxId(runner, 'notifications'), root.fork(1), now)
    /** One transaction per phase; the phase's notifications are written in it too. */
    const phase = async <T>(label: string, work: () => Promise<T>, describe: (result: T) => string): Promise<T> => {
      const t0 = Date.now()
      await runner.startTransaction()
      try {
        const result = await work()
        await notifier.flush()
        await bulk.drain()
        await runner.commitTransaction()
        log(`  ${label}: ${describe(result)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
        return result
      } catch (err) {
        await bulk.drain().catch(() => undefined)
        await runner.rollbackTransaction()
        throw err
      }
    }

    const base = { options, media, now, log }
    const catalog = await phase('categories and tags', () => writeCatalog(base, bulk), (c) => `${c.categories.size} categories, ${c.tags.size} tags`)
    await phase('administrators', () => writeAdmins(base, bulk), () => `${options.admins.length}`)
    const ctx: SeedContext = { ...base, ...catalog, rng: root.fork(2), users: emptyUsers(), posts: emptyPosts(), comments: emptyComments() }
    const write = async () => {
      ctx.users = await phase('users', () => writeUsers(ctx, bulk), (u) => `${u.count}`)
      ctx.rng = root.fork(3)
      const follows = await phase('follows', () => writeFollows(ctx, bulk, notifier), (n) => `${n}`)
      ctx.rng = root.fork(4)
      ctx.posts = await phase('notes', () => writePosts(ctx, bulk, notifier), (p) => `${p.count} (with images, videos, tags)`)
      ctx.rng = root.fork(5)
      ctx.comments = await phase('comments', () => writeComments(ctx, bulk, notifier), (c) => `${c.count}`)
      ctx.rng = root.fork(6)
      const engagement = await phase(
        'likes and collections',
        () => writeEngagement(ctx, bulk, notifier),
        (e) => `${e.noteLikes} note likes, ${e.commentLikes} comment likes, ${e.collections} collections`,
      )
      return { follows, engagement }
    }
    const { follows, engagement } = options.deferIndexes ? await withIndexesDeferred(ds, WRITTEN_TABLES, log, write) : await write()
    const users = ctx.users
    log(`  notifications: ${notifier.written}`)
    await finalize(ds, log)
    const drafts = ctx.posts.published.reduce((n, published) => n + (published ? 0 : 1), 0)
    return {
      users: users.count,
      notes: ctx.posts.count,
      drafts,
      comments: ctx.comments.count,
      noteLikes: engagement.noteLikes,
      commentLikes: engagement.commentLikes,
      collections: engagement.collections,
      follows,
      notifications: notifier.written,
      notificationsByType: Object.fromEntries(notifier.byType),
      seconds: (Date.now() - started) / 1000,
    }
  } finally {
    await runner.release()
  }
}

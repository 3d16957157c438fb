/**
 * Writes the training part of a generated world into a Shiliu database, with the seed generator's own
 * machinery (server/seed: BulkWriter's multi-row INSERTs through the real schema, the corpus' categories
 * and tags, note and comment text, the final recount of every counter and hot_score from the rows). Only
 * what existed at the cut is written: members who had joined, notes written, follows made and interactions
 * made by then, so counters and hot_score know nothing of the held-out period.
 *
 * Every training interaction is stored as the product stores it: a row of post_views (viewer "u<id>", the
 * view itself, or the view that came with a like, collect or comment), plus a like, collection or
 * comment row for those kinds. view_count is the number of those views.
 */
import type { DataSource } from 'typeorm'
import { Collection, Comment, Follow, Like, LIKE_TARGET, Post, PostTag, PostView, User } from '../../server/db/entities'
import { exclusively } from '../../server/db/transaction'
import { searchText } from '../../server/search/tokenizer'
import { BulkWriter, maxId } from '../../server/seed/bulk'
import { commentText, FALLBACK_TEMPLATE, generatedProfile, generatedUserId, noteText } from '../../server/seed/content'
import * as corpus from '../../server/seed/corpus'
import { DEMO_HASHES } from '../../server/seed/demo'
import { updateHotScores } from '../../server/seed/finalize'
import { analyzeTables } from '../../server/db/planner-stats'
import { recount } from '../../server/domain/counters'
import { withIndexesDeferred } from '../../server/seed/indexes'
import type { Log, SeedContext } from '../../server/seed/options'
import { writeCatalog } from '../../server/seed/phase-people'
import { Rng } from '../../server/seed/random'
import type { Interaction, World } from './world'

/** Database ids of the written rows (-1: not written, as it did not exist at the cut). */
export interface Written {
  memberIds: Int32Array
  noteIds: Int32Array
}

const WRITTEN_TABLES = ['users', 'follows', 'posts', 'post_tags', 'comments', 'likes', 'collections', 'post_views']

export function writeTraining(db: DataSource, world: World, cut: number, train: readonly Interaction[], log: Log): Promise<Written> {
  return exclusively(db, (writable) => writeOn(writable, world, cut, train, log))
}

async function writeOn(ds: DataSource, world: World, cut: number, train: readonly Interaction[], log: Log): Promise<Written> {
  const rng = new Rng(world.options.seed ^ 0x5eed)
  const runner = ds.createQueryRunner()
  const bulk = new BulkWriter(ds, runner)
  const memberIds = new Int32Array(world.members.length).fill(-1)
  const noteIds = new Int32Array(world.notes.length).fill(-1)
  try {
    await bulk.init()
    const phase = async (label: string, work: () => Promise<string>): Promise<void> => {
      const t0 = Date.now()
      await runner.startTransaction()
      try {
        const described = await work()
        await bulk.drain()
        await runner.commitTransaction()
        log(`  ${label}: ${described} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
      } catch (err) {
        await bulk.drain().catch(() => undefined)
        await runner.rollbackTransaction()
        throw err
      }
    }
    // writeCatalog reads only `days` of the seed's options (for the rows' creation time).
    const catalogContext = { options: { days: world.options.days }, now: cut } as Pick<SeedContext, 'options' | 'now'>
    let catalog: Pick<SeedContext, 'categories' | 'tags'> = { categories: new Map(), tags: new Map() }
    await phase('categories and tags', async () => {
      catalog = await writeCatalog(catalogContext, bulk)
      return `${catalog.categories.size} categories, ${catalog.tags.size} tags`
    })
    const write = async () => {
      await phase('members', () => writeMembers(bulk, world, cut, rng, memberIds))
      await phase('follows', () => writeFollows(bulk, world, cut, memberIds))
      await phase('notes', () => writeNotes(bulk, world, cut, rng, catalog, memberIds, noteIds, train))
      await phase('interactions', () => writeInteractions(bulk, world, rng, train, memberIds, noteIds))
    }
    await withIndexesDeferred(ds, WRITTEN_TABLES, log, write)
    await finish(ds, log)
    return { memberIds, noteIds }
  } finally {
    await runner.release()
  }
}

/**
 * Counters and hot_score from the training rows only: the seed's last pass (server/seed/finalize.ts) but
 * for the comments' counters, which stay 0 here (no replies, no comment likes) and whose recount of
 * reply_count scans every comment once per comment on SQLite (15 s for 12,600 comments).
 */
async function finish(ds: DataSource, log: Log): Promise<void> {
  const t0 = Date.now()
  await analyzeTables(ds, 'sqlite', [...WRITTEN_TABLES, 'categories', 'tags'])
  for (const table of ['users', 'posts', 'tags', 'categories'] as const) await recount(ds, table, 'all')
  const scored = await updateHotScores(ds)
  log(`  counters recounted, ${scored} hot_scores (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
}

async function writeMembers(bulk: BulkWriter, world: World, cut: number, rng: Rng, memberIds: Int32Array): Promise<string> {
  const sink = bulk.sink(User, ['id', 'user_id', 'nickname', 'password_hash', 'avatar', 'bio', 'location', 'gender', 'zodiac_sign', 'mbti', 'education', 'major', 'interests', 'verified', 'is_active', 'created_at', 'updated_at'])
  let id = await maxId(bulk.runner, 'users')
  for (const [i, m] of world.members.entries()) {
    if (m.joined > cut) continue
    const p = generatedProfile(rng)
    const at = new Date(m.joined)
    memberIds[i] = ++id
    // The bio says nothing of the taste: only the declared interests do (partly).
    const bio = m.interests.length > 0 ? `平时喜欢${m.interests.join('、')}。` : `${p.major}专业。`
    await sink.push([id, generatedUserId(i + 1), p.nickname, DEMO_HASHES.shared, '', bio, p.location, p.gender, p.zodiac_sign, p.mbti, p.education, p.major, m.interests, 0, true, at, at])
  }
  await sink.flush()
  return `${sink.written}`
}

async function writeFollows(bulk: BulkWriter, world: World, cut: number, memberIds: Int32Array): Promise<string> {
  const sink = bulk.sink(Follow, ['id', 'follower_id', 'following_id', 'created_at'])
  let id = await maxId(bulk.runner, 'follows')
  for (const f of world.follows) {
    if (f.at > cut || memberIds[f.follower]! < 0 || memberIds[f.followee]! < 0) continue
    await sink.push([++id, memberIds[f.follower], memberIds[f.followee], new Date(f.at)])
  }
  await sink.flush()
  return `${sink.written}`
}

async function writeNotes(
  bulk: BulkWriter,
  world: World,
  cut: number,
  rng: Rng,
  catalog: Pick<SeedContext, 'categories' | 'tags'>,
  memberIds: Int32Array,
  noteIds: Int32Array,
  train: readonly Interaction[],
): Promise<string> {
  const views = new Int32Array(world.notes.length)
  for (const t of train) views[t.note]!++
  const posts = bulk.sink(Post, ['id', 'user_id', 'title', 'content', 'type', 'is_draft', 'category_id', 'location', 'view_count', 'like_count', 'collect_count', 'comment_count', 'hot_score', 'search_text', 'created_at', 'updated_at'])
  const postTags = bulk.sink(PostTag, ['post_id', 'tag_id']).after(posts)
  let id = await maxId(bulk.runner, 'posts')
  for (const [i, n] of world.notes.entries()) {
    if (n.created > cut || memberIds[n.author]! < 0) continue
    const template = n.template >= 0 ? corpus.NOTE_TEMPLATES[n.template]! : { ...FALLBACK_TEMPLATE, category: world.topics[n.topic]! }
    const text = noteText(rng, template, null)
    const at = new Date(n.created)
    noteIds[i] = ++id
    await posts.push([id, memberIds[n.author], text.title, text.content, 1, false, catalog.categories.get(world.topics[n.topic]!) ?? null, '未知', views[i], 0, 0, 0, 0, searchText(text.plain, ...text.tags), at, at])
    for (const name of new Set(text.tags)) {
      const tagId = catalog.tags.get(name)
      if (tagId !== undefined) await postTags.push([id, tagId])
    }
  }
  for (const sink of [posts, postTags]) await sink.flush()
  return `${posts.written} (of ${world.notes.length} by the end), ${postTags.written} tag links`
}

async function writeInteractions(bulk: BulkWriter, world: World, rng: Rng, train: readonly Interaction[], memberIds: Int32Array, noteIds: Int32Array): Promise<string> {
  const views = bulk.sink(PostView, ['id', 'post_id', 'viewer', 'viewed_at'])
  const likes = bulk.sink(Like, ['id', 'user_id', 'target_type', 'target_id', 'created_at'])
  const collections = bulk.sink(Collection, ['id', 'user_id', 'post_id', 'created_at'])
  const comments = bulk.sink(Comment, ['id', 'post_id', 'user_id', 'parent_id', 'reply_to_user_id', 'content', 'like_count', 'reply_count', 'created_at'])
  let viewId = await maxId(bulk.runner, 'post_views')
  let likeId = await maxId(bulk.runner, 'likes')
  let collectionId = await maxId(bulk.runner, 'collections')
  let commentId = await maxId(bulk.runner, 'comments')
  for (const t of train) {
    const user = memberIds[t.member]!
    const post = noteIds[t.note]!
    if (user < 0 || post < 0) throw new Error(`training interaction of member ${t.member} with note ${t.note}, which did not exist at the cut`)
    const at = new Date(t.at)
    await views.push([++viewId, post, `u${user}`, at])
    if (t.kind === 'like') await likes.push([++likeId, user, LIKE_TARGET.post, post, at])
    else if (t.kind === 'collect') await collections.push([++collectionId, user, post, at])
    else if (t.kind === 'comment') await comments.push([++commentId, post, user, null, null, commentText(rng, false, world.topics[world.notes[t.note]!.topic]!, null), 0, 0, at])
  }
  for (const sink of [views, likes, collections, comments]) await sink.flush()
  return `${views.written} views, ${likes.written} likes, ${collections.written} collections, ${comments.written} comments`
}

import type { DataSource } from 'typeorm'
import { toIso } from '../../db/reader'
import { execute, query } from '../../db/sql'
import { inTransaction } from '../../db/transaction'
import { addAffinities, AFFINITY, lift } from './affinity'
import { ENGAGEMENT, FOLLOW_AFFINITY, NEIGHBOUR_PAIRS } from './weights'

/*
 * Recompute every stored discovery signal from the stored interactions: after a migration on a database with
 * history, after a bulk import, and in the offline evaluation once its training interactions are loaded. It
 * replays the same rules as the commands (affinity.ts), in time order, in memory, then writes the result in
 * chunks through the writer. Long views are not replayed: post_views keeps only each viewer's latest view.
 */

const CHUNK = 400

interface Event {
  userId: number
  postId: number
  weight: number
  at: Date
  pair: boolean
  skipCategory: boolean
}

const dateOf = (v: unknown): Date => new Date(toIso(v))

export async function rebuildDiscoverySignals(db: DataSource): Promise<void> {
  const [posts, postTags, likes, collections, comments, dismissed, follows] = await Promise.all([
    query<{ id: number; user_id: number; category_id: number | null }>(db, 'SELECT id, user_id, category_id FROM posts'),
    query<{ post_id: number; tag_id: number }>(db, 'SELECT post_id, tag_id FROM post_tags'),
    query<{ user_id: number; target_id: number; created_at: unknown }>(db, 'SELECT user_id, target_id, created_at FROM likes WHERE target_type = 1'),
    query<{ user_id: number; post_id: number; created_at: unknown }>(db, 'SELECT user_id, post_id, created_at FROM collections'),
    query<{ user_id: number; post_id: number; created_at: unknown }>(db, 'SELECT user_id, post_id, created_at FROM comments'),
    query<{ user_id: number; post_id: number; created_at: unknown }>(db, 'SELECT user_id, post_id, created_at FROM not_interested'),
    query<{ follower_id: number; following_id: number; created_at: unknown }>(db, 'SELECT follower_id, following_id, created_at FROM follows'),
  ])
  const notes = new Map(posts.map((p) => [Number(p.id), { authorId: Number(p.user_id), categoryId: p.category_id === null ? null : Number(p.category_id), tags: [] as number[] }]))
  for (const t of postTags) notes.get(Number(t.post_id))?.tags.push(Number(t.tag_id))
  const event = (userId: unknown, postId: unknown, at: unknown, weight: number, pair: boolean, skipCategory = false): Event => ({
    userId: Number(userId),
    postId: Number(postId),
    weight,
    at: dateOf(at),
    pair,
    skipCategory,
  })
  const events = [
    ...likes.map((r) => event(r.user_id, r.target_id, r.created_at, ENGAGEMENT.like, true)),
    ...collections.map((r) => event(r.user_id, r.post_id, r.created_at, ENGAGEMENT.collect, true)),
    ...comments.map((r) => event(r.user_id, r.post_id, r.created_at, ENGAGEMENT.comment, false)),
    ...dismissed.map((r) => event(r.user_id, r.post_id, r.created_at, ENGAGEMENT.notInterested, false, true)),
  ].sort((a, b) => a.at.getTime() - b.at.getTime())

  const affinity = new Map<string, [number, number, number, number]>()
  const add = (userId: number, kind: number, target: number, delta: number) => {
    const key = `${userId}|${kind}|${target}`
    const row = affinity.get(key)
    if (row) row[3] += delta
    else affinity.set(key, [userId, kind, target, delta])
  }
  const neighbours = new Map<string, [number, number, number]>()
  const pairUp = (a: number, b: number, delta: number) => {
    const key = `${a}|${b}`
    const row = neighbours.get(key)
    if (row) row[2] += delta
    else neighbours.set(key, [a, b, delta])
  }
  const recent = new Map<number, number[]>()
  for (const e of events) {
    const note = notes.get(e.postId)
    if (!note || note.authorId === e.userId) continue
    const delta = e.weight * lift(e.at)
    for (const tag of note.tags) add(e.userId, AFFINITY.tag, tag, delta)
    if (note.categoryId !== null && !e.skipCategory) add(e.userId, AFFINITY.category, note.categoryId, delta)
    add(e.userId, AFFINITY.author, note.authorId, delta)
    if (!e.pair) continue
    const mine = recent.get(e.userId) ?? []
    for (const other of mine) {
      pairUp(e.postId, other, lift(e.at))
      pairUp(other, e.postId, lift(e.at))
    }
    recent.set(e.userId, [e.postId, ...mine.filter((id) => id !== e.postId)].slice(0, NEIGHBOUR_PAIRS))
  }
  for (const f of follows) add(Number(f.follower_id), AFFINITY.followed, Number(f.following_id), FOLLOW_AFFINITY * lift(dateOf(f.created_at)))

  await inTransaction(db, async (m) => {
    await execute(m, 'DELETE FROM member_affinities')
    await execute(m, 'DELETE FROM note_neighbours')
    await execute(m, 'DELETE FROM recommend_sessions')
  })
  const rows = [...affinity.values()]
  for (let i = 0; i < rows.length; i += CHUNK * 10) {
    const part = rows.slice(i, i + CHUNK * 10)
    await inTransaction(db, async (m) => {
      for (let j = 0; j < part.length; j += CHUNK) await addAffinities(m, part.slice(j, j + CHUNK))
    }, { changesCards: false })
  }
  const pairs = [...neighbours.values()]
  for (let i = 0; i < pairs.length; i += CHUNK * 10) {
    const part = pairs.slice(i, i + CHUNK * 10)
    await inTransaction(db, async (m) => {
      for (let j = 0; j < part.length; j += CHUNK) {
        const chunk = part.slice(j, j + CHUNK)
        await execute(m, `INSERT INTO note_neighbours (post_id, neighbour_id, score) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`, chunk.flat())
      }
    }, { changesCards: false })
  }
}

/**
 * Seed phase for likes (of notes and of comments) and collections. Each note or comment gets a number of
 * distinct people (never its author) in proportion to its popularity; notifications 1, 2 and 3 follow.
 */
import { Collection, Like, LIKE_TARGET, NOTIFICATION_TYPE } from '../db/entities'
import type { NotificationType } from '../domain/notifications'
import { maxId, type BulkWriter } from './bulk'
import type { Notifier } from './notifier'
import { DAY_MS, type SeedContext } from './options'
import { apportion, popularityWeights, WeightedPicker, type Rng } from './random'

/** `k` distinct user indexes other than `avoid`, popular (active) people more likely. */
function distinctUsers(rng: Rng, picker: WeightedPicker, userCount: number, k: number, avoid: number): number[] {
  if (k <= 0) return []
  if (k > (userCount - 1) / 3) {
    const everyone = Array.from({ length: userCount }, (_, i) => i).filter((i) => i !== avoid)
    return rng.sample(everyone, k)
  }
  const chosen = new Set<number>()
  while (chosen.size < k) {
    const i = picker.pick(rng)
    if (i !== avoid) chosen.add(i)
  }
  return [...chosen]
}

interface Target {
  /** Rows of this kind, one per (user, target). */
  push(userIndex: number, targetIndex: number, at: number): Promise<void>
}

async function spread(ctx: SeedContext, total: number, weights: Float64Array, caps: Int32Array, owner: Int32Array, created: Float64Array, target: Target): Promise<void> {
  const { rng, users: u, now } = ctx
  const picker = new WeightedPicker(u.activity)
  const counts = apportion(total, weights, caps)
  for (let t = 0; t < counts.length; t++) {
    for (const user of distinctUsers(rng, picker, u.count, counts[t]!, owner[t]!)) {
      await target.push(user, t, rng.after(created[t]!, 2 * DAY_MS, now - 5_000))
    }
  }
}

export interface EngagementCounts {
  noteLikes: number
  commentLikes: number
  collections: number
}

export async function writeEngagement(ctx: SeedContext, bulk: BulkWriter, notifier: Notifier): Promise<EngagementCounts> {
  const { users: u, posts: p, comments: c, options: o, rng } = ctx
  const noteLikes = Math.round(o.likes * (1 - o.commentLikeShare))
  const cap = u.count - 1
  const postCaps = Int32Array.from(p.published, (pub) => (pub ? cap : 0))
  const likes = bulk.sink(Like, ['id', 'user_id', 'target_type', 'target_id', 'created_at'])
  const firstLike = await maxId(bulk.runner, 'likes')
  let likeId = firstLike
  const like = (type: number, note: NotificationType, receiver: (t: number) => number, postId: (t: number) => number, commentId: (t: number) => number | null, targetId: (t: number) => number): Target => ({
    async push(user, t, at) {
      await likes.push([++likeId, u.ids[user], type, targetId(t), new Date(at)])
      await notifier.notify(note, u.ids[receiver(t)]!, u.ids[user]!, postId(t), commentId(t), at)
    },
  })

  await spread(ctx, noteLikes, p.weight, postCaps, p.author, p.created,
    like(LIKE_TARGET.post, NOTIFICATION_TYPE.likePost, (t) => p.author[t]!, (t) => p.ids[t]!, () => null, (t) => p.ids[t]!))
  const noteLikeRows = likeId - firstLike

  // Comments: a few popular ones, a long tail; the special accounts' comments get noticed.
  const commentWeights = popularityWeights(rng, c.count, 1.3)
  for (let i = 0; i < c.count; i++) if (u.special.includes(c.author[i]!)) commentWeights[i]! *= 5
  await spread(ctx, o.likes - noteLikes, commentWeights, new Int32Array(c.count).fill(cap), c.author, c.created,
    like(LIKE_TARGET.comment, NOTIFICATION_TYPE.likeComment, (t) => c.author[t]!, (t) => p.ids[c.post[t]!]!, (t) => c.ids[t]!, (t) => c.ids[t]!))
  await likes.flush()

  const collections = bulk.sink(Collection, ['id', 'user_id', 'post_id', 'created_at'])
  const firstCollection = await maxId(bulk.runner, 'collections')
  let collectionId = firstCollection
  await spread(ctx, o.collections, p.weight, postCaps, p.author, p.created, {
    async push(user, t, at) {
      await collections.push([++collectionId, u.ids[user], p.ids[t], new Date(at)])
      await notifier.notify(NOTIFICATION_TYPE.collect, u.ids[p.author[t]!]!, u.ids[user]!, p.ids[t]!, null, at)
    },
  })
  await collections.flush()
  return { noteLikes: noteLikeRows, commentLikes: likeId - firstLike - noteLikeRows, collections: collectionId - firstCollection }
}

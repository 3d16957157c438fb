/**
 * Seed phase for comments: top-level comments and one level of replies per note. A reply's parent_id is
 * the top-level comment of its thread and reply_to_user_id whom it answers (the parent's author or an
 * earlier replier). Mentions use `[@nickname:userId]`. Notifications: 5 reply, 4 comment on note, 7 mention.
 */
import { Comment, NOTIFICATION_TYPE } from '../db/entities'
import { maxId, type BulkWriter } from './bulk'
import { commentText, type MentionTarget } from './content'
import type { Notifier } from './notifier'
import { DAY_MS, type CommentTable, type SeedContext } from './options'
import { apportion, WeightedPicker } from './random'

/** Share of comments the special accounts write (so the demo member has comments to be replied to). */
const SPECIAL_COMMENT_SHARE = 0.02

interface Written {
  index: number
  author: number
  at: number
}

export async function writeComments(ctx: SeedContext, bulk: BulkWriter, notifier: Notifier): Promise<CommentTable> {
  const { rng, users: u, posts: p, options: o, now } = ctx
  const caps = Int32Array.from(p.published, (pub) => (pub ? 1_000_000 : 0))
  const perPost = apportion(o.comments, p.weight, caps)
  const base = await maxId(bulk.runner, 'comments')
  const sink = bulk.sink(Comment, ['id', 'post_id', 'user_id', 'parent_id', 'reply_to_user_id', 'content', 'like_count', 'reply_count', 'created_at'])
  const people = new WeightedPicker(u.activity)
  const ids: number[] = []
  const posts: number[] = []
  const authors: number[] = []
  const times: number[] = []
  let mentions = 0
  const latest = now - 10_000

  const pickAuthor = (avoid: number): number => {
    for (;;) {
      const a = u.special.length > 0 && rng.chance(SPECIAL_COMMENT_SHARE) ? rng.pick(u.special) : people.pick(rng)
      if (a !== avoid || u.count < 2) return a
    }
  }
  const pickMention = (author: number): MentionTarget & { index: number } | null => {
    if (!rng.chance(o.commentMentionShare)) return null
    const index = mentions < u.special.length * 2 ? u.special[mentions % u.special.length]! : rng.int(0, u.count - 1)
    if (index === author) return null
    mentions++
    return { nickname: u.nickname[index]!, userId: u.displayId[index]!, index }
  }
  const write = async (post: number, author: number, parent: Written | null, replyTo: number | null, at: number): Promise<Written> => {
    const index = ids.length
    const id = base + index + 1
    const mention = pickMention(author)
    const postId = p.ids[post]!
    const content = commentText(rng, parent !== null, p.category[post] ?? null, mention)
    await sink.push([id, postId, u.ids[author], parent ? base + parent.index + 1 : null, replyTo === null ? null : u.ids[replyTo], content, 0, 0, new Date(at)])
    ids.push(id)
    posts.push(post)
    authors.push(author)
    times.push(at)
    // As server/domain/comments.ts: the answered user (5), the note's author (4), the mentioned (7),
    // each at most once per comment, never the actor.
    const told = new Set<number>([author])
    const tell = async (receiver: number, type: 4 | 5 | 7) => {
      if (told.has(receiver)) return
      told.add(receiver)
      await notifier.notify(type, u.ids[receiver]!, u.ids[author]!, postId, id, at)
    }
    if (parent && replyTo !== null) await tell(replyTo, NOTIFICATION_TYPE.replyComment)
    await tell(p.author[post]!, NOTIFICATION_TYPE.commentPost)
    if (mention) await tell(mention.index, NOTIFICATION_TYPE.mentionInComment)
    return { index, author, at }
  }

  for (let post = 0; post < p.count; post++) {
    const total = perPost[post]!
    if (total === 0) continue
    let replies = Math.round(total * o.replyShare)
    const tops = Math.max(1, total - replies)
    const start = p.created[post]!
    const topTimes = Array.from({ length: tops }, () => rng.after(start, 1.5 * DAY_MS, latest)).sort((a, b) => a - b)
    const threads: Array<{ top: Written; last: Written; participants: number[] }> = []
    for (const at of topTimes) {
      const top = await write(post, pickAuthor(-1), null, null, at)
      threads.push({ top, last: top, participants: [top.author] })
    }
    // A special account's comment always gets an answer (reply notifications for the demo member).
    const owed = threads.filter((t) => u.special.includes(t.top.author))
    replies = Math.max(replies, owed.length)
    for (let r = 0; r < replies; r++) {
      const thread = r < owed.length ? owed[r]! : rng.pick(threads)
      const replyTo = r < owed.length || rng.chance(0.7) ? thread.top.author : rng.pick(thread.participants)
      const author = pickAuthor(replyTo)
      const at = rng.after(Math.max(thread.last.at, thread.top.at), 0.5 * DAY_MS, latest)
      const reply = await write(post, author, thread.top, replyTo, at)
      thread.last = reply
      thread.participants.push(author)
    }
  }
  await sink.flush()
  return { count: ids.length, ids: Int32Array.from(ids), post: Int32Array.from(posts), author: Int32Array.from(authors), created: Float64Array.from(times) }
}

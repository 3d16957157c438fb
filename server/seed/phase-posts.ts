/** Seed phase for notes: posts with their ordered images or video, tag links, note mentions. */
import { NOTIFICATION_TYPE, Post, PostImage, PostTag, PostVideo } from '../db/entities'
import { noteSearchText } from '../search/tokenizer'
import { maxId, type BulkWriter } from './bulk'
import { FALLBACK_TEMPLATE, noteText, type MentionTarget } from './content'
import * as corpus from './corpus'
import type { ImageMedia } from './media'
import type { Notifier } from './notifier'
import { DAY_MS, type PostTable, type SeedContext } from './options'
import { popularityWeights, WeightedPicker, type Rng } from './random'

/** How many images an image note has (1-9), as weights: most have a few, some the full nine. */
const IMAGE_COUNT_WEIGHTS = [0, 20, 15, 15, 15, 8, 10, 5, 4, 8]
const imageCountPicker = new WeightedPicker(IMAGE_COUNT_WEIGHTS)

function templatesByCategory(): Map<corpus.CategorySlug, { all: corpus.NoteTemplate[]; video: corpus.NoteTemplate[] }> {
  const map = new Map<corpus.CategorySlug, { all: corpus.NoteTemplate[]; video: corpus.NoteTemplate[] }>()
  for (const c of corpus.CATEGORIES) {
    const all = corpus.NOTE_TEMPLATES.filter((t) => t.category === c.category_title)
    map.set(c.category_title, { all: all.length > 0 ? all : [{ ...FALLBACK_TEMPLATE, category: c.category_title }], video: all.filter((t) => t.video) })
  }
  return map
}

function pickImages(rng: Rng, pool: readonly ImageMedia[], all: readonly ImageMedia[], count: number): ImageMedia[] {
  const picked = rng.sample(pool, count)
  while (picked.length < count && all.length > 0) picked.push(rng.pick(all))
  return picked
}

/**
 * Which posts (indexes, time-ordered) the special accounts write: spread from about 30% of the period to
 * a day and a half ago, so their newest note still collects fresh (unread) reactions. The drafts are the
 * ones just before the newest note.
 */
function specialAuthorship(ctx: SeedContext, count: number): Map<number, { author: number; draft: boolean }> {
  const out = new Map<number, { author: number; draft: boolean }>()
  const lastFraction = 1 - 1.5 / ctx.options.days
  ctx.options.specialUsers.forEach((s, k) => {
    const total = Math.min(s.notes + s.drafts, Math.floor(count / Math.max(1, ctx.options.specialUsers.length)))
    for (let j = 0; j < total; j++) {
      let index = Math.max(0, Math.min(count - 1, Math.floor(count * (0.3 + ((lastFraction - 0.3) * (j + 1)) / total)) - 1 - k))
      while (out.has(index) && index > 0) index--
      const draft = j < total - 1 && j >= total - 1 - s.drafts
      out.set(index, { author: ctx.users.special[k]!, draft })
    }
  })
  return out
}

/** The value below which `share` of the weights lie. */
function quantile(weights: Float64Array, share: number): number {
  const sorted = Float64Array.from(weights).sort()
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 1
}

export async function writePosts(ctx: SeedContext, bulk: BulkWriter, notifier: Notifier): Promise<PostTable> {
  const { rng, users: u, options: o, media, now } = ctx
  const count = o.notes
  const base = await maxId(bulk.runner, 'posts')
  const table: PostTable = {
    count,
    ids: new Int32Array(count),
    author: new Int32Array(count),
    created: new Float64Array(count),
    published: new Uint8Array(count),
    category: [],
    weight: popularityWeights(rng, count),
  }
  // Time-ordered, so ids follow creation like an auto-increment would.
  const times = Array.from({ length: count }, () => now - rng.next() * o.days * DAY_MS - 10 * 60_000).sort((a, b) => a - b)
  const special = specialAuthorship(ctx, count)
  // The special accounts' notes get noticed: about as popular as the top tenth, each to its own degree
  // (a fixed boost would give every one of them the same, capped, number of likes).
  const popular = count > 0 ? quantile(table.weight, 0.9) : 1
  const activity = Float64Array.from(u.activity, (w, i) => (u.special.includes(i) ? 0 : w))
  const authors = new WeightedPicker(activity)
  const templates = templatesByCategory()
  const slugs = [...ctx.categories.keys()]
  let noteMentions = 0
  let imageId = await maxId(bulk.runner, 'post_images')
  let videoId = await maxId(bulk.runner, 'post_videos')

  const posts = bulk.sink(Post, ['id', 'user_id', 'title', 'content', 'type', 'is_draft', 'category_id', 'location', 'view_count', 'like_count', 'collect_count', 'comment_count', 'hot_score', 'search_text', 'created_at', 'updated_at'])
  const images = bulk.sink(PostImage, ['id', 'post_id', 'url', 'thumbnail_url', 'small_thumbnail_url', 'width', 'height', 'sort_order']).after(posts)
  const videos = bulk.sink(PostVideo, ['id', 'post_id', 'url', 'cover_url', 'duration', 'size']).after(posts)
  const postTags = bulk.sink(PostTag, ['post_id', 'tag_id']).after(posts)

  for (let i = 0; i < count; i++) {
    const id = base + i + 1
    const fixed = special.get(i)
    const author = fixed?.author ?? authors.pick(rng)
    const draft = fixed ? fixed.draft : rng.chance(o.draftShare)
    const own = u.corpus[author]?.posts_in ?? []
    const slug = own.length > 0 && rng.chance(0.8) ? rng.pick(own) : rng.pick(slugs)
    const pool = templates.get(slug) ?? { all: [FALLBACK_TEMPLATE], video: [] }
    const video = media.videos.length > 0 && rng.chance(o.videoShare)
    const template = rng.pick(video && pool.video.length > 0 ? pool.video : pool.all)
    let mention: MentionTarget | null = null
    let mentioned = -1
    if (!draft && rng.chance(o.noteMentionShare)) {
      // The first note mentions go to the special accounts, so they see every kind of notification.
      mentioned = noteMentions < u.special.length ? u.special[noteMentions]! : rng.int(0, u.count - 1)
      if (mentioned !== author) {
        mention = { nickname: u.nickname[mentioned]!, userId: u.displayId[mentioned]! }
        noteMentions++
      }
    }
    const text = noteText(rng, template, mention)
    const created = times[i]!
    if (fixed) table.weight[i] = Math.max(table.weight[i]!, popular) * (0.8 + 0.8 * rng.next())
    const views = Math.round(table.weight[i]! * rng.int(20, 60) + rng.int(5, 120))
    const at = new Date(created)
    const categoryId = ctx.categories.get(slug) ?? null
    await posts.push([id, u.ids[author], text.title, text.content, video ? 2 : 1, draft, categoryId, u.location[author], views, 0, 0, 0, 0, draft ? '' : noteSearchText(text.title, text.body, text.tags), at, at])
    if (video) {
      const v = rng.pick(media.videos)
      await videos.push([++videoId, id, v.url, v.coverUrl, v.duration, v.size])
    } else {
      const n = imageCountPicker.pick(rng)
      for (const [k, image] of pickImages(rng, media.imagesFor(slug), media.images, n).entries()) {
        await images.push([++imageId, id, image.url, image.thumbnailUrl, image.smallThumbnailUrl, image.width, image.height, k])
      }
    }
    for (const name of new Set(text.tags)) {
      const tagId = ctx.tags.get(name)
      if (tagId !== undefined) await postTags.push([id, tagId])
    }
    if (mention) await notifier.notify(NOTIFICATION_TYPE.mentionInPost, u.ids[mentioned]!, u.ids[author]!, id, null, created)
    table.ids[i] = id
    table.author[i] = author
    table.created[i] = created
    table.published[i] = draft ? 0 : 1
    table.category.push(slug)
    if (draft) table.weight[i] = 0
  }
  for (const sink of [posts, images, videos, postTags]) await sink.flush()
  return table
}

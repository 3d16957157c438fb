/**
 * The hidden-taste world of the offline evaluation (docs/discovery.md "Offline evaluation"): members,
 * authors, notes, follows, declared interests and interactions, all drawn in memory from one seed. The
 * rankers never see this module's `taste`; they see only what load.ts writes into the database (the
 * interactions, follows and declared interests the product stores).
 *
 * The model, in short:
 * - the K topics are the demo corpus' categories; a note has one topic and the tags of a corpus template of it;
 * - every member has a sparse taste: 1–3 main topics (more popular topics more often) with random weights,
 *   plus a small even background;
 * - about a quarter of the members write; an author writes mostly in their sharpest topic (taste squared);
 *   a note's quality is heavy-tailed (log-normal), which makes a few notes very popular;
 * - follows: mostly authors whose writing matches the member's taste, the rest popular authors at random;
 * - declared interests only partly reflect the taste: each main topic is declared with some probability,
 *   as its category name or one of its tags, and a random interest is added now and then;
 * - interactions: the member's activity (heavy-tailed) decides how many; each happens at a random time
 *   and picks a note through one of three channels (the taste: a topic, then a recent note of it; a
 *   followed author's recent note; whatever is popular everywhere), weighted by quality and recency, the
 *   last two thinned by taste. Kinds: view (the note opened, nothing more), like, collect, comment.
 */
import * as corpus from '../../server/seed/corpus'
import { apportion, popularityWeights, WeightedPicker, type Rng } from '../../server/seed/random'

export const DAY_MS = 24 * 3600 * 1000

export type InteractionKind = 'view' | 'like' | 'collect' | 'comment'
const KINDS: readonly InteractionKind[] = ['view', 'like', 'collect', 'comment']
/** Shares of the kinds (a like, collect or comment is stored with its view, as the product counts one). */
const KIND_WEIGHTS = new WeightedPicker([0.5, 0.3, 0.12, 0.08])

export interface WorldOptions {
  seed: number
  members: number
  notes: number
  interactions: number
  /** The period the notes and interactions span, ending at `end`. */
  days: number
  end: number
}

export interface Member {
  /** When the member joined (before or during the period). */
  joined: number
  /** Hidden: a distribution over topics (sums to 1). Never written to the database. */
  taste: Float64Array
  /** What the member declared in their profile (users.interests). */
  interests: string[]
  activity: number
}

export interface Note {
  author: number
  topic: number
  created: number
  /** Hidden popularity factor. */
  quality: number
  /** Index into corpus.NOTE_TEMPLATES of the note's topic (text and tags). */
  template: number
}

export interface Interaction {
  member: number
  note: number
  at: number
  kind: InteractionKind
}

export interface Follow {
  follower: number
  followee: number
  at: number
}

export interface World {
  options: WorldOptions
  topics: readonly corpus.CategorySlug[]
  members: Member[]
  notes: Note[]
  follows: Follow[]
  /** Sorted by time. */
  interactions: Interaction[]
}

const TEMPLATES_BY_TOPIC: number[][] = corpus.CATEGORIES.map((c) => corpus.NOTE_TEMPLATES.flatMap((t, i) => (t.category === c.category_title ? [i] : [])))
/** Tags of each topic, from its templates (a declared interest may be one of them). */
const TAGS_BY_TOPIC: string[][] = TEMPLATES_BY_TOPIC.map((list) => [...new Set(list.flatMap((i) => corpus.NOTE_TEMPLATES[i]!.tags))])
const INTEREST_NOISE = [...new Set(corpus.USERS.flatMap((u) => u.interests))]

/** Gamma(1) draws normalised: a flat Dirichlet over `n` parts. */
function dirichlet(rng: Rng, n: number): number[] {
  const draws = Array.from({ length: n }, () => rng.exponential(1) + 1e-9)
  const sum = draws.reduce((s, x) => s + x, 0)
  return draws.map((x) => x / sum)
}

/** A normally distributed number (Box–Muller). */
function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next())
}

function makeMembers(rng: Rng, o: WorldOptions, topicPopularity: WeightedPicker): Member[] {
  const K = corpus.CATEGORIES.length
  const start = o.end - o.days * DAY_MS
  const activity = popularityWeights(rng, o.members, 1.2)
  return Array.from({ length: o.members }, (_, m) => {
    const mains = rng.next() < 0.4 ? 1 : rng.next() < 0.67 ? 2 : 3
    const chosen = new Set<number>()
    while (chosen.size < mains) chosen.add(topicPopularity.pick(rng))
    const weights = dirichlet(rng, mains)
    const taste = new Float64Array(K).fill(0.15 / K)
    ;[...chosen].forEach((k, i) => (taste[k]! += 0.85 * weights[i]!))
    const interests: string[] = []
    for (const k of [...chosen].sort((a, b) => taste[b]! - taste[a]!)) {
      if (!rng.chance(0.55)) continue
      interests.push(rng.chance(0.5) || TAGS_BY_TOPIC[k]!.length === 0 ? corpus.CATEGORIES[k]!.name : rng.pick(TAGS_BY_TOPIC[k]!))
    }
    if (INTEREST_NOISE.length > 0 && rng.chance(0.3)) interests.push(rng.pick(INTEREST_NOISE))
    // Most members were there before the period starts; some join during it (the newest have little history).
    const joined = rng.chance(0.85) ? start - rng.next() * 30 * DAY_MS : start + rng.next() * o.days * DAY_MS * 0.95
    return { joined, taste, interests: [...new Set(interests)], activity: activity[m]! }
  })
}

function makeNotes(rng: Rng, o: WorldOptions, members: Member[]): { notes: Note[]; authorTopics: Float64Array[] } {
  const K = corpus.CATEGORIES.length
  // About a quarter of the members write, some much more than others.
  const writing = Float64Array.from(members, (m) => (rng.chance(0.25) ? m.activity * (0.5 + rng.next()) : 0))
  const authorTopics = members.map((m) => {
    const sharp = Float64Array.from(m.taste, (t) => t * t)
    const sum = sharp.reduce((s, x) => s + x, 0)
    return sharp.map((x) => x / sum)
  })
  const start = o.end - o.days * DAY_MS
  const times = Array.from({ length: o.notes }, () => start + rng.next() * (o.days * DAY_MS - 10 * 60_000)).sort((a, b) => a - b)
  const pickers = authorTopics.map((t) => new WeightedPicker(t))
  const notes: Note[] = []
  const byAuthor = new WeightedPicker(writing)
  for (const created of times) {
    let author = byAuthor.pick(rng)
    // An author writes only once they joined: someone who joined later takes the note's place in line.
    for (let tries = 0; members[author]!.joined > created && tries < 20; tries++) author = byAuthor.pick(rng)
    const topic = pickers[author]!.pick(rng)
    const templates = TEMPLATES_BY_TOPIC[topic]!
    notes.push({ author, topic: topic % K, created, quality: Math.exp(0.9 * gaussian(rng)), template: templates.length > 0 ? rng.pick(templates) : -1 })
  }
  return { notes, authorTopics }
}

/** The notes of a pool, time-ordered, with their creation times and qualities side by side. */
interface Pool {
  ids: Int32Array
  created: Float64Array
}

function poolOf(notes: Note[], ids: number[]): Pool {
  return { ids: Int32Array.from(ids), created: Float64Array.from(ids, (i) => notes[i]!.created) }
}

/** Index of the last note of `pool` created at or before `t` (-1 when none). */
function lastBefore(pool: Pool, t: number): number {
  let lo = 0
  let hi = pool.created.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (pool.created[mid]! <= t) lo = mid + 1
    else hi = mid
  }
  return lo - 1
}

/** The recency kernel: the density of meeting a note of this age (mostly the last couple of days, a long tail). */
const SHORT_MS = 1.5 * DAY_MS
const LONG_MS = 15 * DAY_MS
const SHORT_SHARE = 0.6
function recencyDensity(age: number): number {
  return (SHORT_SHARE * Math.exp(-age / SHORT_MS)) / SHORT_MS + ((1 - SHORT_SHARE) * Math.exp(-age / LONG_MS)) / LONG_MS
}

/** A note's hidden appeal at time t, taste aside: quality × recency (what the hidden-model reference ranks by). */
export function hiddenWeight(note: Note, t: number): number {
  return Math.pow(note.quality, 1.5) * recencyDensity(Math.max(0, t - note.created))
}

/**
 * A note of `pool` as someone browsing at `t` would meet it: an age from the recency kernel, then one of the `window` notes written just before that age,
 * in proportion to quality^sharpness (the popular ones are met more). -1 when the pool has nothing before t.
 */
function meet(rng: Rng, notes: Note[], pool: Pool, t: number, window: number, sharpness: number): number {
  const age = rng.chance(SHORT_SHARE) ? rng.exponential(SHORT_MS) : rng.exponential(LONG_MS)
  let end = lastBefore(pool, t - age)
  if (end < 0) end = lastBefore(pool, t)
  if (end < 0) return -1
  const from = Math.max(0, end - window + 1)
  let total = 0
  for (let i = from; i <= end; i++) total += Math.pow(notes[pool.ids[i]!]!.quality, sharpness)
  let x = rng.next() * total
  for (let i = from; i <= end; i++) {
    x -= Math.pow(notes[pool.ids[i]!]!.quality, sharpness)
    if (x <= 0) return pool.ids[i]!
  }
  return pool.ids[end]!
}

function makeFollows(rng: Rng, o: WorldOptions, members: Member[], notes: Note[], authorTopics: Float64Array[]): Follow[] {
  const K = corpus.CATEGORIES.length
  const written = new Float64Array(members.length)
  for (const n of notes) written[n.author]! += n.quality
  const anyAuthor = new WeightedPicker(written)
  const byTopic = Array.from({ length: K }, (_, k) => new WeightedPicker(Float64Array.from(written, (w, a) => w * authorTopics[a]![k]!)))
  const follows: Follow[] = []
  if (anyAuthor.total === 0) return follows
  members.forEach((m, i) => {
    const taste = new WeightedPicker(m.taste)
    const count = Math.min(members.length - 1, Math.round(2 + Math.sqrt(m.activity) * 4 + rng.exponential(3)))
    const chosen = new Set<number>()
    for (let tries = 0; chosen.size < count && tries < count * 10; tries++) {
      const k = taste.pick(rng)
      const a = rng.chance(0.75) && byTopic[k]!.total > 0 ? byTopic[k]!.pick(rng) : anyAuthor.pick(rng)
      if (a !== i) chosen.add(a)
    }
    for (const a of chosen) {
      const from = Math.max(m.joined, members[a]!.joined, o.end - o.days * DAY_MS - 30 * DAY_MS)
      follows.push({ follower: i, followee: a, at: from + rng.next() * (o.end - 60_000 - from) })
    }
  })
  return follows.sort((a, b) => a.at - b.at)
}

function makeInteractions(rng: Rng, o: WorldOptions, members: Member[], notes: Note[], follows: Follow[]): Interaction[] {
  const K = corpus.CATEGORIES.length
  const start = o.end - o.days * DAY_MS
  const everything = poolOf(notes, notes.map((_, i) => i))
  const byTopic = Array.from({ length: K }, (_, k) => poolOf(notes, notes.flatMap((n, i) => (n.topic === k ? [i] : []))))
  const byAuthor = new Map<number, Pool>()
  const authorNotes = new Map<number, number[]>()
  notes.forEach((n, i) => (authorNotes.get(n.author) ?? authorNotes.set(n.author, []).get(n.author)!).push(i))
  for (const [a, ids] of authorNotes) byAuthor.set(a, poolOf(notes, ids))
  const following = members.map(() => [] as Follow[])
  for (const f of follows) following[f.follower]!.push(f)

  // No member meets more than a fifth of the catalogue.
  const caps = new Int32Array(members.length).fill(Math.max(1, Math.floor(notes.length / 5)))
  const counts = apportion(o.interactions, Float64Array.from(members, (m) => m.activity), caps)
  const out: Interaction[] = []
  members.forEach((m, i) => {
    const from = Math.max(m.joined, start)
    const times = Array.from({ length: counts[i]! }, () => from + rng.next() * (o.end - 30_000 - from)).sort((a, b) => a - b)
    const seen = new Set<number>()
    const topTaste = Math.max(...m.taste)
    const taste = new WeightedPicker(m.taste)
    for (const t of times) {
      for (let tries = 0; tries < 12; tries++) {
        const channel = rng.next()
        let note = -1
        if (channel < 0.2) {
          const followed = following[i]!.filter((f) => f.at <= t)
          if (followed.length === 0) continue
          const pool = byAuthor.get(rng.pick(followed).followee)
          if (pool) note = meet(rng, notes, pool, t, 3, 1)
        } else if (channel < 0.4) {
          note = meet(rng, notes, everything, t, 60, 2)
        } else {
          note = meet(rng, notes, byTopic[taste.pick(rng)]!, t, 8, 1.5)
        }
        if (note < 0 || seen.has(note) || notes[note]!.author === i) continue
        // Outside the taste channel, a note off the member's taste is often passed over.
        if (channel < 0.4 && !rng.chance(0.25 + (0.75 * m.taste[notes[note]!.topic]!) / topTaste)) continue
        seen.add(note)
        out.push({ member: i, note, at: t, kind: KINDS[KIND_WEIGHTS.pick(rng)]! })
        break
      }
    }
  })
  return out.sort((a, b) => a.at - b.at || a.member - b.member)
}

/** The whole world for these options; the same options give the same world. */
export function generateWorld(rng: Rng, options: WorldOptions): World {
  // Some topics are more popular than others (food and campus life more than second-hand trading, say).
  const topicPopularity = new WeightedPicker(popularityWeights(rng.fork(1), corpus.CATEGORIES.length, 0.8))
  const members = makeMembers(rng.fork(2), options, topicPopularity)
  const { notes, authorTopics } = makeNotes(rng.fork(3), options, members)
  const follows = makeFollows(rng.fork(4), options, members, notes, authorTopics)
  const interactions = makeInteractions(rng.fork(5), options, members, notes, follows)
  return { options, topics: corpus.CATEGORIES.map((c) => c.category_title), members, notes, follows, interactions }
}

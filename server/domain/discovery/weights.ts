/*
 * Every weight of the personalised 推荐, in one place (docs/discovery.md "推荐 ranking"). Two groups: what an
 * interaction adds to the stored signals (write side, affinity.ts), and how the ranker blends the candidate
 * sources (read side, rank.ts). The values were set by hand on the reasoning in each comment, then checked with
 * the offline evaluation (`npm run eval:recommend`).
 */

/** Stored affinities decay by half every this many days: a taste from last month counts half of today's. */
export const HALF_LIFE_DAYS = 14
/**
 * The origin of the time lift (affinity.ts): scores are stored as weight × 2^((t − LIFT_EPOCH) / half-life),
 * so they stay below 2^1000 (the double's range) for 1000 half-lives, about 38 years from here.
 */
export const LIFT_EPOCH_MS = Date.UTC(2026, 0, 1)

/** What one interaction adds to the member's affinity for the note's tags, category and author. */
export const ENGAGEMENT = {
  /** A like: the commonest explicit signal, the unit. */
  like: 1,
  /** A collect: kept for later, a stronger statement than a like (the hot score counts it twice as well). */
  collect: 2,
  /** A comment: effort spent on the note (the hot score counts it three times; a reply may be a disagreement, so 1.5). */
  comment: 1.5,
  /** A long view (opening the same note again after the one-hour view window): interest without a click on ♥. */
  longView: 0.5,
  /** 不感兴趣: pushes the note's author and tags down, three likes' worth, so one click outweighs a casual like. */
  notInterested: -3,
} as const

/** Following an author: the affinity row for the followed author (kind 4), lifted at the time of the follow. */
export const FOLLOW_AFFINITY = 1

/** Co-engagement: a new engagement pairs the note with this many of the member's latest engaged notes. */
export const NEIGHBOUR_PAIRS = 5

/** Per request, how many of each source's best signals are turned into candidates (bounded reads). */
export const SOURCES = {
  /** Top tags of the member, and newest notes taken per tag. */
  tags: 6,
  notesPerTag: 8,
  /** Top categories, and best-hot notes taken per category. */
  categories: 3,
  notesPerCategory: 15,
  /** Authors the member engaged with most / follows (latest followed first), and newest notes per author. */
  authors: 6,
  followed: 8,
  notesPerAuthor: 3,
  /** The member's latest liked notes and latest collected notes (this many of each) whose co-engagement neighbours are taken, and neighbours per note. */
  engagedNotes: 4,
  neighboursPerNote: 8,
  /** Declared interests (profile) looked up as tags, and newest notes per interest. */
  interests: 5,
  notesPerInterest: 6,
  /** The global hot list's head, for freshness and exploration. */
  hot: 30,
  /** Negative affinities (不感兴趣) read to push candidates down. */
  dislikes: 10,
} as const

/**
 * The blend (rank.ts): a candidate's score is the sum of each source's weight × its normalised strength
 * (0..1, relative to the member's strongest signal of that source), plus the hot term. Personal sources sum
 * above the hot term, so a note that matches the member beats a merely popular one; the hot term still orders
 * notes of equal match (freshness) and brings popular notes in (exploration).
 */
export const BLEND = {
  /** A followed author's note: the member asked for it explicitly. */
  follow: 1.6,
  /** An author whose notes the member engaged with (not followed). */
  author: 1.0,
  /** The member's affinity for the note's best-matching tag: tags describe taste most precisely. */
  tag: 1.4,
  /** The member's affinity for the note's category: broad, but the steadiest signal of taste (the offline evaluation rewards it most). */
  category: 1.4,
  /** Co-engagement: members who engaged with what this member engaged with also engaged with this note. */
  similar: 1.2,
  /** A declared interest matches a tag of the note: the cold-start source, for members with little history. */
  interest: 1.1,
  /** The global hot score (normalised: 1 for the hottest candidate, 0 for two orders of magnitude / 25 h below). */
  hot: 0.6,
  /** Disliked author or tag (不感兴趣): subtracted, scaled by how strong the dislike is. */
  dislike: 2.5,
} as const

/** Hot-score units over which the hot term falls from 1 to 0 (2 = 100× less engagement, or 25 h older). */
export const HOT_SPAN = 2

/** No more than this many notes in a row by one author. */
export const MAX_AUTHOR_RUN = 2

/**
 * The session snapshot: how many ranked notes page 1 keeps for pages 2+, how long it lives, and for how long
 * a new page 1 continues it instead of ranking again (a double load, a quick back-and-forth) as long as none
 * of the member's signals changed meanwhile: the ranking is deterministic, so it would come out the same.
 */
export const SESSION = {
  size: 200,
  ttlMs: 30 * 60 * 1000,
  reuseMs: 60 * 1000,
} as const

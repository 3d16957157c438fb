import type { PostCard } from '../contract/posts'
import type { CardWrites } from '../db/card-writes'
import type { SqlReader } from '../db/reader'
import { cardCacheLookups } from '../telemetry/metrics'
import { jsonLayer, overLayer } from './json-text'

/*
 * Note cards kept between requests, on SQLite (where this process is the database's only writer).
 *
 * A card's statement was the costliest read of all: joins for author, category, cover and video, the
 * image list and tags aggregated per note, the head of the content for the excerpt; ~1.2 ms of SQLite and
 * ~0.5 ms of presenting per feed page, ~60 % of the server's CPU under the mixed bench. What a card shows
 * besides its counters and the viewer's flags changes rarely, so pages read only the ids, counters and flags
 * live (one cheap statement) and take the rest from here.
 *
 * A cached card is used only while no write job that may change a card has committed since it was read
 * (SqlReader.cardWrites: every job counts unless it declares `changesCards: false`), and for at most TTL_MS
 * (a bound for other processes' edits, such as a maintenance command on the file). Cluster workers on one file
 * (WORKERS > 1) also see each other's commits through the generation (db/card-writes.ts). On PostgreSQL and
 * MySQL several instances write, and nothing is cached.
 */

/** What a cached card leaves to be read live. */
export interface LiveCardFields {
  view_count: number
  like_count: number
  collect_count: number
  comment_count: number
  liked: boolean
  collected: boolean
}

const TTL_MS = 10_000
const MAX_CARDS = 10_000

interface Entry<T> {
  value: T
  /** cardWrites.generation when the value's statement started. */
  generation: number
  at: number
}

const HIT = { result: 'hit' } as const
const MISS = { result: 'miss' } as const
function miss(): undefined {
  cardCacheLookups.inc(MISS)
  return undefined
}

/** Values read from notes (cards, the stable part of a detail), by note id, kept as the comment above says. */
export class NoteCache<T> {
  private readonly entries = new Map<number, Entry<T>>()

  constructor(private readonly writes: CardWrites) {}

  /** The generation to store values read from now on under. */
  get generation(): number {
    return this.writes.generation
  }

  get(id: number, now: number): T | undefined {
    const entry = this.entries.get(id)
    if (!entry) return miss()
    if (entry.generation !== this.writes.generation || now - entry.at >= TTL_MS) {
      this.entries.delete(id)
      return miss()
    }
    cardCacheLookups.inc(HIT)
    return entry.value
  }

  set(id: number, value: T, generation: number, now: number): void {
    if (generation !== this.writes.generation) return
    if (this.entries.size >= MAX_CARDS) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(id, { value, generation, at: now })
  }
}

/** Per reader (database) and kind of value. */
function cacheOf<T>(caches: WeakMap<SqlReader, NoteCache<T>>, reader: SqlReader): NoteCache<T> | null {
  if (!reader.cardWrites) return null
  let cache = caches.get(reader)
  if (!cache) caches.set(reader, (cache = new NoteCache<T>(reader.cardWrites)))
  return cache
}

const cardCaches = new WeakMap<SqlReader, NoteCache<PostCard>>()
/** The card cache of a reader's database; null where cards must not be cached (PostgreSQL, MySQL). */
export const cardCacheOf = (reader: SqlReader): NoteCache<PostCard> | null => cacheOf(cardCaches, reader)

/**
 * A note detail's part that only card-changing writes change (everything but the counters and the viewer's
 * facts), as a layer (json-text.ts): the full content is encoded once, not at every reply. Same rules as cards.
 */
export interface StableDetail {
  layer: object
  authorId: number
  listed: boolean
}
const detailCaches = new WeakMap<SqlReader, NoteCache<StableDetail>>()
export const detailCacheOf = (reader: SqlReader): NoteCache<StableDetail> | null => cacheOf(detailCaches, reader)

/** A card's live fields as the card shows them (each counter also under its camelCase alias). */
export function liveCardFields(live: LiveCardFields) {
  return {
    view_count: live.view_count,
    like_count: live.like_count,
    likeCount: live.like_count,
    collect_count: live.collect_count,
    collectCount: live.collect_count,
    comment_count: live.comment_count,
    commentCount: live.comment_count,
    liked: live.liked,
    collected: live.collected,
  }
}

const LIVE_KEYS = Object.keys(liveCardFields({ view_count: 0, like_count: 0, collect_count: 0, comment_count: 0, liked: false, collected: false }))
/** Each cached card's stable fields as a layer (json-text.ts), made once. */
const layers = new WeakMap<PostCard, object>()

/**
 * A cached card with the live fields of this request: a small object over the card's layer (json-text.ts),
 * so the card is neither copied nor serialised again for each reply. Cached cards are never changed.
 */
export function withLiveFields(card: PostCard, live: LiveCardFields): PostCard {
  let layer = layers.get(card)
  if (!layer) layers.set(card, (layer = jsonLayer(card, LIVE_KEYS)))
  return overLayer<PostCard>(layer, liveCardFields(live))
}

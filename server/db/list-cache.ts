/**
 * Totals of big lists, search tag chips and user-search pages are cached per query for CACHE_TTL_MS, and
 * dropped at once when this process writes a note, so paging the feed does not count 100,000 rows per
 * request. Concurrent misses share one computation, and an expired value is served while one refresh runs
 * (no stampede of identical COUNTs). Another instance's writes drop them too, through the event bus
 * (events/cache-invalidation.ts; without Redis, within the TTL); the pages of notes themselves are always live.
 */
const CACHE_TTL_MS = 10_000
const CACHE_MAX = 2000

interface Entry {
  value?: unknown
  at: number
  pending?: Promise<unknown>
}
const cache = new Map<string, Entry>()

/** Refreshes started so far, and those still running: a refresh of an expired value runs after its reply. */
const refreshes = { started: 0, running: new Set<Promise<unknown>>() }
/** How many refreshes have started (a statement count taken while this moved includes a refresh's statements). */
export const listRefreshesStarted = (): number => refreshes.started
/** Resolves once the refreshes running now have ended (whatever their outcome). */
export const listRefreshesSettled = (): Promise<unknown> => Promise.allSettled([...refreshes.running])

/**
 * Bumped by every local write that changes what a public list shows (notes, comments, likes, collects);
 * the HTTP micro-cache of visitors' list replies (http/middlewares/public-cache.ts) keys on it.
 */
let generation = 0
export const listGeneration = (): number => generation

/** What a write made stale: 'lists' (visitors' replies) or 'counts' (those and the cached totals and chips). */
export type ListChange = 'lists' | 'counts'

const announcers = new Set<(change: ListChange) => void>()

/**
 * Hear about this process's own changes, to tell the other instances (events/cache-invalidation.ts sends them
 * over the event bus); returns what stops it.
 */
export function onLocalListChange(announce: (change: ListChange) => void): () => void {
  announcers.add(announce)
  return () => announcers.delete(announce)
}

/** Apply a change, this process's own or (from the event bus) another instance's. */
export function applyListChange(change: ListChange): void {
  if (change === 'counts') cache.clear()
  generation++
}

function changedHere(change: ListChange): void {
  applyListChange(change)
  for (const announce of announcers) announce(change)
}

export function listsChanged(): void {
  changedHere('lists')
}

/** A note was written: cached totals and chips are stale too. */
export function invalidateFeedCounts(): void {
  changedHere('counts')
}

function refresh<T>(key: string, entry: Entry, compute: () => Promise<T>): Promise<T> {
  const pending = compute().then(
    (value) => {
      if (cache.get(key) === entry) Object.assign(entry, { value, at: Date.now(), pending: undefined })
      return value
    },
    (err: unknown) => {
      entry.pending = undefined
      throw err
    },
  )
  entry.pending = pending
  refreshes.started++
  const tracked = pending.catch(() => undefined).finally(() => refreshes.running.delete(tracked))
  refreshes.running.add(tracked)
  return pending
}

export async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
  let entry = cache.get(key)
  if (!entry) {
    if (cache.size >= CACHE_MAX) cache.clear()
    entry = { at: 0 }
    cache.set(key, entry)
  }
  if ('value' in entry && entry.value !== undefined) {
    if (Date.now() - entry.at >= CACHE_TTL_MS && !entry.pending) void refresh(key, entry, compute).catch(() => undefined)
    return entry.value as T
  }
  return (entry.pending as Promise<T> | undefined) ?? refresh(key, entry, compute)
}

export const cachedCount = (key: string, compute: () => Promise<number>): Promise<number> => cached(`n|${key}`, compute)

/**
 * Values that change with what lists show (a search's ranked page of ids), kept while no list changed
 * (listGeneration: this process's note, comment, like, collect, moderation and block writes, and other
 * instances' through the event bus) and for at most LIST_KEEP_MS (a bound for writes not announced: a
 * maintenance command, another instance without Redis). Unlike kept-until-commit (db/kept-until-commit.ts) it
 * survives commits that change no list (rate-limit counters, sessions), and it works on every engine.
 * Concurrent misses share one computation; a failed one is not kept.
 */
const LIST_KEEP_MS = 2000
const keptForLists = new Map<string, { generation: number; at: number; value: Promise<unknown> }>()

export function keptWhileListsUnchanged<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const entry = keptForLists.get(key)
  if (entry && entry.generation === generation && now - entry.at < LIST_KEEP_MS) return entry.value as Promise<T>
  if (keptForLists.size >= CACHE_MAX) keptForLists.clear()
  const value = compute()
  const fresh = { generation, at: now, value }
  keptForLists.set(key, fresh)
  value.catch(() => {
    if (keptForLists.get(key) === fresh) keptForLists.delete(key)
  })
  return value
}

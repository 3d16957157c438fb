import type { SqlReader } from './sql-reader'

/*
 * Values read from the database, kept until the next commit to it: any commit that changes the file, of this
 * process or another, moves SqlReader.commitVersion (SQLite's data_version; a commit that changes nothing
 * leaves it, and the kept values are still exact), and a value read before that is never used again. So what
 * such a cache gives is exactly what reading again would give, with none of the card cache's rules about which
 * writes matter.
 * Only where the reader has a commit version (SQLite's native reader); elsewhere nothing is kept.
 *
 * Used for what many requests read while its answer rarely changes: a list page's ids and counters
 * (presenters/post.ts: the index walk and twenty notes' rows, or search's scan). Under writes the version
 * moves and they are read as before. (A token's session, kept the same way, saved nothing measurable.)
 */

interface Entry<V> {
  version: number
  value: V
}

export class KeptUntilCommit<V> {
  private readonly entries = new Map<string, Entry<V>>()

  constructor(
    readonly version: () => number,
    private readonly max: number,
  ) {}

  /** The value kept for `key` if it was read at `version` (the version now). */
  get(key: string, version: number): V | undefined {
    const entry = this.entries.get(key)
    if (entry?.version === version) return entry.value
    if (entry) this.entries.delete(key)
    return undefined
  }

  /** Keep `value`, read after `version` was taken. */
  set(key: string, version: number, value: V): void {
    if (this.entries.size >= this.max) this.entries.clear()
    this.entries.set(key, { version, value })
  }
}

const caches = new WeakMap<SqlReader, Map<string, KeptUntilCommit<unknown>>>()

/** The reader's cache called `name` (created with room for `max` values); null where commits cannot be told. */
export function keptUntilCommit<V>(reader: SqlReader, name: string, max: number): KeptUntilCommit<V> | null {
  const version = reader.commitVersion
  if (!version) return null
  let named = caches.get(reader)
  if (!named) caches.set(reader, (named = new Map()))
  let cache = named.get(name)
  if (!cache) named.set(name, (cache = new KeptUntilCommit<unknown>(version, max)))
  return cache as KeptUntilCommit<V>
}

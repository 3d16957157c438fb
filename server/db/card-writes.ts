import cluster from 'node:cluster'

/*
 * What the card cache (presenters/card-cache.ts) checks before using a cached note card: a generation that
 * moves whenever a committed write may have changed a card.
 *
 * - This process's own write jobs move it when they commit (`changed()`, from db/transaction.ts), unless they
 *   declare `changesCards: false` (likes, comments, views: what cards read live anyway).
 * - Workers of one server on one SQLite file (WORKERS > 1, server/cluster/) must see each other's such jobs.
 *   Each such job also bumps a shared counter, the `card_generation` row of `settings`, in its own transaction
 *   (`SHARED_BUMP_SQL`, db/transaction.ts). A reader checks `PRAGMA data_version` on every look at the
 *   generation (about a microsecond): it changes when any other connection has committed. Only then does it
 *   read the counter, and only a changed counter drops the cards. So a card edited through another worker is
 *   never served from the cache once that edit was acknowledged, and a like through another worker (which
 *   commits, but changes no card) does not empty the cache.
 */

/** Whether other processes write this server's SQLite file: the workers of a cluster. */
export const sharesCardGeneration = (): boolean => cluster.isWorker

/** Run inside every card-changing write job of a worker (SQLite). */
export const SHARED_BUMP_SQL =
  "INSERT INTO settings (name, value) VALUES ('card_generation', '1') ON CONFLICT (name) DO UPDATE SET value = CAST(settings.value AS INTEGER) + 1"
/** The shared counter as a reader sees it (no row before the first bump). */
export const SHARED_READ_SQL = "SELECT value FROM settings WHERE name = 'card_generation'"

/** Synchronous reads on the reader's connection (better-sqlite3), for the shared counter. */
export interface SharedGeneration {
  dataVersion(): number
  counter(): string | undefined
}

export class CardWrites {
  private own = 0
  private others = 0
  private lastVersion: number | undefined
  private lastCounter: string | undefined

  /** `shared`: the other workers' commits, read on the reader's connection; null when this process is the only writer. */
  constructor(private readonly shared: SharedGeneration | null = null) {}

  get generation(): number {
    if (this.shared) {
      const version = this.shared.dataVersion()
      if (version !== this.lastVersion) {
        this.lastVersion = version
        const counter = this.shared.counter()
        if (counter !== this.lastCounter) {
          this.lastCounter = counter
          this.others++
        }
      }
    }
    return this.own + this.others
  }

  /** A write job of this process that may have changed a card has committed. */
  changed(): void {
    this.own++
  }
}

/*
 * What the card cache (presenters/card-cache.ts) checks before using a cached note card: a generation that
 * moves whenever a committed write may have changed a card.
 *
 * - This process's own write jobs move it when they commit (`changed()`, from db/transaction.ts), unless they
 *   declare `changesCards: false`.
 * - With other processes writing the same SQLite file (WORKERS > 1, server/cluster/), their commits move it
 *   too: `PRAGMA data_version` on the reader's connection changes whenever another connection has committed.
 *   It is read on every look at the generation (a prepared pragma, about a microsecond), so a card edited by
 *   another worker is never served from the cache once that edit was acknowledged. This process's own
 *   writer is "another connection" for the reader as well, so in worker mode every commit drops the cards,
 *   `changesCards: false` or not: less caching under writes, never a stale card.
 */
export class CardWrites {
  private own = 0
  private others = 0
  private lastVersion: number | undefined

  /** `dataVersion`: reads `PRAGMA data_version` on a reader connection; null when this process is the only writer. */
  constructor(private readonly dataVersion: (() => number) | null = null) {}

  get generation(): number {
    if (this.dataVersion) {
      const version = this.dataVersion()
      if (version !== this.lastVersion) {
        this.lastVersion = version
        this.others++
      }
    }
    return this.own + this.others
  }

  /** A write job of this process that may have changed a card has committed. */
  changed(): void {
    this.own++
  }
}

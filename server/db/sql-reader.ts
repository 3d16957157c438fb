/* The read path's interface (reader.ts), in a leaf module so both of its SQLite implementations can name it. */

import type { CardWrites } from './card-writes'

export type SqlValue = string | number | null | Date

export interface SqlReader {
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  one<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>
  /**
   * Counts committed write jobs that may have changed what a note card shows (JobOptions.changesCards), for
   * caches of cards (presenters/card-cache.ts). Only on SQLite, where this process is the database's only
   * writer or sees the other workers' commits (card-writes.ts); null on PostgreSQL / MySQL, whose other
   * instances write too, and where no cheap check tells this reader another process wrote.
   */
  readonly cardWrites: CardWrites | null
  /**
   * A number that moves whenever any connection, of this process or another, has committed to the database
   * (SQLite's `PRAGMA data_version` on this reader's own connection, about a microsecond), for caches that must
   * never outlive any write (db/kept-until-commit.ts); null where no such cheap, synchronous check exists.
   */
  readonly commitVersion: (() => number) | null
}

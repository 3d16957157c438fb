/* The read path's interface (reader.ts), in a leaf module so both of its SQLite implementations can name it. */

export type SqlValue = string | number | null | Date

export interface SqlReader {
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  one<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>
  /**
   * Counts committed write jobs that may have changed what a note card shows (JobOptions.changesCards), for
   * caches of cards (presenters/card-cache.ts). Only on SQLite, where this process is the database's only
   * writer; null on PostgreSQL / MySQL, whose other instances write too.
   */
  readonly cardWrites: { generation: number } | null
}

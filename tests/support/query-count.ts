import type { DataSource } from 'typeorm'
import { readerFor, type SqlReader } from '../../server/db/reader'

export interface QueryCounter {
  /** Statements run since the last reset. */
  readonly count: number
  /** Their SQL, in order (for failure messages). */
  readonly queries: readonly string[]
  reset(): void
  restore(): void
}

/**
 * Count the SQL statements a server runs: every query through the DataSource (TypeORM calls
 * logger.logQuery for each) plus SQLite's fast read path of server/db/reader.ts (its own connections). Use it around one request to
 * prove a list runs a fixed number of queries whatever its page size.
 */
export function countQueries(db: DataSource): QueryCounter {
  const queries: string[] = []
  const logger = db.logger
  const logQuery = logger.logQuery
  logger.logQuery = (query, parameters, runner) => {
    queries.push(query)
    return logQuery.call(logger, query, parameters, runner)
  }
  const reader: SqlReader = readerFor(db)
  const all = reader.all
  // On PostgreSQL/MySQL the reader runs DataSource.query, which the logger already counts.
  if (db.options.type === 'sqlite' || db.options.type === 'better-sqlite3') reader.all = function <T>(sql: string, params?: Parameters<SqlReader['all']>[1]): Promise<T[]> {
    queries.push(sql)
    return all.call(reader, sql, params) as Promise<T[]>
  }
  return {
    get count() {
      return queries.length
    },
    get queries() {
      return queries
    },
    reset() {
      queries.length = 0
    },
    restore() {
      logger.logQuery = logQuery
      reader.all = all
    },
  }
}

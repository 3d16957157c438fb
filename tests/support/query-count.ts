import type { DataSource } from 'typeorm'
import { listGeneration, listRefreshesSettled, listRefreshesStarted } from '../../server/db/list-cache'
import { readerFor, type SqlReader } from '../../server/db/reader'
import type { TestServer } from './server'

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

let bust = 0
let lastCounted: string[] = []
/** The statements statementsOf counted last (for failure messages). */
export const lastCountedStatements = (): readonly string[] => lastCounted
/** Below the card cache's TTL_MS (10 s). */
const CARD_LIFETIME_MS = 9000

/**
 * Statements of bookkeeping that a request starts without waiting for it, so it may fall into the next request's
 * count: the rate limiter's sweep of expired windows (one request in 500, at random: server/db/rate-limiter.ts)
 * and the session's last_activity (at most every 5 minutes: server/auth/middleware.ts). Only PostgreSQL and
 * MySQL show them (the counter sees every statement of their DataSource; SQLite's writer has its own).
 */
const isBackground = (sql: string) => /^\s*delete from rate_limits where expire is not null/i.test(sql) || /^\s*UPDATE\s+["`]?\w*sessions["`]?\s+SET\s+["`]?last_activity/i.test(sql)

/**
 * Statements of one GET request with the caches warm, for "a fixed number of statements whatever the page size".
 * A unique extra parameter keeps the visitors' micro-cache out of the count. Three things can put a cache's own
 * statements into the count, and none is the list's: the totals cache is process-wide, and in a non-isolated
 * worker another test server's background write may clear it between the warm-up and the counted request
 * (listGeneration moves); a value that expired (10 s, a loaded machine gets there) is served stale while its
 * refresh runs after the reply, so the warm-up's refresh is awaited, and a measurement during which a refresh
 * started is taken again; and a write job that may change cards (a background one: a sweep, buffered views)
 * drops the cached note cards (cardWrites.generation moves: db/card-writes.ts), during the warm-up as much as after it. And a
 * count holding background bookkeeping (`isBackground`) is taken again.
 */
export async function statementsOf(server: TestServer, path: string, token?: string): Promise<number> {
  const cards = readerFor(server.deps.db).cardWrites
  for (let attempt = 0; attempt < 5; attempt++) {
    // Cards read while their generation moves are not kept, and a card expires 10 s after it was read
    // (presenters/card-cache.ts): the warm-up reads every card afresh (a new generation), the generation must
    // hold from then on, and the count must end within the cards' lifetime.
    cards?.changed()
    const cardsBefore = cards?.generation
    const warmedAt = Date.now()
    await server.call('GET', path, { token }) // warm the caches
    await listRefreshesSettled()
    const before = [listGeneration(), listRefreshesStarted(), cardsBefore].join()
    const counter = countQueries(server.deps.db)
    try {
      const { status } = await server.call('GET', `${path}${path.includes('?') ? '&' : '?'}_=${++bust}`, { token })
      if (status !== 200) throw new Error(`GET ${path}: ${status}`)
      const settled = [listGeneration(), listRefreshesStarted(), cards?.generation].join() === before && Date.now() - warmedAt < CARD_LIFETIME_MS
      if (settled && !counter.queries.some(isBackground)) {
        lastCounted = [...counter.queries]
        return counter.count
      }
    } finally {
      counter.restore()
    }
  }
  throw new Error(`the caches were cleared or refreshed during each of 5 measurements of ${path}`)
}

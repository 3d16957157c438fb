import type { DataSource, EntityManager } from 'typeorm'
import type { DatabaseKind } from '../config'
import { forUpdate, KEEP_UPDATED_AT } from '../db/sql'
import { withinTransaction } from '../db/transaction'
import { listedComment, listedNote } from '../db/visibility'

/**
 * Every denormalised counter, declared once as "which rows it counts". Domain commands keep counters exact
 * incrementally; these definitions recount them from the rows where a bulk change makes that simpler
 * (account deletion, admin batch deletes, the seed generator) and let tests prove they never drift.
 *
 * `count` is a correlated subquery over the row aliased `t` of `table`.
 */
export interface CounterDefinition {
  table: CounterTable
  column: string
  count: string
}

export type CounterTable = 'users' | 'posts' | 'comments' | 'tags' | 'categories'

export const COUNTERS: readonly CounterDefinition[] = [
  { table: 'users', column: 'follow_count', count: 'SELECT COUNT(*) FROM follows f WHERE f.follower_id = t.id' },
  { table: 'users', column: 'fans_count', count: 'SELECT COUNT(*) FROM follows f WHERE f.following_id = t.id' },
  { table: 'users', column: 'post_count', count: `SELECT COUNT(*) FROM posts p WHERE p.user_id = t.id AND ${listedNote('p')}` },
  // CROSS JOIN fixes the join order on SQLite: the user's notes first (idx_posts_user), then each note's likes
  // (idx_likes_target). Left to itself the planner may walk every like for every user.
  {
    table: 'users',
    column: 'like_count',
    count: 'SELECT COUNT(*) FROM posts p CROSS JOIN likes l WHERE p.user_id = t.id AND l.target_type = 1 AND l.target_id = p.id',
  },
  {
    table: 'users',
    column: 'collect_count',
    count: 'SELECT COUNT(*) FROM posts p CROSS JOIN collections c WHERE p.user_id = t.id AND c.post_id = p.id',
  },
  { table: 'posts', column: 'like_count', count: 'SELECT COUNT(*) FROM likes l WHERE l.target_type = 1 AND l.target_id = t.id' },
  { table: 'posts', column: 'collect_count', count: 'SELECT COUNT(*) FROM collections c WHERE c.post_id = t.id' },
  /** All listed comments of the note, replies included (hidden and held ones count once visible). */
  { table: 'posts', column: 'comment_count', count: `SELECT COUNT(*) FROM comments c WHERE c.post_id = t.id AND ${listedComment('c')}` },
  { table: 'comments', column: 'like_count', count: 'SELECT COUNT(*) FROM likes l WHERE l.target_type = 2 AND l.target_id = t.id' },
  // MySQL refuses a subquery on the table being updated unless it is wrapped in a derived table.
  { table: 'comments', column: 'reply_count', count: `SELECT COUNT(*) FROM (SELECT parent_id, moderation FROM comments) r WHERE r.parent_id = t.id AND ${listedComment('r')}` },
  { table: 'tags', column: 'use_count', count: 'SELECT COUNT(*) FROM post_tags pt WHERE pt.tag_id = t.id' },
  { table: 'categories', column: 'post_count', count: `SELECT COUNT(*) FROM posts p WHERE p.category_id = t.id AND ${listedNote('p')}` },
]

type Db = DataSource | EntityManager

/** Ids are bound in chunks well under every engine's parameter limit. */
const ID_CHUNK = 500

function chunks(ids: readonly number[]): number[][] {
  const unique = [...new Set(ids)]
  const out: number[][] = []
  for (let i = 0; i < unique.length; i += ID_CHUNK) out.push(unique.slice(i, i + ID_CHUNK))
  return out
}

function kindOfDb(db: Db): DatabaseKind {
  const type = (db instanceof Object && 'connection' in db ? db.connection : (db as DataSource)).options.type
  return type === 'postgres' ? 'postgres' : type === 'mysql' || type === 'mariadb' ? 'mysql' : 'sqlite'
}

function placeholders(db: Db, count: number): string {
  const postgres = kindOfDb(db) === 'postgres'
  return Array.from({ length: count }, (_, i) => (postgres ? `$${i + 1}` : '?')).join(', ')
}

/** The counted tables that have an updated_at (TypeORM's update column): a recount must keep it. */
const TABLES_WITH_UPDATED_AT: ReadonlySet<CounterTable> = new Set(['users', 'posts'])

/**
 * Set the counters of one table from their rows, for the given ids (or every row when ids is 'all').
 * Run it inside the transaction that changed the rows.
 *
 * With ids, the rows are locked first (ascending, server/domain/locks.ts) and counted by a later statement:
 * every job that changes counted rows holds the same row lock while it does, so the count (a fresh
 * READ COMMITTED snapshot on PostgreSQL, a locking read on MySQL) sees every committed change and no
 * uncommitted one can slip in before this transaction ends. 'all' takes no locks (seeding, a quiet database).
 */
export async function recount(db: Db, table: CounterTable, ids: readonly number[] | 'all'): Promise<void> {
  const defs = COUNTERS.filter((c) => c.table === table)
  // A recount repairs counters: it is not an edit of the note or the member (KEEP_UPDATED_AT, MariaDB).
  const keep = TABLES_WITH_UPDATED_AT.has(table) ? `, ${KEEP_UPDATED_AT}` : ''
  const set = defs.map((c) => `${c.column} = (${c.count})`).join(', ') + keep
  const target = `${table} AS t`
  if (ids === 'all') {
    await db.query(`UPDATE ${target} SET ${set}`)
    return
  }
  const lock = forUpdate(kindOfDb(db))
  for (const chunk of chunks([...ids].sort((a, b) => a - b))) {
    if (lock) await db.query(`SELECT id FROM ${table} WHERE id IN (${placeholders(db, chunk.length)}) ORDER BY id ${lock}`, chunk)
    await db.query(`UPDATE ${target} SET ${set} WHERE t.id IN (${placeholders(db, chunk.length)})`, chunk)
  }
}

/** Recount every counter of every table (repairs), as one write job (or inside the caller's). */
export async function recountAll(db: Db): Promise<void> {
  await withinTransaction(db, async (m) => {
    for (const table of ['users', 'posts', 'comments', 'tags', 'categories'] as const) await recount(m, table, 'all')
  })
}

export interface CounterMismatch {
  table: CounterTable
  column: string
  id: number
  stored: number
  actual: number
}

/** Every counter that differs from the number of rows it counts (empty when the database is consistent). */
export async function findCounterMismatches(db: Db, limitPerCounter = 20): Promise<CounterMismatch[]> {
  const found: CounterMismatch[] = []
  for (const def of COUNTERS) {
    const rows: Array<{ id: number | string; stored: number | string; actual: number | string }> = await db.query(
      `SELECT id, stored, actual FROM (SELECT t.id AS id, t.${def.column} AS stored, (${def.count}) AS actual FROM ${def.table} t) x WHERE stored <> actual LIMIT ${limitPerCounter}`,
    )
    for (const r of rows) found.push({ table: def.table, column: def.column, id: Number(r.id), stored: Number(r.stored), actual: Number(r.actual) })
  }
  return found
}

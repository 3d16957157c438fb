/**
 * `--real DATA_DIR`: the same evaluation on a campus's own database, never touching it. The database is
 * copied into the evaluation's temporary directory first (SQLite: a consistent snapshot of
 * DATA_DIR/shiliu.sqlite, as backups take it, safe while a server runs; DATABASE_URL: the db:copy routine
 * into a new SQLite file), and everything after that happens on the copy:
 * the stored interactions (note likes, collections, comments, members' views) are split by time as the
 * generated ones are, everything the product stored after the cut is deleted from the copy (notes written,
 * interactions, follows, 不感兴趣 and notifications made after it), and every counter and hot_score is
 * recounted from what is left (the discovery signals are rebuilt from it by main.ts, as for generated data).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { copyDatabase } from '../../server/cli/copy-database'
import type { DatabaseConfig } from '../../server/config'
import { openDatabase } from '../../server/db/data-source'
import { toIso } from '../../server/db/reader'
import { snapshotSqlite } from '../../server/db/snapshot'
import { dateParam } from '../../server/db/sql'
import { exclusively } from '../../server/db/transaction'
import { finalize } from '../../server/seed/finalize'
import type { Log } from '../../server/seed/options'
import { splitByTime, type Timed, type TimeSplit } from './split'

/** The database a data directory's server uses: DATABASE_URL when set, else DATA_DIR/shiliu.sqlite. */
export function sourceDatabase(dataDir: string, databaseUrl: string | undefined): DatabaseConfig {
  if (databaseUrl) return { kind: databaseUrl.startsWith('postgres') ? 'postgres' : 'mysql', url: databaseUrl }
  return { kind: 'sqlite', url: path.join(dataDir, 'shiliu.sqlite') }
}

/** Copy the source database into `file` (a new SQLite database). */
export async function copyToSqlite(source: DatabaseConfig, file: string, log: Log): Promise<void> {
  if (source.kind === 'sqlite') {
    if (!existsSync(source.url)) throw new Error(`No Shiliu database at ${source.url}`)
    const method = await snapshotSqlite(source.url, file)
    log(`  copied ${source.url} (${method})`)
    return
  }
  const report = await copyDatabase(source, { kind: 'sqlite', url: file })
  log(`  copied ${source.kind} into SQLite (${report.tables.reduce((n, t) => n + t.rows, 0)} rows)`)
}

type Row = { member: number | string; note: number | string; at: string | Date }

/** Every stored interaction of a member with a note: note likes, collections, comments, members' views. */
export async function storedInteractions(db: DataSource): Promise<Timed[]> {
  const rows: Row[] = [
    ...((await db.query('SELECT user_id AS member, target_id AS note, created_at AS at FROM likes WHERE target_type = 1')) as Row[]),
    ...((await db.query('SELECT user_id AS member, post_id AS note, created_at AS at FROM collections')) as Row[]),
    ...((await db.query('SELECT user_id AS member, post_id AS note, created_at AS at FROM comments')) as Row[]),
    ...((await db.query("SELECT CAST(SUBSTR(viewer, 2) AS INTEGER) AS member, post_id AS note, viewed_at AS at FROM post_views WHERE viewer LIKE 'u%'")) as Row[]),
  ]
  return rows.map((r) => ({ member: Number(r.member), note: Number(r.note), at: Date.parse(toIso(r.at)) }))
}

/**
 * Delete from the copy everything stored after the cut, and recount. view_count becomes the number of
 * post_views rows left: a viewer's row keeps only their latest view (renewed hourly), so this undercounts
 * the views a note had at the cut; the hot ranking's views term (views / 10) is the approximate one.
 */
async function rewindTo(db: DataSource, cut: number, log: Log): Promise<void> {
  await exclusively(db, async (writable) => {
    const at = dateParam('sqlite', new Date(cut))
    await writable.transaction(async (manager) => {
      for (const [table, column] of [
        ['notifications', 'created_at'],
        ['likes', 'created_at'],
        ['collections', 'created_at'],
        ['comments', 'created_at'],
        ['post_views', 'viewed_at'],
        ['follows', 'created_at'],
        ['not_interested', 'created_at'],
        ['posts', 'created_at'],
      ] as const) {
        const [row] = (await manager.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} > ?`, [at])) as Array<{ n: number }>
        await manager.query(`DELETE FROM ${table} WHERE ${column} > ?`, [at])
        log(`  ${table} after the cut: ${Number(row?.n ?? 0)} deleted`)
      }
      await manager.query('UPDATE posts SET view_count = (SELECT COUNT(*) FROM post_views v WHERE v.post_id = posts.id)')
    })
    await finalize(writable, log)
  })
}

/** Open the copy, split its interactions by time and rewind it to the cut. */
export async function prepareReal(file: string, heldOut: number, log: Log): Promise<{ db: DataSource; split: TimeSplit<Timed>; joined: Map<number, number> }> {
  const db = await openDatabase({ kind: 'sqlite', url: file })
  const interactions = await storedInteractions(db)
  if (interactions.length === 0) throw new Error('The database has no interactions to evaluate on.')
  const split = splitByTime(interactions, heldOut)
  const users: Array<{ id: number; created_at: string }> = await db.query('SELECT id, created_at FROM users')
  const joined = new Map(users.map((u) => [Number(u.id), Date.parse(toIso(u.created_at))]))
  log(`  ${interactions.length} interactions; cut at ${new Date(split.cut).toISOString()}`)
  await rewindTo(db, split.cut, log)
  return { db, split, joined }
}

/**
 * The seed's last pass: every denormalised counter from its rows (server/domain/counters.ts), hot_score
 * from the recounted engagement (server/domain/ranking.ts), PostgreSQL sequences past the explicit ids, fresh planner statistics.
 */
import type { DataSource } from 'typeorm'
import { recount, type CounterTable } from '../domain/counters'
import { databaseKind, syncSequences } from './bulk'
import { toIso } from '../db/reader'
import { hotScore } from '../domain/ranking'
import type { Log } from './options'

const SEEDED_TABLES = ['users', 'admins', 'verifications', 'categories', 'tags', 'follows', 'posts', 'post_images', 'post_videos', 'comments', 'likes', 'collections', 'notifications']
const HOT_CHUNK = 500

async function timed<T>(log: Log, label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

interface HotRow {
  id: number | string
  like_count: number | string
  collect_count: number | string
  comment_count: number | string
  view_count: number | string
  created_at: Date | string
}

/** hot_score of every published note from its (recounted) counters, in chunked CASE updates. */
export async function updateHotScores(ds: DataSource): Promise<number> {
  const postgres = databaseKind(ds) === 'postgres'
  let lastId = 0
  let updated = 0
  for (;;) {
    const rows: HotRow[] = await ds.query(
      `SELECT id, like_count, collect_count, comment_count, view_count, created_at FROM posts WHERE id > ${lastId} AND is_draft = ${postgres ? 'FALSE' : '0'} ORDER BY id LIMIT ${HOT_CHUNK}`,
    )
    if (rows.length === 0) return updated
    const params: unknown[] = []
    const mark = () => (postgres ? `$${params.length}` : '?')
    const cases = rows.map((r) => {
      params.push(Number(r.id))
      const id = mark()
      const score = hotScore({
        likes: Number(r.like_count),
        collects: Number(r.collect_count),
        comments: Number(r.comment_count),
        views: Number(r.view_count),
        createdAt: new Date(toIso(r.created_at)),
      })
      params.push(score)
      return `WHEN ${id} THEN ${postgres ? `CAST(${mark()} AS double precision)` : mark()}`
    })
    const first = Number(rows[0]!.id)
    lastId = Number(rows[rows.length - 1]!.id)
    await ds.query(`UPDATE posts SET hot_score = CASE id ${cases.join(' ')} ELSE hot_score END WHERE id BETWEEN ${first} AND ${lastId}`, params)
    updated += rows.length
  }
}

async function analyze(ds: DataSource): Promise<void> {
  const kind = databaseKind(ds)
  if (kind === 'sqlite') await ds.query('ANALYZE')
  else if (kind === 'postgres') await ds.query('ANALYZE')
  else await ds.query(`ANALYZE TABLE ${SEEDED_TABLES.map((t) => `\`${t}\``).join(', ')}`)
}

export async function finalize(ds: DataSource, log: Log): Promise<void> {
  for (const table of ['users', 'posts', 'comments', 'tags', 'categories'] satisfies CounterTable[]) {
    await timed(log, `recounted ${table}`, () => recount(ds, table, 'all'))
  }
  const scored = await timed(log, 'hot_score', () => updateHotScores(ds))
  log(`  ${scored} notes scored`)
  await syncSequences(ds, SEEDED_TABLES)
  await timed(log, 'planner statistics', () => analyze(ds))
}

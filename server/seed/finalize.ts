/**
 * The seed's last pass: every denormalised counter from its rows (server/domain/counters.ts), hot_score
 * from the recounted engagement (server/domain/ranking.ts), PostgreSQL sequences past the explicit ids.
 */
import type { DataSource } from 'typeorm'
import { recount, type CounterTable } from '../domain/counters'
import { databaseKind, syncSequences } from './bulk'
import { analyzeTables } from '../db/planner-stats'
import { toIso } from '../db/reader'
import { hotScore } from '../domain/ranking'
import { SEARCH_TOKENIZER_VERSION } from '../domain/search-reindex'
import type { Log } from './options'

const SEEDED_TABLES = ['users', 'admins', 'verifications', 'categories', 'tags', 'follows', 'posts', 'post_images', 'post_videos', 'comments', 'likes', 'collections', 'notifications']
const HOT_CHUNK = 1000

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

/**
 * hot_score of every published note from its (recounted) counters: read once, computed here with the
 * ranking formula, written back in chunked CASE updates. Ids and scores are numbers, written as literals
 * (exact: JavaScript prints the shortest decimal that reads back as the same double).
 */
export async function updateHotScores(ds: DataSource): Promise<number> {
  const draft = databaseKind(ds) === 'postgres' ? 'FALSE' : '0'
  const rows: HotRow[] = await ds.query(`SELECT id, like_count, collect_count, comment_count, view_count, created_at FROM posts WHERE is_draft = ${draft} ORDER BY id`)
  for (let i = 0; i < rows.length; i += HOT_CHUNK) {
    const chunk = rows.slice(i, i + HOT_CHUNK)
    const cases = chunk.map((r) => {
      const score = hotScore({
        likes: Number(r.like_count),
        collects: Number(r.collect_count),
        comments: Number(r.comment_count),
        views: Number(r.view_count),
        createdAt: new Date(toIso(r.created_at)),
      })
      if (!Number.isFinite(score)) throw new Error(`hot_score of note ${r.id} is ${score}`)
      return `WHEN ${Number(r.id)} THEN ${score}`
    })
    const ids = chunk.map((r) => Number(r.id))
    await ds.query(`UPDATE posts SET hot_score = CASE id ${cases.join(' ')} ELSE hot_score END WHERE id BETWEEN ${ids[0]} AND ${ids[ids.length - 1]}`)
  }
  return rows.length
}

export async function finalize(ds: DataSource, log: Log): Promise<void> {
  // Statistics first: without them SQLite counts a user's received likes by scanning every like.
  await timed(log, 'planner statistics', () => analyzeTables(ds, databaseKind(ds), [...SEEDED_TABLES, 'post_tags']))
  for (const table of ['users', 'posts', 'comments', 'tags', 'categories'] satisfies CounterTable[]) {
    await timed(log, `recounted ${table}`, () => recount(ds, table, 'all'))
  }
  const scored = await timed(log, 'hot_score', () => updateHotScores(ds))
  log(`  ${scored} notes scored`)
  await syncSequences(ds, SEEDED_TABLES)
  // search_text was written with the current tokenizer: nothing for the start-up re-indexing to do.
  await ds.query(`DELETE FROM settings WHERE name = 'search_tokenizer'`)
  await ds.query(`INSERT INTO settings (name, value) VALUES ('search_tokenizer', '${SEARCH_TOKENIZER_VERSION}')`)
}

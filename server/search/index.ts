import type { DatabaseKind } from '../config'
import type { SqlReader, SqlValue } from '../db/reader'
import { notBlockedBy, type BlockViewer } from '../db/blocks'
import { limitClause } from '../db/sql'
import { fts5Match, mysqlBooleanQuery, queryTerms, tsQuery, type QueryTerm } from './tokenizer'
import { relevanceOrder } from './rank'
import { listedNote } from '../db/visibility'

/*
 * Full-text search of published notes (ARCHITECTURE.md §4). posts.search_text holds the words of title,
 * plain content and tag names (server/search/tokenizer.ts; empty for drafts). Matching is done by an index:
 *   - SQLite: the FTS5 table posts_fts (kept in step by triggers), `MATCH` with every query term quoted;
 *   - PostgreSQL: the GIN index on post_search.tsv (the stored to_tsvector('simple', search_text), kept in
 *     step by a trigger), `@@ to_tsquery('simple', …)`;
 *   - MySQL/MariaDB: the FULLTEXT index on the generated column search_ft, `MATCH … AGAINST` in boolean mode.
 * A keyword search is ordered by relevance blended with engagement and recency (rank.ts); a tag alone, or
 * the tag chips, newest first.
 */

export interface NoteSearch {
  /** Query terms (from `queryTerms`); empty means "no keyword". */
  terms: QueryTerm[]
  /** Only notes carrying this tag (tags.id). */
  tagId?: number | null
  type?: number | null
  categoryId?: number | null
  /** The signed-in viewer: notes of members they blocked are left out (server/db/blocks.ts). */
  viewer?: BlockViewer
}

export interface SqlPart {
  sql: string
  params: SqlValue[]
}

export function termsOf(keyword: string | undefined): QueryTerm[] {
  return keyword ? queryTerms(keyword) : []
}

/** A condition on alias `p` (posts) that holds for notes matching the terms. */
export function matchCondition(kind: DatabaseKind, terms: QueryTerm[]): SqlPart {
  if (kind === 'sqlite') return { sql: 'p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)', params: [fts5Match(terms)] }
  if (kind === 'postgres') return { sql: "p.id IN (SELECT s.post_id FROM post_search s WHERE s.tsv @@ to_tsquery('simple', ?))", params: [tsQuery(terms)] }
  return { sql: 'MATCH (p.search_ft) AGAINST (? IN BOOLEAN MODE)', params: [mysqlBooleanQuery(terms)] }
}

function filters(search: NoteSearch, viaTags: boolean): SqlPart {
  const sql: string[] = [listedNote('p')]
  const params: SqlValue[] = []
  if (search.type) {
    sql.push('p.type = ?')
    params.push(search.type)
  }
  if (search.categoryId) {
    sql.push('p.category_id = ?')
    params.push(search.categoryId)
  }
  if (search.tagId && !viaTags) {
    sql.push('EXISTS (SELECT 1 FROM post_tags t2 WHERE t2.post_id = p.id AND t2.tag_id = ?)')
    params.push(search.tagId)
  }
  const blocks = notBlockedBy(search.viewer, 'p.user_id')
  if (blocks) {
    sql.push(blocks.sql)
    params.push(...blocks.params)
  }
  return { sql: sql.join(' AND '), params }
}

/**
 * FROM + WHERE of the matching published notes, and the column they are ordered by (newest first).
 * The most selective index drives: the FTS doclist for a keyword, post_tags (tag_id, post_id) for a tag
 * alone. CROSS JOIN pins that join order on SQLite (elsewhere it is a plain inner join).
 */
function source(kind: DatabaseKind, search: NoteSearch): SqlPart & { order: string } {
  if (search.terms.length === 0 && search.tagId) {
    const f = filters(search, true)
    return { sql: `FROM post_tags pt CROSS JOIN posts p WHERE pt.tag_id = ? AND p.id = pt.post_id AND ${f.sql}`, params: [search.tagId, ...f.params], order: 'pt.post_id' }
  }
  const f = filters(search, false)
  if (search.terms.length === 0) return { sql: `FROM posts p WHERE ${f.sql}`, params: f.params, order: 'p.id' }
  if (kind === 'sqlite') {
    return {
      sql: `FROM posts_fts CROSS JOIN posts p WHERE posts_fts MATCH ? AND p.id = posts_fts.rowid AND ${f.sql}`,
      params: [fts5Match(search.terms), ...f.params],
      order: 'posts_fts.rowid',
    }
  }
  if (kind === 'postgres') {
    return {
      sql: `FROM post_search s CROSS JOIN posts p WHERE s.tsv @@ to_tsquery('simple', ?) AND p.id = s.post_id AND ${f.sql}`,
      params: [tsQuery(search.terms), ...f.params],
      order: 's.post_id',
    }
  }
  const m = matchCondition(kind, search.terms)
  return { sql: `FROM posts p WHERE ${m.sql} AND ${f.sql}`, params: [...m.params, ...f.params], order: 'p.id' }
}

/**
 * A keyword search ranks its newest RANK_WINDOW matches (after the filters) by the blended score (rank.ts);
 * matches older than those follow, newest first. The work per page is thus bounded by the window whatever
 * the number of matches (a common word matches thousands of notes; scoring them all cost 10–50 ms on 30k
 * notes), and the pages still form one order: position k ≥ RANK_WINDOW is the k-th newest match, which is
 * never in the window.
 */
export const RANK_WINDOW = 200

/** The window's rows (id, score). SQLite computes bm25() while walking the doclist, so only for the window's rows. */
function rankedWindow(kind: DatabaseKind, search: NoteSearch, s: SqlPart & { order: string }): SqlPart {
  const newest = `ORDER BY ${s.order} DESC ${limitClause(RANK_WINDOW)}`
  if (kind === 'postgres') {
    // The window carries the columns the score reads, and the score is computed over the window's rows only
    // (above its LIMIT), with a single join to plan. Taking the window's ids and joining posts and post_search
    // again by id planned three more relations: 10–15 % slower per page (docs/discovery.md "Search").
    const rank = relevanceOrder(kind, search.terms, 'p')
    const columns = 'p.id, s.tsv, p.like_count, p.collect_count, p.comment_count, p.created_at'
    return { sql: `SELECT p.id, ${rank.sql} AS score FROM (SELECT ${columns} ${s.sql} ${newest}) p`, params: [...rank.params, ...s.params] }
  }
  const rank = relevanceOrder(kind, search.terms)
  if (kind === 'sqlite') return { sql: `SELECT p.id, ${rank.sql} AS score ${s.sql} ${newest}`, params: [...rank.params, ...s.params] }
  // MySQL/MariaDB: the window's ids first, then the score of those only.
  return { sql: `SELECT p.id, ${rank.sql} AS score FROM (SELECT p.id ${s.sql} ${newest}) c CROSS JOIN posts p WHERE p.id = c.id`, params: [...rank.params, ...s.params] }
}

/** The rows [offset, offset + limit) of the keyword order: from the ranked window, the older matches (score -1), or both. */
function rankedPage(kind: DatabaseKind, search: NoteSearch, limit: number, offset: number): SqlPart {
  const s = source(kind, search)
  const head = offset < RANK_WINDOW ? Math.min(limit, RANK_WINDOW - offset) : 0
  const window = head > 0 ? rankedWindow(kind, search, s) : null
  const headPart = window && { sql: `SELECT w.id, w.score FROM (${window.sql}) w ORDER BY w.score DESC, w.id DESC ${limitClause(head, offset)}`, params: window.params }
  if (headPart && head === limit) return headPart
  const tailPart = { sql: `SELECT p.id, -1 AS score ${s.sql} ORDER BY ${s.order} DESC ${limitClause(limit - head, Math.max(offset, RANK_WINDOW))}`, params: s.params }
  if (!headPart) return tailPart
  return { sql: `SELECT a.id, a.score FROM (${headPart.sql}) a UNION ALL SELECT b.id, b.score FROM (${tailPart.sql}) b`, params: [...headPart.params, ...tailPart.params] }
}

/**
 * The page of matching note ids as SQL (a `CardPageSource` for presenters/post.ts): for a keyword, in the
 * ranked order above (a column `score`), otherwise newest first.
 */
export function noteIdsPage(kind: DatabaseKind, search: NoteSearch, limit: number, offset: number): { sql: string; params: SqlValue[]; orderBy: string } {
  if (search.terms.length > 0) return { ...rankedPage(kind, search, limit, offset), orderBy: 'pg.score DESC, p.id DESC' }
  const s = source(kind, search)
  return { sql: `SELECT p.id ${s.sql} ORDER BY ${s.order} DESC ${limitClause(limit, offset)}`, params: s.params, orderBy: 'p.id DESC' }
}

/** The page of matching note ids, in page order (see noteIdsPage). */
export async function searchNoteIds(reader: SqlReader, kind: DatabaseKind, search: NoteSearch, limit: number, offset: number): Promise<number[]> {
  const page = noteIdsPage(kind, search, limit, offset)
  const rows = await reader.all<{ id: number }>(page.sql, page.params)
  return rows.map((r) => Number(r.id))
}

export async function countNotes(reader: SqlReader, kind: DatabaseKind, search: NoteSearch): Promise<number> {
  const s = source(kind, search)
  const row = await reader.one<{ n: number }>(`SELECT COUNT(*) AS n ${s.sql}`, s.params)
  return Number(row?.n ?? 0)
}

/** Tag chips are computed over at most this many of the newest matches. */
export const TAG_STATS_SAMPLE = 300

/** The most frequent tags among the (newest TAG_STATS_SAMPLE) matching notes. */
export async function tagStats(reader: SqlReader, kind: DatabaseKind, search: NoteSearch, limit: number): Promise<Array<{ id: number; label: string; count: number }>> {
  const s = source(kind, search)
  const rows = await reader.all<{ id: number; name: string; n: number }>(
    `SELECT t.id, t.name, COUNT(*) AS n FROM (SELECT p.id ${s.sql} ORDER BY ${s.order} DESC ${limitClause(TAG_STATS_SAMPLE)}) r
     INNER JOIN post_tags pt ON pt.post_id = r.id INNER JOIN tags t ON t.id = pt.tag_id
     GROUP BY t.id, t.name ORDER BY n DESC, t.id ASC ${limitClause(limit)}`,
    s.params,
  )
  return rows.map((r) => ({ id: Number(r.id), label: r.name, count: Number(r.n) }))
}

export async function tagIdByName(reader: SqlReader, name: string): Promise<number | null> {
  const row = await reader.one<{ id: number }>('SELECT id FROM tags WHERE name = ?', [name.normalize('NFKC').trim().replace(/^#+/, '')])
  return row ? Number(row.id) : null
}

import type { DatabaseKind } from '../config'
import type { SqlValue } from '../db/reader'
import { mysqlBooleanQuery, tsQuery, type QueryTerm } from './tokenizer'

/*
 * The order of a keyword search (docs/discovery.md "Search"):
 *
 *   score = relevance × (1 + 0.15·log10(1 + likes + 2·collects + 3·comments)) × (1 + 0.25 / (1 + age_days / 30))
 *
 * relevance is the engine's own text score over the index: SQLite FTS5 bm25() (negated: FTS5 gives smaller
 * = better), PostgreSQL ts_rank() of the stored 'simple' tsvector (post_search.tsv as `s`; normalisation 1:
 * divided by 1 + log(length)),
 * MariaDB/MySQL's FULLTEXT MATCH … AGAINST score. Relevance dominates: 1,000 engagement points multiply it
 * by 1.45 at most, a note of today gets ×1.25 and one a month old ×1.125, whereas the text scores of the
 * matches of one query spread over several times that. The factors are multiplicative so each engine's
 * scale of relevance does not matter.
 */

export const ENGAGEMENT_WEIGHT = 0.15
export const RECENCY_WEIGHT = 0.25
export const RECENCY_DAYS = 30

const ENGAGEMENT = 'p.like_count + 2 * p.collect_count + 3 * p.comment_count'

const AGE_DAYS: Record<DatabaseKind, string> = {
  sqlite: "max(0, julianday('now') - julianday(p.created_at))",
  postgres: 'GREATEST(0, EXTRACT(EPOCH FROM (LOCALTIMESTAMP - p.created_at)) / 86400.0)',
  mysql: 'GREATEST(0, TIMESTAMPDIFF(SECOND, p.created_at, NOW()) / 86400.0)',
}

const LOG10: Record<DatabaseKind, string> = { sqlite: 'log10', postgres: 'log', mysql: 'LOG10' }

/**
 * The score expression (over posts `p`, and posts_fts on SQLite, the stored vector `<vectors>.tsv` on
 * PostgreSQL: post_search `s` by default) and its parameters, which come first.
 */
export function relevanceOrder(kind: DatabaseKind, terms: QueryTerm[], vectors = 's'): { sql: string; params: SqlValue[] } {
  const relevance =
    kind === 'sqlite'
      ? { sql: '(-bm25(posts_fts))', params: [] }
      : kind === 'postgres'
        ? { sql: `ts_rank(${vectors}.tsv, to_tsquery('simple', ?), 1)`, params: [tsQuery(terms)] }
        : { sql: 'MATCH (p.search_ft) AGAINST (? IN BOOLEAN MODE)', params: [mysqlBooleanQuery(terms)] }
  const engagement = `(1 + ${ENGAGEMENT_WEIGHT} * ${LOG10[kind]}(1 + ${ENGAGEMENT}))`
  const recency = `(1 + ${RECENCY_WEIGHT} / (1 + ${AGE_DAYS[kind]} / ${RECENCY_DAYS}))`
  return { sql: `${relevance.sql} * ${engagement} * ${recency}`, params: relevance.params }
}

// The old (character-pair, newest first) and the new (words, relevance) search statements, run side by side
// on one database for the evaluation: the new one is the server's own (noteIdsPage); the old one is the
// statement the server ran before issue 38, over a copy of the index made with the legacy pair tokenizer
// (server/search/legacy-pairs.ts), so both are timed on the same data and engine.
import { createRequire } from 'node:module'
import pg from 'pg'
import { plainText } from '../../server/domain/richtext'
import { listedNote } from '../../server/db/visibility'
import { dialect } from '../../server/db/sql'
import type { NativeConstructor } from '../../server/db/native'
import { noteIdsPage } from '../../server/search/index'
import * as legacy from '../../server/search/legacy-pairs'
import { queryTerms } from '../../server/search/tokenizer'

export interface NoteRow {
  id: number
  title: string
  content: string
  tags: string[]
}

export interface SearchEngine {
  name: string
  /** Listed notes with their text (for the legacy index and the judgements). */
  notes(): Promise<NoteRow[]>
  /** Build the legacy pair index of the notes. */
  buildLegacy(notes: NoteRow[]): Promise<void>
  oldIds(q: string, limit: number): Promise<number[]>
  newIds(q: string, limit: number): Promise<number[]>
  close(): Promise<void>
}

const legacyText = (n: NoteRow): string => legacy.searchText(n.title, plainText(n.content), ...n.tags)

function withTags(rows: Array<{ id: number; title: string; content: string }>, tags: Array<{ post_id: number; name: string }>): NoteRow[] {
  const byPost = new Map<number, string[]>()
  for (const t of tags) byPost.set(Number(t.post_id), [...(byPost.get(Number(t.post_id)) ?? []), t.name])
  return rows.map((r) => ({ id: Number(r.id), title: r.title, content: r.content, tags: byPost.get(Number(r.id)) ?? [] }))
}

const NOTES_SQL = `SELECT p.id, p.title, p.content FROM posts p WHERE ${listedNote('p')} ORDER BY p.id`
const TAGS_SQL = 'SELECT pt.post_id, t.name FROM post_tags pt INNER JOIN tags t ON t.id = pt.tag_id ORDER BY pt.post_id, t.id'

export function sqliteEngine(file: string): SearchEngine {
  const Database = createRequire(import.meta.url)('better-sqlite3') as NativeConstructor
  const db = new Database(file)
  // Statements are prepared once, as the server's readers do (server/db/native.ts preparedStatement): the
  // timing is of running the statement, not of compiling it on every call.
  const statements = new Map<string, ReturnType<typeof db.prepare>>()
  const prepared = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!
  return {
    name: 'SQLite',
    async notes() {
      return withTags(db.prepare(NOTES_SQL).all() as Array<{ id: number; title: string; content: string }>, db.prepare(TAGS_SQL).all() as Array<{ post_id: number; name: string }>)
    },
    async buildLegacy(notes) {
      db.exec("CREATE VIRTUAL TABLE temp.legacy_fts USING fts5(search_text, tokenize='unicode61 remove_diacritics 0')")
      const insert = db.prepare('INSERT INTO temp.legacy_fts (rowid, search_text) VALUES (?, ?)')
      db.exec('BEGIN')
      notes.forEach((n) => insert.run(n.id, legacyText(n)))
      db.exec('COMMIT')
    },
    async oldIds(q, limit) {
      const terms = legacy.queryTerms(q)
      if (terms.length === 0) return []
      const sql = `SELECT p.id FROM temp.legacy_fts CROSS JOIN posts p WHERE legacy_fts MATCH ? AND p.id = legacy_fts.rowid AND ${listedNote('p')} ORDER BY legacy_fts.rowid DESC LIMIT ${limit}`
      return (prepared(sql).all(legacy.fts5Match(terms)) as Array<{ id: number }>).map((r) => Number(r.id))
    },
    async newIds(q, limit) {
      const terms = queryTerms(q)
      if (terms.length === 0) return []
      const page = noteIdsPage('sqlite', { terms }, limit, 0)
      return (prepared(page.sql).all(...page.params) as Array<{ id: number }>).map((r) => Number(r.id))
    },
    async close() {
      db.close()
    },
  }
}

export async function postgresEngine(url: string): Promise<SearchEngine> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const all = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await client.query(dialect('postgres', sql), params)).rows as T[]
  return {
    name: 'PostgreSQL',
    async notes() {
      return withTags(await all(NOTES_SQL), await all(TAGS_SQL))
    },
    async buildLegacy(notes) {
      // A copy of posts (same rows, same width) with the old tokens, and the old expression index over them.
      await client.query('CREATE TEMP TABLE posts_old AS SELECT * FROM posts')
      for (let i = 0; i < notes.length; i += 1000) {
        const chunk = notes.slice(i, i + 1000)
        await client.query('UPDATE posts_old o SET search_text = v.t FROM unnest($1::int[], $2::text[]) AS v(id, t) WHERE o.id = v.id', [chunk.map((n) => n.id), chunk.map(legacyText)])
      }
      await client.query("CREATE INDEX ON posts_old USING GIN (to_tsvector('simple', search_text))")
      await client.query('CREATE UNIQUE INDEX ON posts_old (id)')
      await client.query('ANALYZE posts_old')
    },
    async oldIds(q, limit) {
      const terms = legacy.queryTerms(q)
      if (terms.length === 0) return []
      const sql = `SELECT p.id FROM posts_old p WHERE to_tsvector('simple', p.search_text) @@ to_tsquery('simple', ?) AND ${listedNote('p')} ORDER BY p.id DESC LIMIT ${limit}`
      return (await all<{ id: number }>(sql, [legacy.tsQuery(terms)])).map((r) => Number(r.id))
    },
    async newIds(q, limit) {
      const terms = queryTerms(q)
      if (terms.length === 0) return []
      const page = noteIdsPage('postgres', { terms }, limit, 0)
      return (await all<{ id: number }>(page.sql, page.params)).map((r) => Number(r.id))
    },
    async close() {
      await client.end()
    },
  }
}

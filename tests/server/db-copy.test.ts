/**
 * Moving a campus up (`npm run db:copy`, server/cli/copy-database.ts): the demo dataset goes SQLite → PostgreSQL →
 * MariaDB → back to a new SQLite file, and a fixed list of member, visitor and admin calls answers the same on
 * all four servers.
 * Inherently multi-engine: runs in the SQLite pass, and skips LOUDLY when PostgreSQL or MariaDB do not answer.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../server/seed/demo'
import { runCli } from '../support/cli'
import { counterMismatches } from '../support/consistency'
import { freshDatabase, probeEngines, runsOn, skipLoudly, type FreshDatabase } from '../support/engines'
import { startTestServer, type TestServer } from '../support/server'
import { dbQuery } from '../support/sql'

const JWT_SECRET = 'the-campus-secret-that-moves-with-the-data'
// Instances of one campus share the data key as they share the JWT secret (docs/deployment.md).
const SHILIU_DATA_KEY = randomBytes(32).toString('base64')
const reachable = runsOn('sqlite') ? await probeEngines() : { postgres: null, mysql: null }
const missing = Object.values(reachable).filter((r): r is string => r !== null)
if (runsOn('sqlite')) for (const reason of missing) skipLoudly('SQLite → PostgreSQL → MariaDB move', reason)

type Json = unknown

/*
 * View counting is per viewer and written in the background (group commit), so whether a reply already shows
 * the view a call just caused depends on timing, not on the engine: view counts (and the hot score they feed)
 * are left out of the comparison. Everything else must be identical.
 */
const TIMING_DEPENDENT = new Set(['view_count', 'viewCount', 'views', 'hot_score'])
/**
 * A keyword search's matches in id order: each engine ranks by its own relevance measure (FTS5 bm25, ts_rank,
 * InnoDB FULLTEXT; docs/discovery.md "Search"), so what the copy must keep is which notes match and what each
 * card says, not the order.
 */
function byId(value: Json): Json {
  if (Array.isArray(value)) {
    const items = value.map(byId)
    const id = (v: Json): number | null => (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' ? (v as { id: number }).id : null)
    return items.every((v) => id(v) !== null) ? [...items].sort((a, b) => id(a)! - id(b)!) : items
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, byId(v)]))
  return value
}

function comparable(value: Json): Json {
  if (Array.isArray(value)) return value.map(comparable)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !TIMING_DEPENDENT.has(k)).map(([k, v]) => [k, comparable(v)]))
  return value
}

describe.runIf(runsOn('sqlite') && missing.length === 0)('npm run db:copy: SQLite → PostgreSQL → MariaDB → SQLite', () => {
  const servers: TestServer[] = []
  const databases: FreshDatabase[] = []
  const dirs: string[] = []
  let sqlite: TestServer
  let postgres: TestServer
  let mariadb: TestServer
  let back: TestServer
  let copyOutput = ''

  beforeAll(async () => {
    sqlite = await startTestServer({ SHILIU_DEMO: '1', JWT_SECRET, SHILIU_DATA_KEY })
    servers.push(sqlite)
    const pg = await freshDatabase('postgres', 'move_pg')
    const my = await freshDatabase('mysql', 'move_my')
    databases.push(pg, my)
    const first = await runCli('db-copy', ['--from', sqlite.deps.config.database.url, '--to', pg.url], {})
    expect(first.code, first.stderr).toBe(0)
    copyOutput = first.stdout
    postgres = await startTestServer({ DATABASE_URL: pg.url, JWT_SECRET, SHILIU_DATA_KEY })
    servers.push(postgres)
    const second = await runCli('db-copy', ['--from', pg.url, '--to', my.url], {})
    expect(second.code, second.stderr).toBe(0)
    mariadb = await startTestServer({ DATABASE_URL: my.url, JWT_SECRET, SHILIU_DATA_KEY })
    servers.push(mariadb)
    // And back down into the SQLite file of a fresh data directory (the server then opens it as its own).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-copy-back-'))
    dirs.push(dir)
    const third = await runCli('db-copy', ['--from', my.url, '--to', path.join(dir, 'shiliu.sqlite')], {})
    expect(third.code, third.stderr).toBe(0)
    back = await startTestServer({ DATA_DIR: dir, JWT_SECRET, SHILIU_DATA_KEY })
    servers.push(back)
  }, 300_000)

  afterAll(async () => {
    for (const server of servers) await server.close()
    for (const db of databases) await db.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('copies every table with its ids, verifies row counts and counters, and says what it did not move', () => {
    expect(copyOutput).toMatch(/posts: \d{3,} rows/)
    // Every table the entities define (the migrations add tables; the copy must follow without a list to keep).
    const tables = sqlite.deps.db.entityMetadatas.filter((m) => m.tableType === 'regular').length
    expect(tables).toBeGreaterThanOrEqual(22)
    expect(copyOutput).toMatch(new RegExp(`Copied \\d+ rows of ${tables} tables in [\\d.]+ s; row counts match\\.`))
    expect(copyOutput).toContain('Every counter matches its rows.')
    expect(copyOutput).toContain('Uploaded files were not moved')
  })

  it('every table holds the same rows on every engine; counters match their rows', async () => {
    for (const table of ['users', 'posts', 'comments', 'likes', 'collections', 'follows', 'notifications', 'post_tags', 'tags', 'settings', 'admins']) {
      const order = table === 'post_tags' ? 'post_id, tag_id' : table === 'settings' ? 'name' : 'id'
      const dump = async (server: TestServer) => JSON.stringify(await dbQuery(server.deps.db, `SELECT COUNT(*) AS n, MIN(${order.split(',')[0]}) AS lo, MAX(${order.split(',')[0]}) AS hi FROM ${table}`)).replace(/"(\d+)"/g, '$1')
      const expected = await dump(sqlite)
      expect(await dump(postgres), table).toBe(expected)
      expect(await dump(mariadb), table).toBe(expected)
      expect(await dump(back), table).toBe(expected)
    }
    for (const server of [postgres, mariadb, back]) expect(await counterMismatches(server.deps.db)).toEqual([])
  })

  it('leaves the planner statistics of the copied tables in place on every engine', async () => {
    const stat = (server: TestServer, sql: string) => dbQuery(server.deps.db, sql).then((rows) => Number(Object.values(rows[0] as object)[0]))
    expect(await stat(postgres, "SELECT COUNT(*) AS n FROM pg_stat_user_tables WHERE relname IN ('posts', 'likes', 'comments') AND last_analyze IS NOT NULL")).toBe(3)
    expect(await stat(mariadb, "SELECT COUNT(*) AS n FROM mysql.innodb_table_stats WHERE database_name = DATABASE() AND table_name IN ('posts', 'likes', 'comments') AND last_update > NOW() - INTERVAL 1 DAY")).toBe(3)
    expect(await stat(back, "SELECT COUNT(DISTINCT tbl) AS n FROM sqlite_stat1 WHERE tbl IN ('posts', 'likes', 'comments')")).toBe(3)
    // row counts only: value samples would make SQLite compile every statement again at each call (db/planner-stats.ts)
    expect(await stat(back, 'SELECT COUNT(*) AS n FROM sqlite_stat4')).toBe(0)
  })

  it('a fixed list of visitor, member and admin calls answers the same on SQLite, PostgreSQL, MariaDB and SQLite again', async () => {
    const member = async (server: TestServer) => (await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', { json: { user_id: DEMO_MEMBER.user_id, password: DEMO_MEMBER.password } })).body.data.tokens.access_token
    const admin = async (server: TestServer) => (await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/admin/login', { json: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } })).body.data.tokens.access_token
    // Ids for the calls, taken from the SQLite server (the same ids exist everywhere).
    const ids = async (sql: string) => (await dbQuery<{ id: number | string }>(sqlite.deps.db, sql)).map((r) => r.id)
    const notes = await ids('SELECT id FROM posts WHERE is_draft = FALSE AND comment_count > 2 ORDER BY id LIMIT 3')
    const [withReplies] = await ids('SELECT id FROM comments WHERE reply_count > 0 ORDER BY id LIMIT 1')
    const [someone] = await ids("SELECT user_id AS id FROM users WHERE user_id <> 'demo' AND post_count > 0 ORDER BY id LIMIT 1")
    const keyword = encodeURIComponent('图书馆')
    const visitor: string[] = [
      '/api/stats',
      '/api/categories',
      '/api/posts?page=1&limit=20',
      '/api/posts?page=2&limit=10&sort=hot',
      '/api/posts?category=recommend&limit=15',
      '/api/posts?type=2',
      ...notes.map((id) => `/api/posts/${id}/comments?limit=5`),
      `/api/comments/${withReplies}/replies`,
      // every match on one page (at most 100; checked below), compared in id order (byId)
      `/api/search?keyword=${keyword}&type=all&limit=100`,
      `/api/search?keyword=${keyword}&type=posts&limit=100`,
      `/api/search?tag=${encodeURIComponent('校园')}`,
      '/api/tags?limit=30',
      '/api/tags/hot',
      `/api/users/search?keyword=${encodeURIComponent('石榴')}`,
      `/api/users/${someone}`,
      `/api/users/${someone}/stats`,
      `/api/users/${someone}/posts`,
      `/api/users/${someone}/followers`,
      `/api/users/${someone}/following`,
      `/api/users/${someone}/collections`,
      // Last: a detail view counts a view, which moves hot scores (the recommend channel's order).
      ...notes.map((id) => `/api/posts/${id}`),
    ]
    const signedIn: string[] = [
      '/api/auth/me',
      '/api/posts?limit=20',
      ...notes.map((id) => `/api/posts/${id}`),
      '/api/notifications?limit=30',
      '/api/notifications/comments',
      '/api/notifications/unread-count-by-type',
      `/api/users/${DEMO_MEMBER.user_id}/likes`,
      `/api/users/${DEMO_MEMBER.user_id}/mutual-follows`,
      `/api/users/${someone}/follow-status`,
      '/api/users/verification/status',
    ]
    const backOffice: string[] = ['/api/admin/users?limit=50', '/api/admin/posts?limit=30&sortField=like_count', '/api/admin/comments?limit=30', '/api/admin/likes?limit=30', '/api/admin/follows', '/api/admin/tags', '/api/admin/categories', '/api/admin/audit?status=0', '/api/admin/notifications?limit=20']

    const replies = async (server: TestServer): Promise<Array<[string, number, Json]>> => {
      const out: Array<[string, number, Json]> = []
      const [memberToken, adminToken] = [await member(server), await admin(server)]
      for (const [paths, token] of [[visitor, undefined], [signedIn, memberToken], [backOffice, adminToken]] as const) {
        for (const p of paths) {
          const { status, body } = await server.call(`GET`, p, { token })
          out.push([p, status, comparable(p.includes('keyword=') ? byId(body) : body)])
        }
      }
      return out
    }
    const expected = await replies(sqlite)
    expect(expected.filter(([, status]) => status !== 200).map(([p, status]) => `${p} ${status}`)).toEqual([])
    // The keyword searches hold every match on their one page (so the id order compares whole result sets).
    const searched = expected.find(([p]) => p.includes('keyword=') && p.includes('type=posts'))![2] as { data: { pagination: { total: number } } }
    expect(searched.data.pagination.total).toBeGreaterThan(1)
    expect(searched.data.pagination.total).toBeLessThanOrEqual(100)
    for (const server of [postgres, mariadb, back]) {
      const got = await replies(server)
      for (const [i, [p, status, body]] of got.entries()) {
        expect([p, status, body], `${server.deps.config.database.kind}: GET ${p}`).toEqual(expected[i])
      }
    }
  }, 120_000)

  // Last: it writes.
  it('new rows continue after the copied ids (sequences reset)', async () => {
    for (const server of [postgres, mariadb, back]) {
      const [{ hi }] = await dbQuery<{ hi: number | string }>(server.deps.db, 'SELECT MAX(id) AS hi FROM comments')
      const login = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', { json: { user_id: DEMO_MEMBER.user_id, password: DEMO_MEMBER.password } })
      const [post] = await dbQuery<{ id: number }>(server.deps.db, 'SELECT id FROM posts WHERE is_draft = FALSE ORDER BY id LIMIT 1')
      const made = await server.call<{ id: number }>('POST', '/api/comments', { token: login.body.data.tokens.access_token, json: { post_id: post!.id, content: '搬家后的第一条评论' } })
      expect(made.status).toBe(200)
      expect(made.body.data.id).toBe(Number(hi) + 1)
    }
  })
})

/**
 * npm run bench (no option): load-test the built server on a large dataset, one endpoint at a time, on one or
 * several database engines (bench/engines.ts: --engines sqlite,postgres,mysql, or DATABASE_URL).
 *
 * Seeds (or reuses) BENCH_DATA_DIR (default .bench-data) with 10,000 users, 100,000 notes, 300,000 comments and
 * 1,000,000 likes (BENCH_SCALE=small: a fifth of that, in .bench-data-small), copies it to each other engine,
 * starts dist/server/main.js on 127.0.0.1 with the rate limits raised (so it measures speed, not the limiter),
 * then drives each scenario for BENCH_SECONDS (10) at BENCH_CONNECTIONS (32) with autocannon and prints requests
 * per second and p50 / p99 latency, next to GET /api/health as the ceiling of the same run; engines side by side.
 * Last, logins per second at 32 concurrent with the signed-in feed's p99 under that load (bench/login-load.ts).
 */
import path from 'node:path'
import autocannon from 'autocannon'
import { databaseEnv, ENGINE_LABELS, type BenchEngine, type EngineChoice } from './engines'
import { measureLoginLoad } from './login-load'
import { buildServer, ensureSeeded, SCALES, SEED_PASSWORD, startServer } from './server'

const SMALL = process.env.BENCH_SCALE === 'small'
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? (SMALL ? '.bench-data-small' : '.bench-data'))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SCALE = SMALL ? SCALES.small : SCALES.large

interface Scenario {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: unknown
  /** Send a member's bearer token: signed-in list replies are always computed live (no visitor micro-cache). */
  token?: string
  /** Accept-Encoding to send (none: the reply is not compressed), to measure what compression costs. */
  encoding?: string
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  const env = (await res.json()) as { data: T }
  return env.data
}

async function scenarios(url: string): Promise<Scenario[]> {
  const feed = await getJson<{ posts: Array<{ id: number; author_account?: string; user_id?: string | number }> }>(`${url}/api/posts?page=1&limit=20`)
  const note = feed.posts[0]
  if (!note) throw new Error('the dataset has no notes')
  const userId = String(note.author_account ?? note.user_id)
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: userId, password: SEED_PASSWORD }) })
  const token = ((await login.json()) as { data?: { tokens?: { access_token?: string } } }).data?.tokens?.access_token
  if (!token) throw new Error(`cannot sign in as ${userId} with the seed password`)
  const live = (s: Scenario): Scenario => ({ ...s, name: `${s.name} (signed in)`, token })
  const visitor: Scenario[] = [
    { name: 'ceiling: GET /api/health', path: '/api/health' },
    { name: 'feed page 1', path: '/api/posts?page=1&limit=20' },
    { name: 'feed page 50', path: '/api/posts?page=50&limit=20' },
    { name: 'recommend', path: '/api/posts?page=1&limit=20&category=recommend' },
    { name: 'note detail', path: `/api/posts/${note.id}` },
    { name: 'comments of a note', path: `/api/posts/${note.id}/comments?page=1&limit=5` },
    { name: 'user profile', path: `/api/users/${encodeURIComponent(userId)}` },
    { name: 'search 2-char (学习)', path: `/api/search?type=posts&keyword=${encodeURIComponent('学习')}` },
    { name: 'search 4-char (考研经验)', path: `/api/search?type=posts&keyword=${encodeURIComponent('考研经验')}` },
  ]
  const lists = visitor.filter((s) => /feed|recommend|comments|search/.test(s.name))
  return [
    ...visitor,
    // Visitors' list replies are micro-cached for 1 s (server/http/middlewares/public-cache.ts); these measure the queries.
    ...lists.map(live),
    { name: 'note detail (signed in)', path: `/api/posts/${note.id}`, token },
    // What on-the-fly compression costs (server/http/compression.ts): the same live feed, brotli q4 and gzip.
    { ...live(visitor[1]!), name: 'feed page 1 (signed in, br)', encoding: 'br, gzip' },
    { ...live(visitor[1]!), name: 'feed page 1 (signed in, gzip)', encoding: 'gzip' },
    { name: 'login', path: '/api/auth/login', method: 'POST', body: { user_id: userId, password: SEED_PASSWORD } },
  ]
}

interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  /** Average bytes per reply as sent, headers included (compressed when the scenario asks for it). */
  bytes: number
}

function headersOf(s: Scenario): Record<string, string> {
  return { ...(s.body ? { 'content-type': 'application/json' } : {}), ...(s.token ? { authorization: `Bearer ${s.token}` } : {}), ...(s.encoding ? { 'accept-encoding': s.encoding } : {}) }
}

async function measure(url: string, s: Scenario): Promise<Row> {
  const result = await autocannon({
    url: url + s.path,
    method: s.method ?? 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: headersOf(s),
    body: s.body ? JSON.stringify(s.body) : undefined,
  })
  const bytes = result.requests.total ? result.throughput.total / result.requests.total : 0
  return { name: s.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, bytes }
}

async function runOn(engine: BenchEngine, choice: EngineChoice): Promise<Row[]> {
  const env = await databaseEnv(engine, choice, path.join(DATA_DIR, 'shiliu.sqlite'), SCALE.notes)
  const server = await startServer(DATA_DIR, env)
  const { url } = server
  console.log(`\n=== ${ENGINE_LABELS[engine]} ===`)
  try {
    const list = await scenarios(url)
    const rows: Row[] = []
    for (const s of list) {
      // A short warm-up fills caches and the database's page cache, as a running server would have them.
      await autocannon({ url: url + s.path, method: s.method ?? 'GET', connections: 4, duration: 1, headers: headersOf(s), body: s.body ? JSON.stringify(s.body) : undefined })
      const row = await measure(url, s)
      rows.push(row)
      console.log(`${row.name.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   ${(row.bytes / 1024).toFixed(1).padStart(6)} KiB/reply${row.non2xx || row.errors ? `   non-2xx ${row.non2xx} errors ${row.errors}` : ''}`)
    }
    const login = list.find((s) => s.name === 'login')!
    const feed = list.find((s) => s.name === 'feed page 1 (signed in)')!
    const feedAlone = rows.find((r) => r.name === feed.name)?.p99 ?? null
    console.log(await measureLoginLoad({ url, connections: CONNECTIONS, seconds: SECONDS, login: { path: login.path, body: login.body }, feed: { path: feed.path, token: feed.token! }, feedP99Alone: feedAlone }))
    return rows
  } finally {
    await server.stop()
  }
}

export async function runEndpoints(choice: EngineChoice = { engines: ['sqlite'], url: null }): Promise<void> {
  buildServer()
  ensureSeeded(DATA_DIR, SCALE)
  const results = new Map<BenchEngine, Row[]>()
  for (const engine of choice.engines) results.set(engine, await runOn(engine, choice))
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${SCALE.notes} notes / ${SCALE.users} users / ${SCALE.comments} comments / ${SCALE.likes} likes`)
  const names = [...results.values()][0]!.map((r) => r.name)
  console.table(
    names.map((name, i) => {
      const line: Record<string, string | number> = { scenario: name }
      for (const [engine, rows] of results) {
        const r = rows[i]!
        line[ENGINE_LABELS[engine]] = `${Math.round(r.rps)} req/s, p50 ${r.p50} / p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx + r.errors} failed` : ''}`
      }
      return line
    }),
  )
}

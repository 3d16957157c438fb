/**
 * npm run bench -- --reads [--engines sqlite,postgres,mysql | all]: each signed-in read alone, driven by wrk (a C
 * client: -t2 -c32, BENCH_SECONDS each, default 10), against a bare Koa route measured in the same run as the
 * machine's ceiling (issue #19, part 3). Prints per scenario the throughput, its share of the ceiling, p50 / p99 and
 * the server's CPU per request (from /proc over the wrk run), then the issue's targets with met / MISSED. Each
 * read's reply is also replayed byte for byte from the bare Koa app: its CPU there is what the same bytes cost
 * without our code. The 关注 timeline is read by a member following 500 authors; it and the personalised 推荐
 * (pages 1 and 2) must stay within 1.5× the signed-in feed's CPU (issue 38).
 *
 * With --engines (bench/engines.ts), the same scenarios on each engine in turn, the dataset copied into
 * PostgreSQL / MariaDB as database shiliu_bench_reads_<notes> (copied once, then reused), and a side-by-side
 * summary of the issue-38 targets. There the database's CPU for the bench's own connections (bench/db-cpu.ts) is
 * added to the server's: on SQLite the queries run inside the server's process, on the others they do not.
 *
 * Dataset: bench --mixed's (5,000 users, 20,000 notes); BENCH_SCALE=large is the 100k-note dataset of issue 38
 * (10,000 users, 100,000 notes, 300,000 comments, 1,000,000 likes), or users,notes,comments,likes. Each scale is
 * seeded once and kept under .bench-data/mixed (bench/server.ts seedDirFor), copied fresh for SQLite.
 * Needs wrk (`apt-get install wrk`).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { cpuBetween, databaseTaskCpu } from './db-cpu'
import { databaseEnv, ENGINE_LABELS, type BenchEngine, type EngineChoice } from './engines'
import { buildServer, ensureSeeded, freshCopy, scaleFromEnv, SCALES, SEED_PASSWORD, seedDirFor, startServer } from './server'
import { cpuSeconds } from './proc-cpu'

const ROOT = path.resolve(process.env.BENCH_MIXED_DIR ?? '.bench-data/mixed')
const SCALE = scaleFromEnv(SCALES.mixed)
const SEED_DIR = seedDirFor(ROOT, SCALE, SCALES.mixed)
const RUN_DIR = path.join(ROOT, 'reads-run')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const TARGETS = { floorCpuMs: 0.05, feedDetailCpuMs: 0.2, shareOfCeiling: 0.25 }

interface Row {
  name: string
  rps: number
  p50: string
  p99: string
  cpuMs: number | null
  /** The database's CPU for the server's connections, per request (PostgreSQL / MariaDB; null: in cpuMs). */
  dbCpuMs: number | null
  failed: number
}

/** Server and database CPU per request: what a read costs the machine. */
const totalMs = (r: Row) => (r.cpuMs ?? 0) + (r.dbCpuMs ?? 0)


/** wrk -t2 -c32 on `url`; the CPU `pid` used meanwhile, and that of `databaseUrl`'s connections, per request. */
async function wrk(name: string, url: string, headers: string[], pid: number | null, databaseUrl?: string): Promise<Row> {
  const args = ['-t2', '-c32', '--latency', ...headers.flatMap((h) => ['-H', h])]
  execFileSync('wrk', [...args, '-d1s', url], { stdio: 'ignore' })
  const dbBefore = databaseUrl ? await databaseTaskCpu(databaseUrl) : null
  const before = pid ? cpuSeconds(pid) : 0
  const out = execFileSync('wrk', [...args, `-d${SECONDS}s`, url]).toString()
  const cpu = pid ? cpuSeconds(pid) - before : 0
  const dbCpu = dbBefore ? cpuBetween(dbBefore, await databaseTaskCpu(databaseUrl!)) : null
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const pct = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '?'
  const perRequest = (seconds: number) => (seconds * 1000) / requests
  return { name, rps, p50: pct('50'), p99: pct('99'), cpuMs: pid && requests ? perRequest(cpu) : null, dbCpuMs: dbCpu !== null && requests ? perRequest(dbCpu) : null, failed }
}

/** One reply of our server as wrk receives it (no Accept-Encoding): the headers that describe it and its bytes. */
interface RecordedReply {
  headers: Record<string, string>
  body: string // base64
}

/** Headers the bare app's own HTTP layer writes (or that only belong to the original connection). */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date'])

async function recordReply(url: string, headers: string[]): Promise<RecordedReply> {
  const sent = Object.fromEntries(headers.map((h) => h.split(/:\s*/, 2) as [string, string]))
  const reply = await fetch(url, { headers: { ...sent, 'accept-encoding': 'identity' } })
  const body = Buffer.from(await reply.arrayBuffer())
  return { headers: Object.fromEntries([...reply.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name))), body: body.toString('base64') }
}

/**
 * A bare Koa app: `/` answers one small JSON reply (what a route costs with nothing of ours around it, the
 * machine's ceiling); `/same/<i>` answers the i-th recorded reply of our server byte for byte, headers
 * included. The CPU of the same bytes without our code is the floor under each read: what no change to our
 * middleware, queries or serialising can take away on this stack (Node's HTTP, Koa, the socket writes).
 */
function startBareKoa(replies: RecordedReply[]): Promise<{ url: string; pid: number; stop: () => void }> {
  const file = path.join(RUN_DIR, 'recorded-replies.json')
  writeFileSync(file, JSON.stringify(replies))
  const code = `import Koa from 'koa'; import { readFileSync } from 'node:fs'
    const replies = JSON.parse(readFileSync(process.env.REPLIES, 'utf8')).map((r) => ({ headers: r.headers, body: Buffer.from(r.body, 'base64') }))
    const app = new Koa()
    app.use((ctx) => {
      const same = /^\\/same\\/(\\d+)$/.exec(ctx.path)
      if (!same) { ctx.body = { code: 200, success: true, message: 'ok', data: { status: 'ok' } }; return }
      const reply = replies[Number(same[1])]
      ctx.set(reply.headers)
      ctx.body = reply.body
    })
    const s = app.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, REPLIES: file } })
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening on (\S+)/.exec(String(chunk))
      if (m) resolve({ url: m[1]!, pid: child.pid!, stop: () => child.kill('SIGTERM') })
    })
  })
}

/** The 关注 timeline's member follows this many authors (issue 38: a member following 500). */
const FOLLOWED_AUTHORS = 500

/** Make the bench member follow up to `count` authors of the feed (through the API); how many it follows. */
async function followAuthors(url: string, token: string, self: string, count: number): Promise<number> {
  const authors = new Set<string>()
  for (let page = 1; page <= 100 && authors.size < count; page++) {
    const reply = (await (await fetch(`${url}/api/posts?page=${page}&limit=100`)).json()) as { data: { posts: Array<{ author_account: string }> } }
    if (reply.data.posts.length === 0) break
    for (const p of reply.data.posts) if (p.author_account !== self && authors.size < count) authors.add(p.author_account)
  }
  for (const author of authors) {
    const reply = await fetch(`${url}/api/users/${encodeURIComponent(author)}/follow`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
    if (!reply.ok) throw new Error(`follow ${author}: ${reply.status}`)
  }
  return authors.size
}

/** One engine's issue-38 figures: the signed-in feed's CPU and each of its rivals' share of it. */
interface Issue38 {
  engine: BenchEngine
  load: string
  feedMs: number
  reads: Array<{ name: string; ms: number }>
}

const ISSUE38_FACTOR = 1.5
const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(' ')

/** Each engine (bench/engines.ts) in turn, then the issue-38 targets side by side. */
export async function runReads(choice: EngineChoice = { engines: ['sqlite'], url: null }): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('bench --reads needs wrk: apt-get install wrk')
    process.exit(2)
  }
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  const results: Issue38[] = []
  for (const engine of choice.engines) results.push(await runReadsOn(engine, choice))
  if (results.length < 2) return
  console.log(`\nIssue 38 on every engine (${SCALE.notes} notes; CPU ms per request, server + database; target ≤ ${ISSUE38_FACTOR} × the signed-in feed):`)
  console.table(
    results.flatMap((r) =>
      r.reads.map((read) => ({
        engine: ENGINE_LABELS[r.engine],
        read: read.name,
        'CPU ms/req': read.ms.toFixed(3),
        'feed CPU ms/req': r.feedMs.toFixed(3),
        '× feed': (read.ms / r.feedMs).toFixed(2),
        target: check(read.ms <= ISSUE38_FACTOR * r.feedMs),
        'load average': r.load,
      })),
    ),
  )
}

async function runReadsOn(engine: BenchEngine, choice: EngineChoice): Promise<Issue38> {
  freshCopy(SEED_DIR, RUN_DIR)
  // Copied once per scale and reused: the reads only add the member's follows (idempotent) and 推荐 sessions.
  const env = await databaseEnv(engine, choice, path.join(RUN_DIR, 'shiliu.sqlite'), SCALE.notes, { name: `shiliu_bench_reads_${SCALE.notes}` })
  const databaseUrl = env.DATABASE_URL
  console.log(`\n=== ${ENGINE_LABELS[engine]}: ${SCALE.users} users / ${SCALE.notes} notes / ${SCALE.comments} comments / ${SCALE.likes} likes ===`)
  const server = await startServer(RUN_DIR, env)
  let bare: Awaited<ReturnType<typeof startBareKoa>> | undefined
  try {
    const pid = server.child.pid!
    const feed = (await (await fetch(`${server.url}/api/posts?page=1&limit=20`)).json()) as { data: { posts: Array<{ id: number; author_account?: string; user_id?: string | number }> } }
    const note = feed.data.posts[0]!
    const author = encodeURIComponent(String(note.author_account ?? note.user_id))
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: String(note.author_account ?? note.user_id), password: SEED_PASSWORD }) })
    const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
    const auth = [`Authorization: Bearer ${token}`]
    const following = await followAuthors(server.url, token, String(note.author_account ?? note.user_id), FOLLOWED_AUTHORS)
    const scenarios = [
      { name: 'floor: GET /api/health/live', path: '/api/health/live', headers: [] as string[] },
      { name: 'feed page 1 (signed in)', path: '/api/posts?page=1&limit=20', headers: auth },
      { name: 'note detail (signed in)', path: `/api/posts/${note.id}`, headers: auth },
      { name: 'comments (signed in)', path: `/api/posts/${note.id}/comments?page=1&limit=5`, headers: auth },
      { name: 'profile (signed in)', path: `/api/users/${author}`, headers: auth },
      { name: 'search 学习 (signed in)', path: `/api/search?type=posts&keyword=${encodeURIComponent('学习')}`, headers: auth },
      { name: `关注 timeline, ${following} authors (signed in)`, path: '/api/posts/following?limit=20', headers: auth },
      // The personalised 推荐 as a member reads it: page 1 is ranked once, then continues the session while no
      // signal of theirs changes (a minute); page 2 slices the session's list. A fresh ranking alone is measured
      // by bench/recommend-cpu.ts (docs/discovery.md).
      { name: '推荐 page 1, personalised (signed in)', path: '/api/posts?recommend=1&page=1&limit=20', headers: auth },
      { name: '推荐 page 2, personalised (signed in)', path: '/api/posts?recommend=1&page=2&limit=20', headers: auth },
    ]
    const recorded = await Promise.all(scenarios.map((sc) => recordReply(`${server.url}${sc.path}`, sc.headers)))
    bare = await startBareKoa(recorded)
    const ceiling = await wrk('ceiling: bare Koa route', bare.url, [], bare.pid)
    const rows = [ceiling]
    for (const sc of scenarios) rows.push(await wrk(sc.name, `${server.url}${sc.path}`, sc.headers, pid, databaseUrl))
    const sameBytes: Row[] = []
    for (const [i, sc] of scenarios.entries()) sameBytes.push(await wrk(`${sc.name}: same bytes, bare Koa`, `${bare.url}/same/${i}`, [], bare.pid))
    console.table(
      rows.map((r) => ({
        scenario: r.name,
        'req/s': Math.round(r.rps),
        'of ceiling': `${((r.rps / ceiling.rps) * 100).toFixed(0)} %`,
        p50: r.p50,
        p99: r.p99,
        'server CPU ms/req': r.cpuMs === null ? '–' : r.cpuMs.toFixed(3),
        ...(databaseUrl ? { 'database CPU ms/req': r.dbCpuMs === null ? '–' : r.dbCpuMs.toFixed(3) } : {}),
        failed: r.failed,
      })),
    )
    console.log('\nThe same replies from a bare Koa app (what Node, Koa and the socket cost for these bytes alone):')
    console.table(
      scenarios.map((sc, i) => {
        const ours = rows[i + 1]!.cpuMs
        const floor = sameBytes[i]!.cpuMs
        return {
          scenario: sc.name,
          'reply bytes': Buffer.from(recorded[i]!.body, 'base64').length,
          'same bytes CPU ms/req': floor === null ? '–' : floor.toFixed(3),
          'ours CPU ms/req': ours === null ? '–' : ours.toFixed(3),
          "our code's share": ours === null || floor === null ? '–' : `${(ours - floor).toFixed(3)} ms (${(((ours - floor) / ours) * 100).toFixed(0)} %)`,
        }
      }),
    )
    console.log(`\nTargets (issue #19 part 3; wrk -t2 -c32, ${SECONDS} s each, 2 cores, quiet machine):`)
    const floor = rows[1]!
    console.log(`  floor CPU ${floor.cpuMs!.toFixed(3)} ms ≤ ${TARGETS.floorCpuMs}: ${check(floor.cpuMs! <= TARGETS.floorCpuMs)}`)
    for (const r of rows.slice(2, 4)) console.log(`  ${r.name} CPU ${r.cpuMs!.toFixed(3)} ms ≤ ${TARGETS.feedDetailCpuMs}: ${check(r.cpuMs! <= TARGETS.feedDetailCpuMs)}`)
    for (const r of rows.slice(2)) console.log(`  ${r.name} at ${((r.rps / ceiling.rps) * 100).toFixed(0)} % of the ceiling ≥ ${TARGETS.shareOfCeiling * 100} %: ${check(r.rps >= TARGETS.shareOfCeiling * ceiling.rps)}`)
    // Issue 38 compares what each read costs the machine: on PostgreSQL / MariaDB the database's CPU counts too.
    const feedMs = totalMs(rows[2]!)
    const what = databaseUrl ? 'server + database CPU' : 'CPU'
    const issue38 = rows.filter((row) => /关注|推荐/.test(row.name)).map((r) => ({ name: r.name, ms: totalMs(r) }))
    for (const r of issue38) console.log(`  ${r.name} ${what} ${r.ms.toFixed(3)} ms ≤ ${ISSUE38_FACTOR} × feed ${(ISSUE38_FACTOR * feedMs).toFixed(3)} (issue 38): ${check(r.ms <= ISSUE38_FACTOR * feedMs)}`)
    console.log(`  failures ${rows.reduce((n, r) => n + r.failed, 0)} = 0: ${check(rows.every((r) => r.failed === 0))}`)
    const load = loadAverage()
    console.log(`Load average ${load} (other work on the machine distorts every figure)`)
    return { engine, load, feedMs, reads: issue38 }
  } finally {
    bare?.stop()
    await server.stop()
  }
}

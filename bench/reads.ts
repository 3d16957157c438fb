/**
 * npm run bench -- --reads: each signed-in read alone, driven by wrk (a C client: -t2 -c32, BENCH_SECONDS
 * each, default 10), against a bare Koa route measured in the same run as the machine's ceiling (issue #19,
 * part 3). Prints per scenario the throughput, its share of the ceiling, p50 / p99 and the server's CPU per
 * request (from /proc over the wrk run), then the targets with met / MISSED. Uses the dataset of
 * bench --mixed (5,000 users, 20,000 notes), copied fresh. Needs wrk (`apt-get install wrk`).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildServer, ensureSeeded, SEED_PASSWORD, startServer } from './server'
import { cpuSeconds } from './proc-cpu'

const ROOT = path.resolve(process.env.BENCH_MIXED_DIR ?? '.bench-data/mixed')
const SEED_DIR = path.join(ROOT, 'seed')
const RUN_DIR = path.join(ROOT, 'reads-run')
const SCALE = { users: 5_000, notes: 20_000, comments: 60_000, likes: 200_000 }
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const TARGETS = { floorCpuMs: 0.05, feedDetailCpuMs: 0.2, shareOfCeiling: 0.25 }

interface Row {
  name: string
  rps: number
  p50: string
  p99: string
  cpuMs: number | null
  failed: number
}


/** wrk -t2 -c32 on `url`; the CPU `pid` used meanwhile, per request. */
function wrk(name: string, url: string, headers: string[], pid: number | null): Row {
  const args = ['-t2', '-c32', '--latency', ...headers.flatMap((h) => ['-H', h])]
  execFileSync('wrk', [...args, '-d1s', url], { stdio: 'ignore' })
  const before = pid ? cpuSeconds(pid) : 0
  const out = execFileSync('wrk', [...args, `-d${SECONDS}s`, url]).toString()
  const cpu = pid ? cpuSeconds(pid) - before : 0
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const pct = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '?'
  return { name, rps, p50: pct('50'), p99: pct('99'), cpuMs: pid && requests ? (cpu * 1000) / requests : null, failed }
}

/** A bare Koa app answering one small JSON reply: what a route costs with nothing of ours around it. */
function startBareKoa(): Promise<{ url: string; stop: () => void }> {
  const code = `import Koa from 'koa'; const app = new Koa(); app.use((ctx) => { ctx.body = { code: 200, success: true, message: 'ok', data: { status: 'ok' } } }); const s = app.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening on (\S+)/.exec(String(chunk))
      if (m) resolve({ url: m[1]!, stop: () => child.kill('SIGTERM') })
    })
  })
}

export async function runReads(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('bench --reads needs wrk: apt-get install wrk')
    process.exit(2)
  }
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true })
  for (const name of ['shiliu.sqlite', 'jwt-secret', 'uploads']) cpSync(path.join(SEED_DIR, name), path.join(RUN_DIR, name), { recursive: true })
  const bare = await startBareKoa()
  const server = await startServer(RUN_DIR)
  try {
    const pid = server.child.pid!
    const feed = (await (await fetch(`${server.url}/api/posts?page=1&limit=20`)).json()) as { data: { posts: Array<{ id: number; author_account?: string; user_id?: string | number }> } }
    const note = feed.data.posts[0]!
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: String(note.author_account ?? note.user_id), password: SEED_PASSWORD }) })
    const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
    const auth = [`Authorization: Bearer ${token}`]
    const ceiling = wrk('ceiling: bare Koa route', bare.url, [], null)
    const rows = [
      ceiling,
      wrk('floor: GET /api/health/live', `${server.url}/api/health/live`, [], pid),
      wrk('feed page 1 (signed in)', `${server.url}/api/posts?page=1&limit=20`, auth, pid),
      wrk('note detail (signed in)', `${server.url}/api/posts/${note.id}`, auth, pid),
      wrk('comments (signed in)', `${server.url}/api/posts/${note.id}/comments?page=1&limit=5`, auth, pid),
      wrk('profile (signed in)', `${server.url}/api/users/${encodeURIComponent(String(note.author_account ?? note.user_id))}`, auth, pid),
      wrk('search 学习 (signed in)', `${server.url}/api/search?type=posts&keyword=${encodeURIComponent('学习')}`, auth, pid),
    ]
    console.table(
      rows.map((r) => ({
        scenario: r.name,
        'req/s': Math.round(r.rps),
        'of ceiling': `${((r.rps / ceiling.rps) * 100).toFixed(0)} %`,
        p50: r.p50,
        p99: r.p99,
        'server CPU ms/req': r.cpuMs === null ? '–' : r.cpuMs.toFixed(3),
        failed: r.failed,
      })),
    )
    const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
    console.log(`\nTargets (issue #19 part 3; wrk -t2 -c32, ${SECONDS} s each, 2 cores, quiet machine):`)
    const floor = rows[1]!
    console.log(`  floor CPU ${floor.cpuMs!.toFixed(3)} ms ≤ ${TARGETS.floorCpuMs}: ${check(floor.cpuMs! <= TARGETS.floorCpuMs)}`)
    for (const r of rows.slice(2, 4)) console.log(`  ${r.name} CPU ${r.cpuMs!.toFixed(3)} ms ≤ ${TARGETS.feedDetailCpuMs}: ${check(r.cpuMs! <= TARGETS.feedDetailCpuMs)}`)
    for (const r of rows.slice(2)) console.log(`  ${r.name} at ${((r.rps / ceiling.rps) * 100).toFixed(0)} % of the ceiling ≥ ${TARGETS.shareOfCeiling * 100} %: ${check(r.rps >= TARGETS.shareOfCeiling * ceiling.rps)}`)
    console.log(`  failures ${rows.reduce((n, r) => n + r.failed, 0)} = 0: ${check(rows.every((r) => r.failed === 0))}`)
    console.log(`Load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (other work on the machine distorts every figure)`)
  } finally {
    bare.stop()
    await server.stop()
  }
}

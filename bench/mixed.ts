/**
 * npm run bench -- --mixed: many signed-in members at once, as a campus evening looks.
 *
 * Seeds (once) a mid-size dataset, copies it to a scratch directory so every run starts from the same state,
 * starts the built server on 127.0.0.1, signs BENCH_MEMBERS (200) generated members in, then each member
 * loops without think time for BENCH_SECONDS (30, after a 3 s warm-up) over a fixed mix:
 *   80 % reads       feed pages 1-5, note detail, a note's comments, a profile
 *   15 % reactions   like / unlike, collect / uncollect, comment
 *    5 % publishing  a new note with one of the dataset's images
 * and prints throughput and p50 / p99 latency per request kind, for reads, writes and in total; with --engines,
 * once per database engine, each from the same fresh copy (bench/engines.ts).
 */
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import sqlite3 from 'sqlite3'
import { databaseEnv, ENGINE_LABELS, type BenchEngine, type EngineChoice } from './engines'
import { buildServer, ensureSeeded, SEED_PASSWORD, startServer, type BenchServer } from './server'

const ROOT = path.resolve(process.env.BENCH_MIXED_DIR ?? '.bench-data/mixed')
const SEED_DIR = path.join(ROOT, 'seed')
const RUN_DIR = path.join(ROOT, 'run')
const SCALE = { users: 5_000, notes: 20_000, comments: 60_000, likes: 200_000 }
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const WARMUP_SECONDS = 3
/** 5× the ~550 req/s the issue measured before the writer work (#8). */
const THROUGHPUT_TARGET = 2750
/** Notes the members read and react to: the newest ones, as a feed-driven campus does. */
const HOT_NOTES = 5000

type Kind = 'feed' | 'detail' | 'comments' | 'profile' | 'like' | 'collect' | 'comment' | 'publish'
const READS: readonly Kind[] = ['feed', 'detail', 'comments', 'profile']
/** Percent of all requests per kind: reads 80, reactions 15, publishing 5. */
const MIX: ReadonlyArray<[Kind, number]> = [
  ['feed', 30],
  ['detail', 30],
  ['comments', 12],
  ['profile', 8],
  ['like', 9],
  ['collect', 3],
  ['comment', 3],
  ['publish', 5],
]

interface Dataset {
  members: string[]
  notes: number[]
  images: string[]
  categories: number[]
}

function readDataset(file: string): Promise<Dataset> {
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY)
  const all = <T>(sql: string, params: unknown[] = []) => new Promise<T[]>((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))))
  return Promise.all([
    all<{ user_id: string }>('SELECT user_id FROM users WHERE is_active = 1 ORDER BY id LIMIT ?', [MEMBERS]),
    all<{ id: number }>('SELECT id FROM posts WHERE is_draft = 0 ORDER BY id DESC LIMIT ?', [HOT_NOTES]),
    all<{ url: string }>('SELECT DISTINCT url FROM post_images LIMIT 50'),
    all<{ id: number }>('SELECT id FROM categories'),
  ]).then(([members, notes, images, categories]) => {
    db.close()
    return { members: members.map((r) => r.user_id), notes: notes.map((r) => r.id), images: images.map((r) => r.url), categories: categories.map((r) => r.id) }
  })
}

/** A fresh copy of the seeded dataset (database and media), so every run starts from the same state. */
function freshRunDir(): void {
  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true })
  for (const name of ['shiliu.sqlite', 'jwt-secret', 'uploads']) cpSync(path.join(SEED_DIR, name), path.join(RUN_DIR, name), { recursive: true })
}

const agent = new http.Agent({ keepAlive: true, maxSockets: MEMBERS + 10 })

interface Reply {
  status: number
  body: string
}

function send(base: URL, method: string, pathname: string, token: string | null, json?: unknown): Promise<Reply> {
  const payload = json === undefined ? undefined : JSON.stringify(json)
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path: pathname, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', () => resolve({ status: 0, body: '' }))
    })
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.end(payload)
  })
}

/** Seeded PRNG (mulberry32), so two runs send the same sequence of choices. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Member {
  userId: string
  token: string
  liked: Set<number>
  collected: Set<number>
  random: () => number
}

async function signIn(base: URL, userIds: string[]): Promise<Member[]> {
  const members: Member[] = []
  let next = 0
  const worker = async () => {
    while (next < userIds.length) {
      const userId = userIds[next++]!
      const reply = await send(base, 'POST', '/api/auth/login', null, { user_id: userId, password: SEED_PASSWORD })
      const token = (JSON.parse(reply.body) as { data?: { tokens?: { access_token?: string } } }).data?.tokens?.access_token
      if (!token) throw new Error(`cannot sign in as ${userId}: ${reply.status} ${reply.body.slice(0, 200)}`)
      members.push({ userId, token, liked: new Set(), collected: new Set(), random: rng(members.length + 1) })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return members
}

class Samples {
  readonly latencies = new Map<Kind, number[]>()
  readonly failures = new Map<Kind, Map<number, number>>()

  add(kind: Kind, ms: number, status: number): void {
    let list = this.latencies.get(kind)
    if (!list) this.latencies.set(kind, (list = []))
    list.push(ms)
    if (status < 200 || status >= 300) {
      let byStatus = this.failures.get(kind)
      if (!byStatus) this.failures.set(kind, (byStatus = new Map()))
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!
}

function chooseKind(random: () => number): Kind {
  let r = random() * 100
  for (const [kind, weight] of MIX) {
    if (r < weight) return kind
    r -= weight
  }
  return 'feed'
}

/** One request of `kind` by member `m`: [method, path, body]. */
function request(kind: Kind, m: Member, data: Dataset): [string, string, unknown?] {
  const note = () => pick(data.notes, m.random)
  switch (kind) {
    case 'feed':
      return ['GET', `/api/posts?page=${1 + Math.floor(m.random() * 5)}&limit=20`]
    case 'detail':
      return ['GET', `/api/posts/${note()}`]
    case 'comments':
      return ['GET', `/api/posts/${note()}/comments?page=1&limit=5`]
    case 'profile':
      return ['GET', `/api/users/${encodeURIComponent(pick(data.members, m.random))}`]
    case 'like': {
      const undo = m.liked.size > 0 && m.random() < 0.4
      const id = undo ? m.liked.values().next().value! : note()
      if (undo) m.liked.delete(id)
      else m.liked.add(id)
      return [undo ? 'DELETE' : 'POST', '/api/likes', { target_type: 1, target_id: id }]
    }
    case 'collect': {
      const undo = m.collected.size > 0 && m.random() < 0.4
      const id = undo ? m.collected.values().next().value! : note()
      if (undo) m.collected.delete(id)
      else m.collected.add(id)
      return [undo ? 'DELETE' : 'POST', `/api/posts/${id}/collect`]
    }
    case 'comment':
      return ['POST', '/api/comments', { post_id: note(), content: `同感！第${Math.floor(m.random() * 1000)}次来看这篇` }]
    case 'publish':
      return [
        'POST',
        '/api/posts',
        { title: '今天的校园', content: '<p>图书馆门口的银杏黄了，午后阳光很好。</p>', images: [pick(data.images, m.random)], category_id: pick(data.categories, m.random), tags: ['校园'], type: 1 },
      ]
  }
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function report(samples: Samples, seconds: number, serverCpu: number, benchCpu: number): void {
  const rows: Array<Record<string, string | number>> = []
  const row = (name: string, lists: number[][], failures: Array<Map<number, number> | undefined>) => {
    const all = lists.flat().sort((a, b) => a - b)
    const failed = new Map<number, number>()
    for (const f of failures) for (const [status, n] of f ?? []) failed.set(status, (failed.get(status) ?? 0) + n)
    rows.push({
      kind: name,
      requests: all.length,
      'req/s': Math.round(all.length / seconds),
      'p50 ms': Math.round(percentile(all, 50)),
      'p99 ms': Math.round(percentile(all, 99)),
      'non-2xx': [...failed].map(([s, n]) => `${n}×${s || 'socket'}`).join(' ') || 0,
    })
  }
  const kinds = MIX.map(([k]) => k)
  for (const k of kinds) row(k, [samples.latencies.get(k) ?? []], [samples.failures.get(k)])
  const group = (name: string, list: Kind[]) => row(name, list.map((k) => samples.latencies.get(k) ?? []), list.map((k) => samples.failures.get(k)))
  group('reads', [...READS])
  group('writes', kinds.filter((k) => !READS.includes(k)))
  group('total', kinds)
  console.table(rows)
  const p = (kinds: Kind[], q: number) => percentile(kinds.flatMap((k) => samples.latencies.get(k) ?? []).sort((a, b) => a - b), q)
  const writes = kinds.filter((k) => !READS.includes(k))
  const total = kinds.reduce((n, k) => n + (samples.latencies.get(k)?.length ?? 0), 0)
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met')
  console.log(`Targets (issue #8, 200 members on 2 cores): write p50 ${Math.round(p(writes, 50))} ms ≤ 50: ${check(p(writes, 50) <= 50)}; ` +
    `write p99 ${Math.round(p(writes, 99))} ms ≤ 250: ${check(p(writes, 99) <= 250)}; ` +
    `detail p99 / feed p99 ${(p(['detail'], 99) / p(['feed'], 99)).toFixed(2)} ≤ 2: ${check(p(['detail'], 99) <= 2 * p(['feed'], 99))}; ` +
    `${Math.round(total / seconds)} req/s ≥ ${THROUGHPUT_TARGET}: ${check(total / seconds >= THROUGHPUT_TARGET)}`)
  console.log(`CPU over the measured window: server ${((serverCpu / seconds) * 100).toFixed(0)} %, bench client ${((benchCpu / seconds) * 100).toFixed(0)} % (of one core; the machine has 2)`)
}

/** Each engine (bench/engines.ts) in turn, from the same fresh copy of the dataset. */
export async function runMixed(choice: EngineChoice = { engines: ['sqlite'], url: null }): Promise<void> {
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  try {
    for (const engine of choice.engines) await runMixedOn(engine, choice)
  } finally {
    agent.destroy()
  }
}

async function runMixedOn(engine: BenchEngine, choice: EngineChoice): Promise<void> {
  freshRunDir()
  const data = await readDataset(path.join(RUN_DIR, 'shiliu.sqlite'))
  const env = await databaseEnv(engine, choice, path.join(RUN_DIR, 'shiliu.sqlite'), SCALE.notes, { fresh: true, name: 'shiliu_bench_mixed' })
  console.log(`\n=== ${ENGINE_LABELS[engine]} ===`)
  const server: BenchServer = await startServer(RUN_DIR, env)
  try {
    const base = new URL(server.url)
    const t0 = Date.now()
    const members = await signIn(base, data.members)
    console.log(`${members.length} members signed in (${((Date.now() - t0) / 1000).toFixed(1)} s); ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured`)
    const samples = new Samples()
    const startAt = performance.now() + WARMUP_SECONDS * 1000
    const endAt = startAt + SECONDS * 1000
    let cpuAtStart: [number, number] = [0, 0]
    const cpuTimer = setTimeout(() => (cpuAtStart = [cpuSeconds(server.child.pid!), process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6]), WARMUP_SECONDS * 1000)
    await Promise.all(
      members.map(async (m) => {
        while (performance.now() < endAt) {
          const kind = chooseKind(m.random)
          const [method, p, body] = request(kind, m, data)
          const started = performance.now()
          const reply = await send(base, method, p, m.token, body)
          const ended = performance.now()
          if (started >= startAt && ended <= endAt) samples.add(kind, ended - started, reply.status)
        }
      }),
    )
    clearTimeout(cpuTimer)
    const benchCpu = process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 - cpuAtStart[1]
    const serverCpu = cpuSeconds(server.child.pid!) - cpuAtStart[0]
    console.log(`\n${MEMBERS} members, no think time, ${SECONDS} s measured; ${SCALE.users} users / ${SCALE.notes} notes / ${SCALE.comments} comments / ${SCALE.likes} likes, ${ENGINE_LABELS[engine]}`)
    report(samples, SECONDS, serverCpu, benchCpu)
  } finally {
    const code = await server.stop()
    console.log(`server stopped (exit ${code})`)
  }
}

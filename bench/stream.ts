/**
 * npm run bench -- --stream: live notifications under load (issue 21). One instance of the built server on a
 * seeded SQLite dataset; STREAMS members each keep a notification stream open (5 per member at most, so one
 * stream per member here). Then:
 *   - time from a like's acknowledgement (its reply received) to its `notification` event on the author's
 *     stream, for LIKES likes sent one after another: p50 / p99 (target p99 < 250 ms);
 *   - the instance's RSS before and with the streams open;
 *   - the feed's throughput (autocannon, signed-in, 5 s) without and with the streams open (target: within 10 %).
 * With REDIS_URL set (or BENCH_REDIS_URL), the same latency across two instances: likes on A, streams on B.
 */
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import autocannon from 'autocannon'
import sqlite3 from 'sqlite3'
import { buildServer, ensureSeeded, SEED_PASSWORD, startServer, type BenchServer } from './server'

const ROOT = path.resolve(process.env.BENCH_STREAM_DIR ?? '.bench-data/stream')
const SEED_DIR = path.join(ROOT, 'seed')
const RUN_DIR = path.join(ROOT, 'run')
const SCALE = { users: 1_200, notes: 3_000, comments: 3_000, likes: 10_000 }
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000)
const LIKES = Number(process.env.BENCH_LIKES ?? 200)
const TARGET_P99_MS = 250

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function send(base: URL, method: string, pathname: string, token: string | null, json?: unknown): Promise<{ status: number; body: string }> {
  const payload = json === undefined ? undefined : JSON.stringify(json)
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) })
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path: pathname, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.end(payload)
  })
}

interface Member {
  id: number
  userId: string
  token: string
  /** One of the member's published notes (null: none), the target of the likes. */
  note: number | null
}

interface Dataset {
  people: Array<Omit<Member, 'token'>>
  /** `${liker}:${note}` pairs already liked in the seed: a like notifies once per pair ever, so these are skipped. */
  liked: Set<string>
}

/** The first `count` members (each with one of their notes, if any) and the likes already in the seed. */
function readDataset(file: string, count: number): Promise<Dataset> {
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY)
  const all = <T>(sql: string, params: unknown[] = []) => new Promise<T[]>((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))))
  return Promise.all([
    all<Omit<Member, 'token'>>(
      `SELECT u.id, u.user_id AS userId, (SELECT MIN(p.id) FROM posts p WHERE p.user_id = u.id AND p.is_draft = 0) AS note
       FROM users u WHERE u.is_active = 1 ORDER BY u.id LIMIT ?`,
      [count],
    ),
    all<{ user_id: number; target_id: number }>('SELECT user_id, target_id FROM likes WHERE target_type = 1'),
  ]).then(([people, likes]) => {
    db.close()
    return { people, liked: new Set(likes.map((l) => `${l.user_id}:${l.target_id}`)) }
  })
}

async function signIn(base: URL, people: Array<Omit<Member, 'token'>>): Promise<Member[]> {
  const out: Member[] = []
  let next = 0
  const worker = async () => {
    while (next < people.length) {
      const person = people[next++]!
      const reply = await send(base, 'POST', '/api/auth/login', null, { user_id: person.userId, password: SEED_PASSWORD })
      const token = (JSON.parse(reply.body) as { data?: { tokens?: { access_token?: string } } }).data?.tokens?.access_token
      if (!token) throw new Error(`cannot sign in as ${person.userId}: ${reply.status}`)
      out.push({ ...person, token })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return out
}

/** Open streams: each calls `onEvent(member, postId)` when a like notification arrives. */
async function openStreams(base: URL, members: Member[], onLike: (authorId: number, at: number) => void): Promise<http.ClientRequest[]> {
  const requests: http.ClientRequest[] = []
  for (const m of members) {
    const ticket = JSON.parse((await send(base, 'POST', '/api/notifications/stream-ticket', m.token)).body) as { data: { ticket: string } }
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: base.hostname, port: base.port, path: `/api/notifications/stream?ticket=${encodeURIComponent(ticket.data.ticket)}` }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream for ${m.userId}: ${res.statusCode}`))
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          buffer += chunk
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            if (block.includes('event: notification') && block.includes('"type":1')) onLike(m.id, performance.now())
          }
        })
        resolve()
      })
      req.on('error', () => undefined)
      requests.push(req)
    })
  }
  return requests
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : NaN
}

async function feedThroughput(url: string, token: string): Promise<number> {
  const result = await autocannon({ url: `${url}/api/posts?page=1&limit=20`, connections: 16, duration: 5, headers: { authorization: `Bearer ${token}` } })
  return result.requests.average
}

/** Likes one after another, each by a member who had not liked that note, on a streaming member's note; ms from ack to event. */
async function likeLatencies(likeBase: URL, members: Member[], liked: Set<string>, waiting: Map<number, (at: number) => void>): Promise<number[]> {
  const authors = members.filter((m) => m.note !== null)
  const latencies: number[] = []
  let k = 0
  for (let i = 0; i < LIKES; i++) {
    const author = authors[i % authors.length]!
    let liker = members[k++ % members.length]!
    while (liker.id === author.id || liked.has(`${liker.id}:${author.note}`)) liker = members[k++ % members.length]!
    liked.add(`${liker.id}:${author.note}`)
    const arrived = new Promise<number>((resolve) => waiting.set(author.id, resolve))
    const reply = await send(likeBase, 'POST', '/api/likes', liker.token, { target_type: 1, target_id: author.note })
    const acked = performance.now()
    if (reply.status !== 200) throw new Error(`like failed: ${reply.status} ${reply.body.slice(0, 200)}`)
    const at = await Promise.race([arrived, new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 5000))])
    waiting.delete(author.id)
    latencies.push(at - acked)
  }
  return latencies
}

function freshRunDir(): void {
  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true })
  for (const name of ['shiliu.sqlite', 'jwt-secret', 'uploads']) cpSync(path.join(SEED_DIR, name), path.join(RUN_DIR, name), { recursive: true })
}

export async function runStream(): Promise<void> {
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  freshRunDir()
  const { people, liked } = await readDataset(path.join(RUN_DIR, 'shiliu.sqlite'), STREAMS)
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? ''
  const env = { STREAM_MAX_CONNECTIONS: String(STREAMS + 100), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }
  const a: BenchServer = await startServer(RUN_DIR, env)
  let b: BenchServer | null = null
  const streams: http.ClientRequest[] = []
  try {
    const base = new URL(a.url)
    const members = await signIn(base, people)
    console.log(`${members.length} members signed in`)
    const rssBefore = rssMb(a.child.pid!)
    const feedBefore = await feedThroughput(a.url, members[0]!.token)
    const waiting = new Map<number, (at: number) => void>()
    const onLike = (authorId: number, at: number) => waiting.get(authorId)?.(at)
    const t0 = Date.now()
    streams.push(...(await openStreams(base, members, onLike)))
    console.log(`${streams.length} streams open (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
    const rssWith = rssMb(a.child.pid!)
    const feedWith = await feedThroughput(a.url, members[0]!.token)
    const one = await likeLatencies(base, members, liked, waiting)
    const lost = one.filter((v) => Number.isNaN(v)).length
    const ok = one.filter((v) => !Number.isNaN(v))
    const check = (met: boolean) => (met ? 'met' : 'MISSED')
    console.log(`\n=== one instance, ${streams.length} open streams ===`)
    console.log(`like acknowledged → event: p50 ${pct(ok, 50).toFixed(1)} ms, p99 ${pct(ok, 99).toFixed(1)} ms (${ok.length} likes, ${lost} events missing) — p99 < ${TARGET_P99_MS} ms: ${check(pct(ok, 99) < TARGET_P99_MS && lost === 0)}`)
    console.log(`server RSS: ${rssBefore.toFixed(0)} MB without streams, ${rssWith.toFixed(0)} MB with ${streams.length} (${(((rssWith - rssBefore) * 1024) / streams.length).toFixed(1)} KB per stream)`)
    console.log(`signed-in feed: ${feedBefore.toFixed(0)} req/s without streams, ${feedWith.toFixed(0)} req/s with them (${((feedWith / feedBefore - 1) * 100).toFixed(1)} %) — within 10 %: ${check(feedWith >= 0.9 * feedBefore)}`)
    if (redisUrl) {
      for (const s of streams.splice(0)) s.destroy()
      b = await startServer(RUN_DIR, env)
      const baseB = new URL(b.url)
      streams.push(...(await openStreams(baseB, members, onLike)))
      const two = await likeLatencies(base, members, liked, waiting)
      const okTwo = two.filter((v) => !Number.isNaN(v))
      console.log(`\n=== two instances through Redis: likes on A, ${streams.length} streams on B ===`)
      console.log(`like acknowledged → event: p50 ${pct(okTwo, 50).toFixed(1)} ms, p99 ${pct(okTwo, 99).toFixed(1)} ms (${two.length - okTwo.length} missing) — p99 < ${TARGET_P99_MS} ms: ${check(pct(okTwo, 99) < TARGET_P99_MS && okTwo.length === two.length)}`)
    } else console.log('\n(two instances through Redis: set REDIS_URL or BENCH_REDIS_URL to measure)')
  } finally {
    for (const s of streams) s.destroy()
    agent.destroy()
    if (b) await b.stop()
    await a.stop()
  }
}

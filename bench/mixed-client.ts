/**
 * The load driver of bench --mixed, run as its own process (node --import tsx) so that its CPU is measured
 * apart from the server's and the orchestrator's. Everything costly happens before the measured window: the
 * photos are read and their multipart bodies built once, the members sign in. Then every member loops
 * without think time over the mix (bench/mixed.ts) until the window ends. Lines on stdout tell the parent
 * when the window starts and ends (it samples CPU then), and the last one carries the samples.
 *
 * Plain node:http with keep-alive, one socket per member: ~0.1 ms of client CPU per request, reported.
 *
 * With `config.open` (--rate) it is an open loop instead (issue 42): requests arrive as a Poisson process at the
 * offered rate, whether earlier ones were answered or not, each from a member picked at random, and each is timed
 * from its scheduled arrival, so a server (or a driver) that falls behind shows in the latencies rather than
 * slowing the arrivals down (a closed loop's coordinated omission). How late the driver sent each is reported.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { chooseKind, openMix, type Kind, type MixedClientConfig, type MixedResult } from './mixed-mix'
import { prng } from '../tests/support/prng'

const config = JSON.parse(process.env.MIXED_CLIENT_CONFIG!) as MixedClientConfig
const base = new URL(config.url)
// An open loop has as many requests out as the server is behind: enough sockets that they wait in the server, not here.
const agent = new http.Agent({ keepAlive: true, maxSockets: config.open ? 2048 : config.members.length + 10 })

interface Reply {
  status: number
  body: string
  retryAfter?: string | undefined
}

function send(method: string, pathname: string, token: string | null, payload?: Buffer, contentType = 'application/json'): Promise<Reply> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (payload !== undefined) {
    headers['content-type'] = contentType
    headers['content-length'] = String(payload.length)
  }
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path: pathname, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: res.headers['retry-after'] }))
      res.on('error', () => resolve({ status: 0, body: '' }))
    })
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.end(payload)
  })
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value))

/** Multipart bodies of 1, 2 and 3 photos (field `files`, as the app's publish page sends them), built once. */
const BOUNDARY = '----shiliu-bench-7d1f0c2a'
function multipartBodies(files: string[]): Buffer[][] {
  const photos = files.map((f) => ({ name: path.basename(f), bytes: readFileSync(f) }))
  const body = (picked: typeof photos) =>
    Buffer.concat([
      ...picked.flatMap((p) => [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: image/jpeg\r\n\r\n`), p.bytes, Buffer.from('\r\n')]),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ])
  return [1, 2, 3].map((k) => photos.map((_, i) => body(Array.from({ length: k }, (_, j) => photos[(i + j) % photos.length]!))))
}

interface Member {
  token: string
  liked: Set<number>
  collected: Set<number>
  random: () => number
}

async function signIn(): Promise<Member[]> {
  const members: Member[] = []
  let next = 0
  const worker = async () => {
    while (next < config.members.length) {
      const userId = config.members[next++]!
      const reply = await send('POST', '/api/auth/login', null, json({ user_id: userId, password: config.password }))
      const token = (JSON.parse(reply.body) as { data?: { tokens?: { access_token?: string } } }).data?.tokens?.access_token
      if (!token) throw new Error(`cannot sign in as ${userId}: ${reply.status} ${reply.body.slice(0, 200)}`)
      members.push({ token, liked: new Set(), collected: new Set(), random: prng(members.length + 1) })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return members
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!

const latencies: Partial<Record<Kind, number[]>> = {}
const served: Partial<Record<Kind, number[]>> = {}
const failures: Partial<Record<Kind, Record<string, number>>> = {}
const refused: Partial<Record<Kind, number[]>> = {}
const lateness: number[] = []
let arrivals = 0
let windowStart = Infinity
let windowEnd = Infinity

/** Requests started in the window and not answered yet (counted as `unfinished` if still out at the deadline). */
const inFlight = new Map<number, Kind>()
let nextRequest = 0

function fail(kind: Kind, key: string): void {
  const f = (failures[kind] ??= {})
  f[key] = (f[key] ?? 0) + 1
}

/**
 * Every request started in the window counts, however late it ends: a slow upload started near the end is
 * waited for (members start nothing after the window), so long latencies are not cut off the percentiles.
 */
async function timed(kind: Kind, work: () => Promise<Reply>, arrival?: number): Promise<Reply> {
  const started = arrival ?? performance.now()
  const counted = started >= windowStart && started < windowEnd
  const id = nextRequest++
  if (counted) inFlight.set(id, kind)
  const reply = await work()
  if (counted && inFlight.delete(id)) {
    const ms = performance.now() - started
    ;(latencies[kind] ??= []).push(ms)
    if (reply.status < 200 || reply.status >= 300) fail(kind, String(reply.status || 'socket'))
    else (served[kind] ??= []).push(ms)
    if (reply.status === 503 && reply.retryAfter) (refused[kind] ??= []).push(ms)
  }
  return reply
}

/**
 * One step of member `m`: a request of the mix, or for publishing the upload and then the note. `arrival`: the
 * open loop's scheduled time, from which the (first) request is timed.
 */
async function step(m: Member, bodies: Buffer[][], kind: Kind = chooseKind(m.random), arrival?: number): Promise<void> {
  const note = () => pick(config.notes, m.random)
  switch (kind) {
    case 'feed':
      await timed(kind, () => send('GET', `/api/posts?page=${1 + Math.floor(m.random() * 5)}&limit=20`, m.token), arrival)
      return
    case 'detail':
      await timed(kind, () => send('GET', `/api/posts/${note()}`, m.token), arrival)
      return
    case 'comments':
      await timed(kind, () => send('GET', `/api/posts/${note()}/comments?page=1&limit=5`, m.token), arrival)
      return
    case 'profile':
      await timed(kind, () => send('GET', `/api/users/${encodeURIComponent(pick(config.members, m.random))}`, m.token), arrival)
      return
    case 'search':
      await timed(kind, () => send('GET', `/api/search?type=posts&keyword=${encodeURIComponent(pick(config.keywords, m.random))}&page=1&limit=20`, m.token), arrival)
      return
    case 'like': {
      const undo = m.liked.size > 0 && m.random() < 0.4
      const id = undo ? m.liked.values().next().value! : note()
      if (undo) m.liked.delete(id)
      else m.liked.add(id)
      await timed(kind, () => send(undo ? 'DELETE' : 'POST', '/api/likes', m.token, json({ target_type: 1, target_id: id })), arrival)
      return
    }
    case 'collect': {
      const undo = m.collected.size > 0 && m.random() < 0.4
      const id = undo ? m.collected.values().next().value! : note()
      if (undo) m.collected.delete(id)
      else m.collected.add(id)
      await timed(kind, () => send(undo ? 'DELETE' : 'POST', `/api/posts/${id}/collect`, m.token), arrival)
      return
    }
    case 'comment':
      await timed(kind, () => send('POST', '/api/comments', m.token, json({ post_id: note(), content: `同感！第${Math.floor(m.random() * 1000)}次来看这篇` })), arrival)
      return
    case 'upload': {
      // Publishing: 1–3 photos in one multipart upload, then the note with the returned URLs.
      const body = pick(pick(bodies, m.random), m.random)
      const uploaded = await timed('upload', () => send('POST', '/api/upload/multiple', m.token, body, `multipart/form-data; boundary=${BOUNDARY}`), arrival)
      if (uploaded.status !== 200 || performance.now() >= windowEnd) return
      const images = (JSON.parse(uploaded.body) as { data: { uploaded: Array<{ url: string }> } }).data.uploaded.map((u) => u.url)
      const note = { title: '今天的校园', content: '<p>图书馆门口的银杏黄了，午后阳光很好。</p>', images, category_id: pick(config.categories, m.random), tags: ['校园'], type: 1 }
      await timed('publish', () => send('POST', '/api/posts', m.token, json(note)))
      return
    }
    default:
      return
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The open loop: arrivals at `rate` per second with exponential gaps (a Poisson process, seeded), each sent as
 * soon as it is due, never waiting for earlier ones, by a member picked at random; resolves once every step
 * started before the window's end is over.
 */
async function openLoop(members: Member[], bodies: Buffer[][]): Promise<void> {
  const { rate, publishPercent } = config.open!
  const mix = openMix(publishPercent)
  const random = prng(4242)
  const steps: Array<Promise<void>> = []
  let due = performance.now()
  while (due < windowEnd) {
    const now = performance.now()
    if (due > now + 0.5) {
      await sleep(due - now)
      continue
    }
    if (due >= windowStart) {
      arrivals++
      lateness.push(now - due)
    }
    const member = pick(members, random)
    steps.push(step(member, bodies, chooseKind(random, mix), due))
    due += (-Math.log(1 - random()) * 1000) / rate
  }
  // The window ends on its own timer (the parent samples CPU then), after the last arrival, however quick its reply.
  await sleep(windowEnd - performance.now() + 5)
  await Promise.all(steps)
}

async function main(): Promise<void> {
  const bodies = multipartBodies(config.photos)
  const t0 = Date.now()
  const members = await signIn()
  console.log(`signed-in ${members.length} ${((Date.now() - t0) / 1000).toFixed(1)}`)
  const now = performance.now()
  windowStart = now + config.warmupSeconds * 1000
  windowEnd = windowStart + config.seconds * 1000
  setTimeout(() => console.log('window-start'), windowStart - now)
  setTimeout(() => console.log('window-end'), windowEnd - now)
  const finished = config.open
    ? openLoop(members, bodies)
    : Promise.all(
        members.map(async (m) => {
          while (performance.now() < windowEnd) await step(m, bodies)
        }),
      )
  // Requests still out this long after the window are counted as `unfinished` (a failure) and abandoned.
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, windowEnd - now + config.graceSeconds * 1000).unref())
  await Promise.race([finished, deadline])
  for (const kind of inFlight.values()) fail(kind, 'unfinished')
  agent.destroy()
  const result: MixedResult = { latencies, served, failures, ...(config.open ? { arrivals, lateness, refused } : {}) }
  // Written to a pipe, stdout is asynchronous: exit once the (large) result line is out, not before (a cut line
  // broke the parent's JSON.parse once).
  process.stdout.write(`result ${JSON.stringify(result)}\n`, () => process.exit(0))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})

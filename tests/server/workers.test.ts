/**
 * WORKERS=2: the built server as a cluster of two worker processes on one database (issue 19 part 4), on every
 * engine. Every request below goes on a connection of its own, so the primary hands them to both workers in
 * turn; what is asserted holds whichever worker answers each one:
 * - a note edited through one worker is never shown with its old title by the other (SQLite caches cards);
 * - a notification reaches the member's stream whichever worker the stream and the like went to;
 * - likes written through both workers at once are all counted (on SQLite, two writers taking turns);
 * - uploads and logins go through the CPU pools, whose slots the primary keeps for the whole server;
 * - each worker encodes images in an image process of its own, every thread of it below the worker's priority;
 * - GET /api/metrics adds up every worker's requests;
 * - a worker that dies is replaced, and SIGTERM stops them all cleanly.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { openEventStream, type StreamEvent } from '../support/event-stream'
import { request } from '../support/http'
import { insertMember, registerMember, type Member } from '../support/members'
import { startTestServer, sharedEnv, type TestServer } from '../support/server'
import { ensureServerBundle } from '../support/server-bundle'
import { startServerProcess, type ServerProcess } from '../support/server-process'
import { createCategory, createNote, imageBlob, uploadImage } from './member/support/notes'

const METRICS_TOKEN = 'workers-test-metrics-token'
const LIKERS = 16

let setup: TestServer
let cluster: ServerProcess
let url: string
let author: Member
let reader: Member
let likers: Member[]
let noteId: number

/** A request on a connection of its own (no keep-alive), so consecutive requests reach different workers. */
async function call<T>(method: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<{ status: number; data: T }> {
  const reply = await request(`${url}${path}`, { method, ...options, agent: new http.Agent({ keepAlive: false }) })
  return { status: reply.status, data: (JSON.parse(reply.body) as { data: T }).data }
}

/** A process's children. */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number)

/** The cluster's worker processes (the primary's children). */
const workerPids = (): number[] => childrenOf(cluster.child.pid!)

async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  // The data is made in-process, then the in-process server stops and the cluster takes the database over.
  setup = await startTestServer()
  author = await registerMember(setup)
  reader = await registerMember(setup)
  likers = await Promise.all(Array.from({ length: LIKERS }, () => insertMember(setup)))
  const categoryId = await createCategory(setup, '多进程', 'workers')
  const image = await uploadImage(setup, author.token)
  noteId = await createNote(setup, author.token, { title: '第一版', images: [image.url], category_id: categoryId })
  await setup.stop()
  cluster = startServerProcess([ensureServerBundle()], { ...sharedEnv(setup), WORKERS: '2', SHILIU_TEST_CAPTCHA: '1', METRICS_TOKEN, LOG_LEVEL: 'silent' })
  url = (await cluster.waitFor(/listening on (\S+)/))[1]!
  expect(cluster.stdout()).toContain('workers:    2 processes')
}, 120_000)

afterAll(async () => {
  await cluster?.stop('SIGKILL')
  await setup?.close()
})

describe('WORKERS=2', () => {
  it('serves from two worker processes', () => {
    expect(workerPids()).toHaveLength(2)
  })

  it('never shows a note edited through one worker with its old title on the other', async () => {
    const titles = async () => {
      const pages = await Promise.all(Array.from({ length: 6 }, () => call<{ posts: Array<{ id: number; title: string }> }>('GET', `/api/posts?user_id=${author.user_id}&limit=20`, { token: reader.token })))
      return pages.map((page) => page.data.posts.find((p) => p.id === noteId)?.title)
    }
    expect(await titles()).toEqual(Array(6).fill('第一版')) // both workers now hold the card
    expect((await call('PUT', `/api/posts/${noteId}`, { token: author.token, json: { title: '第二版' } })).status).toBe(200)
    expect(await titles()).toEqual(Array(6).fill('第二版'))
    const details = await Promise.all(Array.from({ length: 4 }, () => call<{ title: string }>('GET', `/api/posts/${noteId}`, { token: reader.token })))
    expect(details.map((d) => d.data.title)).toEqual(Array(4).fill('第二版'))
  })

  it('brings every notification to the stream, whichever worker holds it', async () => {
    const { data } = await call<{ ticket: string }>('POST', '/api/notifications/stream-ticket', { token: author.token })
    const stream = await openEventStream(`${url}/api/notifications/stream?ticket=${encodeURIComponent(data.ticket)}`)
    try {
      expect(stream.status).toBe(200)
      await stream.next((e) => e.event === 'counts')
      const from = likers.slice(0, 4)
      for (const member of from) expect((await call('POST', '/api/likes', { token: member.token, json: { target_type: 1, target_id: noteId } })).status).toBe(200)
      const seen = new Set<string>()
      const isLike = (e: StreamEvent) => e.event === 'notification' && (JSON.parse(e.data) as { type: number }).type === 1
      while (seen.size < from.length) seen.add((JSON.parse((await stream.next(isLike, 15_000)).data) as { from_user_id: string }).from_user_id)
      expect([...seen].sort()).toEqual(from.map((m) => m.user_id).sort())
    } finally {
      stream.close()
    }
  })

  it('counts every like written through both workers at once', async () => {
    const replies = await Promise.all(likers.map((member) => call('POST', '/api/likes', { token: member.token, json: { target_type: 1, target_id: noteId } })))
    expect(replies.map((r) => r.status)).toEqual(Array(LIKERS).fill(200))
    const detail = await call<{ like_count: number }>('GET', `/api/posts/${noteId}`, { token: reader.token })
    expect(detail.data.like_count).toBe(LIKERS)
  })

  it('processes uploads and password checks in both workers through the server-wide pools', async () => {
    const uploads = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const form = new FormData()
        form.append('file', await imageBlob({ width: 320 + i, height: 240 }), `photo${i}.png`)
        return fetch(`${url}/api/upload/single`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${author.token}` } })
      }),
    )
    expect(uploads.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const logins = await Promise.all(Array.from({ length: 2 }, () => call('POST', '/api/auth/login', { json: { user_id: author.user_id, password: 'secret123' } })))
    expect(logins.map((r) => r.status)).toEqual([200, 200])
  })

  it('encodes images in one image process per worker, every thread of it below the worker\'s priority', () => {
    for (const worker of workerPids()) {
      const images = childrenOf(worker).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('image-worker'))
      expect(images).toHaveLength(1)
      const threads = readdirSync(`/proc/${images[0]}/task`).map(Number)
      const priorities = threads.map((tid) => {
        try {
          return os.getPriority(tid)
        } catch {
          return null // ended meanwhile
        }
      })
      for (const p of priorities.filter((p) => p !== null)) expect(p).toBeGreaterThan(os.getPriority(worker))
    }
  })

  it('adds up every worker\'s requests in GET /api/metrics', async () => {
    const scrape = async () => {
      const reply = await request(`${url}/api/metrics`, { agent: new http.Agent({ keepAlive: false }), token: METRICS_TOKEN })
      expect(reply.status).toBe(200)
      const line = reply.body.split('\n').find((l) => l.startsWith('shiliu_http_request_duration_seconds_count{') && l.includes('route="/api/health/live"'))
      return line ? Number(line.split(' ').pop()) : 0
    }
    const before = await scrape()
    for (let i = 0; i < 10; i++) expect((await request(`${url}/api/health/live`, { agent: new http.Agent({ keepAlive: false }) })).status).toBe(200)
    expect(await scrape()).toBe(before + 10)
  })

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const [victim, survivor] = workerPids()
    process.kill(victim!, 'SIGKILL')
    await until(() => {
      const pids = workerPids()
      return pids.length === 2 && !pids.includes(victim!)
    })
    expect(workerPids()).toContain(survivor)
    const replies = await Promise.all(Array.from({ length: 6 }, () => call('GET', '/api/health/live')))
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200))
    const pids = workerPids()
    expect(await cluster.stop('SIGTERM')).toBe(0)
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow()
  }, 60_000)
})

describe('WORKERS configuration', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-workers-cfg-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const workers = (value?: string) => loadConfig({ DATA_DIR: dir, ...(value === undefined ? {} : { WORKERS: value }) }).workers

  it('is one process unless set; auto is one per core', () => {
    expect(workers()).toBe(1)
    expect(workers('')).toBe(1)
    expect(workers('3')).toBe(3)
    expect(workers('auto')).toBe(os.availableParallelism())
  })

  it.each(['0', '-1', '1.5', '65', 'all'])('refuses WORKERS=%s with a message that says what to set', (value) => {
    expect(() => workers(value)).toThrow(ConfigError)
    expect(() => workers(value)).toThrow(/WORKERS: WORKERS must be auto or a whole number from 1 to 64/)
  })
})

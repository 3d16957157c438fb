/**
 * Two instances started with SHILIU_DEMO=1 at the same moment on one empty PostgreSQL / MariaDB database
 * (issue 22 §8d): the seeding takes the migrations' lock, so one seeds, the other waits, finds the data and
 * serves; the dataset is there once. On SQLite (issue 41) the demo database file is prepared before the server
 * opens it, under a lock in DATA_DIR (server/seed/demo-lock.ts): two starts on one empty folder both serve the
 * one complete demo; a second start on the first one's port exits with a clear message.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import mysql from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINE_NAMES, runsOn, testDatabase, testEngine, type TestDatabase } from '../support/engines'
import { ensureServerBundle } from '../support/server-bundle'
import { startServerProcess, type ServerProcess } from '../support/server-process'

const dirs: string[] = []
const databases: TestDatabase[] = []
const processes: ServerProcess[] = []
let bundle: string
beforeAll(() => {
  bundle = ensureServerBundle()
})
afterAll(async () => {
  for (const p of processes) await p.stop().catch(() => {})
  for (const db of databases) await db.drop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function count(url: string, sql: string): Promise<number> {
  if (url.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return Number((await client.query<{ n: string }>(sql)).rows[0]!.n)
    } finally {
      await client.end()
    }
  }
  const conn = await mysql.createConnection(url)
  try {
    const [rows] = await conn.query(sql)
    return Number((rows as Array<{ n: number }>)[0]!.n)
  } finally {
    await conn.end()
  }
}

describe.runIf(runsOn('postgres', 'mysql'))(`demo seeding by two processes at once on ${ENGINE_NAMES[testEngine()]}`, () => {
  it('both start and serve (two `npm run demo` on one DATA_DIR); the demo dataset exists once', async () => {
    for (let round = 0; round < 2; round++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-demo-instances-'))
      dirs.push(dir)
      const db = await testDatabase('demo_twice', dir)
      databases.push(db)
      const env = { DATA_DIR: dir, SHILIU_DEMO: '1', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters', ...db.env }
      const pair = [startServerProcess([bundle], env), startServerProcess([bundle], env)]
      processes.push(...pair)
      const urls = await Promise.all(pair.map(async (p) => (await p.waitFor(/listening on (\S+)/, 180_000))[1]!))
      expect(await count(db.url, "SELECT COUNT(*) AS n FROM users WHERE user_id = 'demo'")).toBe(1)
      for (const url of urls) {
        const res = await fetch(`${url}/api/posts?page=1&limit=5`)
        expect(res.status).toBe(200)
        expect(((await res.json()) as { data: { pagination: { total: number } } }).data.pagination.total).toBeGreaterThan(0)
      }
      for (const p of pair) expect(await p.stop()).toBe(0)
    }
  }, 600_000)
})

interface PostsReply {
  data: { pagination: { total: number } }
}

describe.runIf(runsOn('sqlite'))('demo preparation by two processes at once on one SQLite data directory', () => {
  const total = async (url: string) => ((await (await fetch(`${url}/api/posts?page=1&limit=5`)).json()) as PostsReply).data.pagination.total

  it('both start and serve the same complete demo (two `npm run demo` on one empty folder)', async () => {
    for (let round = 0; round < 2; round++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-demo-instances-'))
      dirs.push(dir)
      const env = { DATA_DIR: dir, SHILIU_DEMO: '1', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters', LOG_LEVEL: 'info' }
      const pair = [startServerProcess([bundle], env), startServerProcess([bundle], env)]
      processes.push(...pair)
      const urls = await Promise.all(pair.map(async (p) => (await p.waitFor(/listening on (\S+)/, 300_000))[1]!))
      // One of them prepared the database; the other found it complete (having waited, or come after).
      expect(pair.filter((p) => p.stdout().includes('preparing the demo database'))).toHaveLength(1)
      const totals = await Promise.all(urls.map(total))
      expect(totals[0]).toBeGreaterThan(0)
      expect(totals[1]).toBe(totals[0])
      for (const p of pair) expect(await p.stop()).toBe(0)
    }
  }, 600_000)

  it('a second demo on the first one’s port exits with a clear message and leaves the first serving', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-demo-port-'))
    dirs.push(dir)
    const env = { DATA_DIR: dir, SHILIU_DEMO: '1', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' }
    const first = startServerProcess([bundle], env)
    processes.push(first)
    const url = (await first.waitFor(/listening on (\S+)/, 300_000))[1]!
    const second = startServerProcess([bundle], { ...env, PORT: new URL(url).port })
    processes.push(second)
    expect(await second.exited).toBe(1)
    expect(second.stderr()).toMatch(/Port \d+ on 127\.0\.0\.1 is already in use/)
    expect(second.stderr()).not.toMatch(/\n\s+at /)
    expect(await total(url)).toBeGreaterThan(0)
    expect(await first.stop()).toBe(0)
  }, 600_000)
})

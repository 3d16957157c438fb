/**
 * The first start of a demo cannot be half-done (server/seed/demo-prepare.ts). The real server bundle is run
 * as a process, frozen at a chosen point of the preparation (SHILIU_TEST_DEMO_STALL_AT) and killed with
 * SIGKILL there; the next start must give the same complete demo as an uninterrupted one: every row, every
 * media file the rows name, nothing left of the temporary folder. Also: the per-installation administrator
 * password of the desktop app, and the upgrade of an installation seeded with the published one.
 *
 * SQLite's path only (the demo database file staged and renamed in place), whichever engine project runs the
 * suite: it runs in the sqlite project and is skipped in the others, where it ran the same SQLite starts again
 * (3 × 13 server starts, the suite's longest file). The demo on PostgreSQL / MariaDB is demo-instances.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sqlite3 from 'sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runsOn } from '../support/engines'
import { STAGING_DIR } from '../../server/seed/demo-prepare'
import { ensureServerBundle } from '../support/server-bundle'
import { startServerProcess } from '../support/server-process'

const TABLES = ['users', 'admins', 'posts', 'post_images', 'post_videos', 'comments', 'likes', 'collections', 'follows', 'notifications', 'tags', 'verifications']

let bundle: string
const dirs: string[] = []
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-demo-prep-'))
  dirs.push(dir)
  return dir
}

beforeAll(() => {
  if (runsOn('sqlite')) bundle = ensureServerBundle()
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function startDemo(dataDir: string, env: Record<string, string> = {}) {
  const server = startServerProcess([bundle], { DATA_DIR: dataDir, SHILIU_DEMO: '1', ...env })
  const [, url] = await server.waitFor(/listening on (\S+)/, 120_000)
  return { server, url: url! }
}

/** Runs a complete start and stops it cleanly (exit 0). */
async function completeStart(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const { server, url } = await startDemo(dataDir, env)
  expect((await fetch(`${url}/api/health`)).status).toBe(200)
  expect(await server.stop()).toBe(0)
}

function all<T>(db: sqlite3.Database, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => db.all(sql, (err, rows) => (err ? reject(err) : resolve(rows as T[]))))
}

interface DemoState {
  counts: Record<string, number>
  /** Media URLs named by the rows whose file is missing. */
  missing: string[]
  /** How many distinct media files the rows name. */
  named: number
}

/** Row counts and the media files the rows name, read from the stopped server's database file. */
async function inspect(dataDir: string): Promise<DemoState> {
  const db = new sqlite3.Database(path.join(dataDir, 'shiliu.sqlite'), sqlite3.OPEN_READONLY)
  try {
    const counts: Record<string, number> = {}
    for (const table of TABLES) counts[table] = Number((await all<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${table}`))[0]!.n)
    const urls = new Set<string>()
    for (const sql of [
      'SELECT url FROM post_images',
      'SELECT thumbnail_url AS url FROM post_images',
      'SELECT url FROM post_videos',
      'SELECT cover_url AS url FROM post_videos',
      'SELECT avatar AS url FROM users',
    ]) {
      for (const row of await all<{ url: string | null }>(db, sql)) if (row.url?.startsWith('/uploads/demo/')) urls.add(row.url)
    }
    const missing = [...urls].filter((url) => !existsSync(path.join(dataDir, url)))
    return { counts, missing, named: urls.size }
  } finally {
    await new Promise((resolve) => db.close(resolve))
  }
}

let reference: DemoState

describe.runIf(runsOn('sqlite'))('demo preparation', () => {
  beforeAll(async () => {
    const dataDir = freshDataDir()
    await completeStart(dataDir)
    reference = await inspect(dataDir)
  }, 180_000)

  it('an uninterrupted first start gives the whole demo: rows and every media file they name', () => {
    expect(reference.counts.users).toBeGreaterThan(40)
    expect(reference.counts.posts).toBe(320)
    expect(reference.counts.comments).toBeGreaterThan(900)
    expect(reference.counts.admins).toBe(1)
    expect(reference.named).toBeGreaterThan(100)
    expect(reference.missing).toEqual([])
  })

  for (const point of ['media-half', 'seed-2', 'seed-5', 'seed-8', 'before-rename']) {
    it(`killed at ${point}, the next start completes the demo`, async () => {
      const dataDir = freshDataDir()
      const stalled = startServerProcess([bundle], { DATA_DIR: dataDir, SHILIU_DEMO: '1', SHILIU_TEST_DEMO_STALL_AT: point })
      await stalled.waitFor(new RegExp(`demo preparation stalled at ${point}`), 120_000)
      expect(await stalled.stop('SIGKILL')).toBe('SIGKILL')
      // Nothing half-made is in place: no database file yet (it is only ever renamed in complete).
      expect(existsSync(path.join(dataDir, 'shiliu.sqlite'))).toBe(false)

      await completeStart(dataDir)
      const state = await inspect(dataDir)
      expect(state.counts).toEqual(reference.counts)
      expect(state.named).toBe(reference.named)
      expect(state.missing).toEqual([])
      expect(existsSync(path.join(dataDir, STAGING_DIR))).toBe(false)
      expect(readdirSync(path.join(dataDir, 'uploads', 'demo', 'images')).filter((f) => f.endsWith('.tmp'))).toEqual([])
    }, 180_000)
  }

  it('puts back demo media files that went missing after the first start', async () => {
    const dataDir = freshDataDir()
    await completeStart(dataDir)
    const images = path.join(dataDir, 'uploads', 'demo', 'images')
    const thumbs = path.join(dataDir, 'uploads', 'demo', 'thumbs')
    const gone = readdirSync(images).slice(0, 5)
    for (const file of gone) unlinkSync(path.join(images, file))
    unlinkSync(path.join(thumbs, readdirSync(thumbs)[0]!))
    const before = statSync(path.join(dataDir, 'shiliu.sqlite')).ino
    await completeStart(dataDir)
    expect((await inspect(dataDir)).missing).toEqual([])
    for (const file of gone) expect(existsSync(path.join(images, file)), file).toBe(true)
    // The database was kept, not prepared again.
    expect(statSync(path.join(dataDir, 'shiliu.sqlite')).ino).toBe(before)
  }, 180_000)
})

describe.runIf(runsOn('sqlite'))('the demo administrator password', () => {
  async function adminLogin(url: string, password: string): Promise<number> {
    const res = await fetch(`${url}/api/auth/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })
    return res.status
  }

  it('is the per-installation one when SHILIU_DEMO_ADMIN_PASSWORD is set (desktop app), not the published one', async () => {
    const { server, url } = await startDemo(freshDataDir(), { SHILIU_DEMO_ADMIN_PASSWORD: 'k3-Horse-Battery-77' })
    expect(await adminLogin(url, 'admin123456')).toBe(401)
    expect(await adminLogin(url, 'k3-Horse-Battery-77')).toBe(200)
    expect(await server.stop()).toBe(0)
  }, 180_000)

  it('replaces the published password of an installation seeded before, but keeps one the administrator chose', async () => {
    const dataDir = freshDataDir()
    await completeStart(dataDir) // headless demo: admin / admin123456
    let { server, url } = await startDemo(dataDir, { SHILIU_DEMO_ADMIN_PASSWORD: 'first-Own-Password-1' })
    expect(await adminLogin(url, 'admin123456')).toBe(401)
    expect(await adminLogin(url, 'first-Own-Password-1')).toBe(200)
    expect(await server.stop()).toBe(0)
    // A later start with another configured password does not override the one now in use.
    ;({ server, url } = await startDemo(dataDir, { SHILIU_DEMO_ADMIN_PASSWORD: 'second-Password-2' }))
    expect(await adminLogin(url, 'second-Password-2')).toBe(401)
    expect(await adminLogin(url, 'first-Own-Password-1')).toBe(200)
    expect(await server.stop()).toBe(0)
  }, 180_000)
})

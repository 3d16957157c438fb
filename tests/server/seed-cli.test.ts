/**
 * `npm run seed` (the built server/cli/seed.ts, as npm runs it) on the run's engine: a small dataset whose counters
 * all match their rows, refusal of a non-empty database, --reset; and the generator's determinism
 * (engine-independent: SQLite run only).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { DatabaseConfig } from '../../server/config'
import { openDatabase } from '../../server/db/data-source'
import { generate } from '../../server/seed/generator'
import { demoMedia, installDemoMedia } from '../../server/seed/media'
import { DEFAULTS, type SeedOptions } from '../../server/seed/options'
import { runCli } from '../support/cli'
import { counterMismatches } from '../support/consistency'
import { ENGINE_NAMES, runsOn, testDatabase, testEngine } from '../support/engines'

const USERS = 200
const NOTES = 2000
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-seed-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const seedCli = (args: string[], env: Record<string, string>) => runCli('seed', args, env)

async function counts(db: DatabaseConfig): Promise<Record<string, number>> {
  const ds = await openDatabase(db)
  try {
    const out: Record<string, number> = {}
    for (const table of ['users', 'posts', 'comments', 'likes', 'collections', 'follows', 'notifications', 'post_images', 'verifications']) {
      const [row]: Array<{ n: number | string }> = await ds.query(`SELECT COUNT(*) AS n FROM ${table}`)
      out[table] = Number(row?.n ?? 0)
    }
    out.mismatches = (await counterMismatches(ds)).length
    return out
  } finally {
    await ds.destroy()
  }
}

/** The scenario every engine runs: seed, check, refuse a second seed, --reset with a smaller one. */
async function scenario(db: DatabaseConfig, env: Record<string, string>): Promise<void> {
  const first = await seedCli(['--users', String(USERS), '--notes', String(NOTES), '--comments-per-note', '3', '--likes', '20000', '--follows', '3000'], env)
  expect(first.code, first.stderr).toBe(0)
  expect(first.stdout).toMatch(/Done in [\d.]+ s/)
  expect(first.stdout).toMatch(/Database size: [\d.]+ (KB|MB|GB)/)
  // Large enough for the index-deferring path (SQLite and PostgreSQL set secondary indexes aside).
  expect(first.stdout).toMatch(/indexes set aside[\s\S]*indexes rebuilt/)
  const c = await counts(db)
  expect(c).toMatchObject({ users: USERS, posts: NOTES, comments: NOTES * 3, likes: 20000, follows: 3000, mismatches: 0 })
  expect(c.notifications).toBeGreaterThan(20000)
  expect(c.post_images).toBeGreaterThan(NOTES)
  expect(c.verifications).toBeGreaterThan(0)

  const refused = await seedCli(['--users', '10', '--notes', '10'], env)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/already has content; add --reset/)

  const reset = await seedCli(['--users', '30', '--notes', '50', '--reset'], env)
  expect(reset.code, reset.stderr).toBe(0)
  expect(await counts(db)).toMatchObject({ users: 30, posts: 50, comments: 150, likes: 500, mismatches: 0 })
}

describe('npm run seed', () => {
  it(`${ENGINE_NAMES[testEngine()]}: ${USERS} users / ${NOTES} notes, counters consistent, refuses a non-empty database, --reset`, async () => {
    const dataDir = tempDir()
    const db = await testDatabase('seed', dataDir)
    try {
      await scenario(db.config, { DATA_DIR: dataDir, ...db.env })
    } finally {
      await db.drop()
    }
  }, 300_000)

  it.runIf(runsOn('sqlite'))('rejects bad arguments with the usage', async () => {
    const result = await seedCli(['--users', 'many'], { DATA_DIR: tempDir() })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Usage: npm run seed/)
  }, 60_000)
})

describe.runIf(runsOn('sqlite'))('seed generator', () => {
  const options = (hash: string): SeedOptions => ({
    ...DEFAULTS,
    users: 60,
    notes: 150,
    comments: 400,
    likes: 1500,
    collections: 300,
    follows: 500,
    now: new Date('2025-03-01T12:00:00Z'),
    passwordHash: hash,
    specialUsers: [],
    admins: [],
    pendingVerifications: 2,
    rejectedVerifications: 2,
  })
  let run = 0
  const dump = async (dataDir: string, seed: number): Promise<string> => {
    const ds = await openDatabase({ kind: 'sqlite', url: path.join(dataDir, `run-${++run}.sqlite`) })
    try {
      await installDemoMedia(path.join(dataDir, 'uploads'))
      const media = demoMedia()
      await generate(ds, { ...options('not-a-real-hash'), seed }, media, () => {})
      const parts: unknown[] = []
      for (const sql of ['SELECT user_id, nickname, created_at FROM users', 'SELECT title, content, user_id, like_count, hot_score FROM posts', 'SELECT post_id, user_id, parent_id, content FROM comments', 'SELECT user_id, target_type, target_id FROM likes']) {
        parts.push(await ds.query(`${sql} ORDER BY 1, 2, 3`))
      }
      return JSON.stringify(parts)
    } finally {
      await ds.destroy()
    }
  }

  it('is deterministic: the same seed gives the same rows, another seed different ones', async () => {
    const dir = tempDir()
    const a = await dump(dir, 7)
    const b = await dump(dir, 7)
    const c = await dump(dir, 8)
    expect(a).toBe(b)
    expect(a).not.toBe(c)
  }, 120_000)
})

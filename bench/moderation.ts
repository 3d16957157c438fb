/**
 * npm run bench -- --moderation: what moderation data costs the reads (issue 18). The signed-in feed, the
 * recommend channel and search are measured on a seeded SQLite dataset, then again after 1,000 blocks
 * (50 of them the measuring member's own, so its lists really filter) and 500 watched words are added:
 * each figure must stay within 10 % of the one without them. Blocks and words are written with the server
 * stopped (the one-writer rule: nothing else writes while it runs).
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import sqlite3 from 'sqlite3'
import { buildServer, ensureSeeded, SEED_PASSWORD, startServer } from './server'

const ROOT = path.resolve(process.env.BENCH_MODERATION_DIR ?? '.bench-data/moderation')
const SEED_DIR = path.join(ROOT, 'seed')
const RUN_DIR = path.join(ROOT, 'run')
const SCALE = { users: 2_000, notes: 20_000, comments: 20_000, likes: 50_000 }
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const BLOCKS = 1000
const OWN_BLOCKS = 50
const WORDS = 500

function run(file: string, sql: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const db = new sqlite3.Database(file)
  return new Promise((resolve, reject) =>
    db.all(sql, params, (err, rows) => {
      db.close()
      if (err) reject(err)
      else resolve(rows as Array<Record<string, unknown>>)
    }),
  )
}

/** 1,000 blocks (the first OWN_BLOCKS by `viewerId`, of the most prolific authors) and 500 watched words, in one transaction. */
async function addModerationData(file: string, viewerId: number): Promise<void> {
  const authors = (await run(file, 'SELECT user_id AS id FROM posts WHERE user_id <> ? GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT ?', [viewerId, OWN_BLOCKS])).map((r) => Number(r.id))
  const users = (await run(file, 'SELECT id FROM users ORDER BY id LIMIT 400')).map((r) => Number(r.id))
  const pairs = new Set<string>(authors.map((a) => `${viewerId}:${a}`))
  // Three blocks by each of the other members, of members further along (distinct pairs, no self-blocks).
  for (let i = 0; pairs.size < BLOCKS && i < users.length * 3; i++) {
    const a = users[Math.floor(i / 3) % users.length]!
    const b = users[(Math.floor(i / 3) + 1 + (i % 3) * 17) % users.length]!
    if (a !== b && a !== viewerId) pairs.add(`${a}:${b}`)
  }
  const statements = ['BEGIN']
  for (const pair of pairs) {
    const [a, b] = pair.split(':')
    statements.push(`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES (${Number(a)}, ${Number(b)})`)
  }
  for (let i = 0; i < WORDS; i++) statements.push(`INSERT INTO watched_words (word, folded, action) VALUES ('敏感词${i}号', '敏感词${i}号', '${['block', 'review', 'replace'][i % 3]}')`)
  statements.push('COMMIT')
  const db = new sqlite3.Database(file)
  await new Promise<void>((resolve, reject) => db.exec(statements.join(';\n'), (err) => (db.close(), err ? reject(err) : resolve())))
}

interface Figure {
  name: string
  rps: number
  p99: number
}

async function measureReads(): Promise<Figure[]> {
  const server = await startServer(RUN_DIR)
  try {
    const viewer = (await run(path.join(RUN_DIR, 'shiliu.sqlite'), 'SELECT user_id FROM users WHERE id = 1'))[0]!.user_id as string
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: viewer, password: SEED_PASSWORD }) })
    const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
    const headers = { authorization: `Bearer ${token}` }
    const routes: Array<[string, string]> = [
      ['feed page 1 (signed in)', '/api/posts?page=1&limit=20'],
      ['recommend (signed in)', '/api/posts?page=1&limit=20&category=recommend'],
      ['search 2-char (signed in)', `/api/search?type=posts&keyword=${encodeURIComponent('学习')}`],
    ]
    const figures: Figure[] = []
    for (const [name, p] of routes) {
      await autocannon({ url: server.url + p, connections: 4, duration: 1, headers })
      const r = await autocannon({ url: server.url + p, connections: 16, duration: SECONDS, headers })
      figures.push({ name, rps: r.requests.average, p99: r.latency.p99 })
    }
    return figures
  } finally {
    await server.stop()
  }
}

export async function runModeration(): Promise<void> {
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true })
  for (const name of ['shiliu.sqlite', 'jwt-secret', 'uploads']) cpSync(path.join(SEED_DIR, name), path.join(RUN_DIR, name), { recursive: true })
  const before = await measureReads()
  await addModerationData(path.join(RUN_DIR, 'shiliu.sqlite'), 1)
  const after = await measureReads()
  console.log(`\n${SCALE.users} users / ${SCALE.notes} notes; then ${BLOCKS} blocks (${OWN_BLOCKS} by the measuring member) and ${WORDS} watched words; SQLite, 16 connections, ${SECONDS} s each`)
  console.log('scenario'.padEnd(30), 'req/s without'.padStart(14), 'req/s with'.padStart(12), 'change'.padStart(8), 'p99 without/with (ms)'.padStart(24), '  within 10 %')
  for (const [i, b] of before.entries()) {
    const a = after[i]!
    const change = a.rps / b.rps - 1
    console.log(b.name.padEnd(30), b.rps.toFixed(0).padStart(14), a.rps.toFixed(0).padStart(12), `${(change * 100).toFixed(1)} %`.padStart(8), `${b.p99} / ${a.p99}`.padStart(24), change >= -0.1 ? '  met' : '  MISSED')
  }
}

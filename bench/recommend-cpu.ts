/**
 * CPU of the personalised 推荐 against the signed-in feed, in process (no HTTP: the envelope, Koa and the socket
 * cost the same for both), on a generated dataset: `npx tsx bench/recommend-cpu.ts [sqlite|postgres|mysql]`.
 * Writes users, categories, tags, notes, likes, collections and follows with multi-row inserts, rebuilds the
 * discovery signals, then for REPS members measures the CPU (process.cpuUsage, every thread of the process) of:
 * the signed-in feed page 1 (domain/feed.ts), 推荐 page 1 ranked afresh, 推荐 page 1 continuing a fresh session,
 * and 推荐 page 2. PostgreSQL / MariaDB: the local servers (a scratch database each, dropped afterwards).
 */
import 'reflect-metadata'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DataSource } from 'typeorm'
import type { DatabaseKind } from '../server/config'
import { openDatabase } from '../server/db/data-source'
import { readerFor } from '../server/db/reader'
import { execute } from '../server/db/sql'
import { inTransaction } from '../server/db/transaction'
import { postListQuery } from '../server/contract/posts'
import { rebuildDiscoverySignals } from '../server/domain/discovery'
import { recommendFeed } from '../server/domain/discovery/feed'
import { listFeed } from '../server/domain/feed'

const kind = (process.argv[2] ?? 'sqlite') as DatabaseKind
const SCALE = { users: 2000, notes: 20_000, tags: 300, categories: 10, likes: 100_000, collections: 20_000, follows: 10_000 }
const REPS = Number(process.env.REPS ?? 300)

/** mulberry32: a small seeded generator (the same dataset every run). */
let seed = 42
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (n: number) => 1 + Math.floor(rand() * n)

async function scratch(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rec-cpu-'))
    return { url: path.join(dir, 'bench.sqlite'), drop: async () => (process.env.KEEP_DB ? undefined : rmSync(dir, { recursive: true, force: true })) }
  }
  const adminUrl = kind === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/postgres' : 'mysql://root@127.0.0.1:3306/test'
  const admin = new DataSource({ type: kind, url: adminUrl })
  await admin.initialize()
  await admin.query('DROP DATABASE IF EXISTS shiliu_recommend_cpu')
  await admin.query('CREATE DATABASE shiliu_recommend_cpu')
  return {
    url: kind === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/shiliu_recommend_cpu' : 'mysql://root@127.0.0.1:3306/shiliu_recommend_cpu',
    drop: async () => {
      await admin.query('DROP DATABASE IF EXISTS shiliu_recommend_cpu')
      await admin.destroy()
    },
  }
}

async function insertRows(ds: DataSource, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const per = Math.floor(900 / columns.length)
  for (let i = 0; i < rows.length; i += per * 20) {
    await inTransaction(ds, async (m) => {
      for (let j = i; j < Math.min(rows.length, i + per * 20); j += per) {
        const chunk = rows.slice(j, j + per)
        await execute(m, `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}`, chunk.flat() as never[])
      }
    })
  }
}

async function generate(ds: DataSource): Promise<void> {
  const now = Date.now()
  const at = (daysAgo: number) => {
    const d = new Date(now - daysAgo * 86_400_000)
    return kind === 'sqlite' ? d.toISOString().replace('T', ' ').replace('Z', '') : d
  }
  await insertRows(ds, 'users', ['user_id', 'nickname', 'password_hash', 'avatar', 'location', 'interests'], Array.from({ length: SCALE.users }, (_, i) => [`u${i}`, `成员${i}`, 'x', '', '未知', i % 5 === 0 ? JSON.stringify([`标签${pick(SCALE.tags)}`]) : null]))
  await insertRows(ds, 'categories', ['name', 'category_title', 'post_count'], Array.from({ length: SCALE.categories }, (_, i) => [`分类${i}`, `c${i}`, 0]))
  await insertRows(ds, 'tags', ['name', 'use_count'], Array.from({ length: SCALE.tags }, (_, i) => [`标签${i + 1}`, 0]))
  await insertRows(
    ds,
    'posts',
    ['user_id', 'title', 'content', 'type', 'is_draft', 'category_id', 'search_text', 'hot_score', 'created_at', 'updated_at'],
    Array.from({ length: SCALE.notes }, (_, i) => {
      const age = (SCALE.notes - i) / 200
      return [pick(SCALE.users), `笔记${i}`, '内容', 1, false, pick(SCALE.categories), '笔记', rand() * 2 + (now / 1000 - age * 86400) / 45000, at(age), at(age)]
    }),
  )
  const postTags = new Set<string>()
  for (let p = 1; p <= SCALE.notes; p++) for (let k = 0; k < 1 + (p % 3); k++) postTags.add(`${p}|${pick(SCALE.tags)}`)
  await insertRows(ds, 'post_tags', ['post_id', 'tag_id'], [...postTags].map((k) => k.split('|').map(Number)))
  const pairs = (n: number, of: number) => {
    const seen = new Set<string>()
    while (seen.size < n) seen.add(`${pick(SCALE.users)}|${pick(of)}`)
    return [...seen].map((k) => k.split('|').map(Number))
  }
  await insertRows(ds, 'likes', ['user_id', 'target_type', 'target_id', 'created_at'], pairs(SCALE.likes, SCALE.notes).map(([u, p]) => [u, 1, p, at(rand() * 60)]))
  await insertRows(ds, 'collections', ['user_id', 'post_id', 'created_at'], pairs(SCALE.collections, SCALE.notes).map(([u, p]) => [u, p, at(rand() * 60)]))
  await insertRows(ds, 'follows', ['follower_id', 'following_id', 'created_at'], pairs(SCALE.follows, SCALE.users).filter(([a, b]) => a !== b).map(([a, b]) => [a, b, at(rand() * 60)]))
  if (kind === 'postgres') await ds.query('ANALYZE')
  if (kind === 'sqlite') await inTransaction(ds, (m) => execute(m, 'ANALYZE'))
}

function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function measure(name: string, run: (member: number) => Promise<unknown>, before?: (member: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await run(pick(SCALE.users)) // warm-up
  let total = 0
  for (let i = 0; i < REPS; i++) {
    const member = pick(SCALE.users)
    if (before) await before(member)
    const t0 = cpuMs()
    await run(member)
    total += cpuMs() - t0
  }
  console.log(`${kind.padEnd(8)} ${name.padEnd(42)} ${(total / REPS).toFixed(3)} ms CPU / request`)
}

// REUSE_DB=<sqlite file>: measure again on a database this script generated before (kept, not dropped).
const reuse = kind === 'sqlite' ? process.env.REUSE_DB : undefined
const target = reuse ? { url: reuse, drop: async () => undefined } : await scratch()
const ds = await openDatabase({ kind, url: target.url })
try {
  const t = Date.now()
  if (!reuse) {
    await generate(ds)
    await rebuildDiscoverySignals(ds)
    console.log(`${kind}: generated and rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s (${target.url})`)
  }
  const reader = readerFor(ds)
  const q1 = postListQuery.parse({ page: '1', limit: '20' })
  const r1 = postListQuery.parse({ page: '1', limit: '20', recommend: '1' })
  const r2 = postListQuery.parse({ page: '2', limit: '20', recommend: '1' })
  const viewer = (id: number) => ({ id, blocksSomeone: false })
  const stale = (id: number) => inTransaction(ds, (m) => execute(m, 'UPDATE recommend_sessions SET reuse_until = 0 WHERE user_id = ?', [id]))
  await measure('signed-in feed page 1', (id) => listFeed(reader, kind, viewer(id), q1))
  await measure('推荐 page 1, ranked afresh (with its write)', (id) => recommendFeed(ds, reader, kind, viewer(id), r1), stale)
  await measure('推荐 page 1, continuing a fresh session', (id) => recommendFeed(ds, reader, kind, viewer(id), r1), (id) => recommendFeed(ds, reader, kind, viewer(id), r1))
  await measure('推荐 page 2', (id) => recommendFeed(ds, reader, kind, viewer(id), r2), (id) => recommendFeed(ds, reader, kind, viewer(id), r1))
} finally {
  await ds.destroy()
  await target.drop()
}

/**
 * npm run eval:search [-- --database-url postgres://…/empty_db] [-- --existing DIR_OR_URL]
 *
 * Search quality and latency, old (character pairs, newest first) against new (words, relevance blend):
 *   1. builds the demo dataset (SHILIU_DEMO=1) into a temporary DATA_DIR (or the EMPTY PostgreSQL database
 *      given by --database-url) by starting the real server;
 *   2. runs every judged query (tests/search-judgements/queries.json) through the real search route
 *      (GET /api/search/posts, first 10 results) and the old statement over a legacy pair index of the same
 *      notes, and prints precision@10 and NDCG@10 of each, per query and on average, and their ratio;
 *   3. times the old and the new page statement of every query on the same connection (median of RUNS).
 * --existing DIR_OR_URL skips 1–2 and only times the statements over an already seeded database (a larger
 * set made with `npm run seed`): an SQLite DATA_DIR or a postgres:// URL.
 */
import 'reflect-metadata'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config'
import { startServer } from '../../server/main'
import { postgresEngine, sqliteEngine, type SearchEngine } from './engines'
import { loadQueries, ndcgAt, precisionAt, relevantIds } from './judged'

const K = 10
const RUNS = Number(process.env.EVAL_RUNS ?? 25)
const root = path.resolve(import.meta.dirname, '../..')

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint()
    await fn()
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

const f3 = (n: number) => n.toFixed(3)
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0)))

function engineFor(target: string): Promise<SearchEngine> {
  return /^postgres(ql)?:/.test(target) ? postgresEngine(target) : Promise.resolve(sqliteEngine(path.join(target, 'shiliu.sqlite')))
}

async function latency(engine: SearchEngine, queries: string[]): Promise<void> {
  console.log(`\nLatency of the page statement (first ${K}), ${engine.name}, median of ${RUNS} runs, ms`)
  console.log(`${pad('query', 14)} ${'old'.padStart(8)} ${'new'.padStart(8)}`)
  let slower = 0
  let oldSum = 0
  let newSum = 0
  for (const q of queries) {
    const before = await median(() => engine.oldIds(q, K))
    const after = await median(() => engine.newIds(q, K))
    oldSum += before
    newSum += after
    if (after > before) slower++
    console.log(`${pad(q, 14)} ${f3(before).padStart(8)} ${f3(after).padStart(8)}${after > before ? '  slower' : ''}`)
  }
  console.log(`${pad('total', 14)} ${f3(oldSum).padStart(8)} ${f3(newSum).padStart(8)}   (${slower} of ${queries.length} queries slower)`)
}

async function main(): Promise<void> {
  const queries = loadQueries(root)
  const existing = arg('existing')
  if (existing) {
    const engine = await engineFor(existing)
    await engine.buildLegacy(await engine.notes())
    await latency(engine, queries.map((q) => q.q))
    await engine.close()
    return
  }
  const databaseUrl = arg('database-url')
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-eval-search-'))
  try {
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SHILIU_DEMO: '1',
      SMTP_URL: 'outbox',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    })
    const server = await startServer(config)
    const found = new Map<string, number[]>()
    try {
      for (const { q } of queries) {
        const res = await fetch(`${server.url}/api/search/posts?keyword=${encodeURIComponent(q)}&limit=${K}`)
        const body = (await res.json()) as { data: { posts: Array<{ id: number }> } }
        found.set(q, body.data.posts.map((p) => p.id))
      }
    } finally {
      await server.stop()
    }
    const engine = await engineFor(databaseUrl ?? dataDir)
    const notes = await engine.notes()
    await engine.buildLegacy(notes)
    const relevant = relevantIds(queries, notes)
    console.log(`Judged set: ${queries.length} queries over the demo dataset (${notes.length} listed notes), ${engine.name}\n`)
    console.log(`${pad('query', 14)} ${pad('kind', 9)} rel   P@10 old/new   NDCG@10 old/new`)
    const totals = { oldP: 0, newP: 0, oldN: 0, newN: 0 }
    for (const { q, kind } of queries) {
      const rel = relevant.get(q)!
      const oldIds = await engine.oldIds(q, K)
      const newIds = found.get(q)!
      const m = { oldP: precisionAt(K, oldIds, rel), newP: precisionAt(K, newIds, rel), oldN: ndcgAt(K, oldIds, rel), newN: ndcgAt(K, newIds, rel) }
      totals.oldP += m.oldP
      totals.newP += m.newP
      totals.oldN += m.oldN
      totals.newN += m.newN
      console.log(`${pad(q, 14)} ${pad(kind, 9)} ${String(rel.size).padStart(3)}   ${m.oldP.toFixed(2)} / ${m.newP.toFixed(2)}    ${f3(m.oldN)} / ${f3(m.newN)}`)
    }
    const n = queries.length
    console.log(`\n${''.padEnd(20)}precision@10   NDCG@10`)
    console.log(`old (pairs, newest)  ${f3(totals.oldP / n).padStart(12)}   ${f3(totals.oldN / n)}`)
    console.log(`new (words, ranked)  ${f3(totals.newP / n).padStart(12)}   ${f3(totals.newN / n)}`)
    console.log(`ratio new/old        ${(totals.newP / totals.oldP).toFixed(2).padStart(12)}   ${(totals.newN / totals.oldN).toFixed(2)}`)
    await latency(
      engine,
      queries.map((q) => q.q),
    )
    await engine.close()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

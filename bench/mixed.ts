/**
 * npm run bench -- --mixed: many signed-in members at once, as a campus evening looks (issue #19).
 *
 * Seeds (once) a mid-size dataset, copies it to a scratch directory so every run starts from the same state,
 * generates (once) a pool of camera-sized JPEG photos (bench/mixed-photos.ts), starts the built server on
 * 127.0.0.1, then starts the load driver in a process of its own (bench/mixed-client.ts): it signs
 * BENCH_MEMBERS (200) generated members in, and each loops without think time for BENCH_SECONDS (30, after
 * a 5 s warm-up) over the mix of bench/mixed-mix.ts:
 *   80 % reads        feed pages 1-5, note detail, a note's comments, a profile, a search
 *   15 % reactions    like / unlike, collect / uncollect, comment
 *    5 % publishing   a multipart upload of 1–3 photos, then the note with their URLs (as the app does)
 * Every request started in the window counts, however late it ends (up to 30 s after it: then `unfinished`).
 * Prints per kind p50 / p99 and throughput, the server's and the driver's CPU per request over the window
 * actually measured (from /proc, at the driver's window start and end), the load average, issue #19's
 * targets with met / MISSED, and where the server's time went (its GET /api/metrics, scraped around the
 * window); with --engines, once per database engine, each from the same fresh copy.
 *
 * --rate N (bench/mixed-open.ts; issue 42): an open loop instead. Requests arrive at N per second as a Poisson
 * process whatever the server does, from the 200 members picked at random, each timed from its arrival; reads
 * 80 %, publishing --publish % (1–3 photos of --photo WxH, then the note), reactions the rest. BENCH_SECONDS
 * defaults to 60 and BENCH_WARMUP_SECONDS to 20 there (the issue's measurement). --find-rate repeats it at
 * rising rates on the same server and prints the highest at which reads p99 ≤ 100 ms.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import sqlite3 from 'sqlite3'
import { databaseEnv, ENGINE_LABELS, type BenchEngine, type EngineChoice } from './engines'
import type { MixedClientConfig, MixedResult } from './mixed-mix'
import { describeWindow, scrapeMetrics } from './mixed-metrics'
import { ensurePhotos } from './mixed-photos'
import { reportFindRate, reportOpen, type OpenOptions, type OpenSummary } from './mixed-open'
import { report, type Window } from './mixed-report'
import { buildServer, ensureSeeded, freshCopy, scaleFromEnv, SCALES, SEED_PASSWORD, seedDirFor, startServer, type BenchServer } from './server'
import { cpuSeconds, imageCpuSeconds } from './proc-cpu'

const ROOT = path.resolve(process.env.BENCH_MIXED_DIR ?? '.bench-data/mixed')
/** BENCH_SCALE=users,notes,comments,likes (or a name of bench/server.ts's SCALES) overrides it: a dataset of its own under ROOT. */
const SCALE = scaleFromEnv(SCALES.mixed)
const SEED_DIR = seedDirFor(ROOT, SCALE, SCALES.mixed)
const RUN_DIR = path.join(ROOT, 'run')
const PHOTO_DIR = path.join(ROOT, 'photos')
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200)
const seconds = (open: boolean) => Number(process.env.BENCH_SECONDS ?? (open ? 60 : 30))
const warmupSeconds = (open: boolean) => Number(process.env.BENCH_WARMUP_SECONDS ?? (open ? 20 : 5))
/** Notes the members read and react to: the newest ones, as a feed-driven campus does. */
const HOT_NOTES = 5000
/** Search keywords: words of the seed corpus, two to four characters. */
const KEYWORDS = ['学习', '考研经验', '图书馆', '食堂', '社团', '期末', '宿舍', '校园']

function readDataset(file: string): Promise<Pick<MixedClientConfig, 'members' | 'notes' | 'categories'>> {
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY)
  const all = <T>(sql: string, params: unknown[] = []) => new Promise<T[]>((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))))
  return Promise.all([
    all<{ user_id: string }>('SELECT user_id FROM users WHERE is_active = 1 ORDER BY id LIMIT ?', [MEMBERS]),
    all<{ id: number }>('SELECT id FROM posts WHERE is_draft = 0 ORDER BY id DESC LIMIT ?', [HOT_NOTES]),
    all<{ id: number }>('SELECT id FROM categories'),
  ]).then(([members, notes, categories]) => {
    db.close()
    return { members: members.map((r) => r.user_id), notes: notes.map((r) => r.id), categories: categories.map((r) => r.id) }
  })
}

/** A fresh copy of the seeded dataset (database and media), so every run starts from the same state. */
function freshRunDir(): void {
  freshCopy(SEED_DIR, RUN_DIR)
}


/** The server's metrics token in the bench: its GET /api/metrics is scraped around the window (bench/mixed-metrics.ts). */
const METRICS_TOKEN = 'bench-mixed-metrics-token'

/** Run the driver; sample both processes' CPU and the server's metrics at its window start and end; resolve with its samples. */
function drive(server: BenchServer, config: MixedClientConfig): Promise<{ result: MixedResult; window: Window; metrics: Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mixed-client.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, MIXED_CLIENT_CONFIG: JSON.stringify(config) } })
  const serverPid = server.child.pid!
  const clientPid = child.pid!
  let start: { at: number; server: number; client: number; images: number; load: number[] } | null = null
  let window: Window | null = null
  let result: MixedResult | null = null
  let metricsBefore: ReturnType<typeof scrapeMetrics> | null = null
  let metrics: Promise<string> = Promise.resolve('  (no metrics)')
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('signed-in ')) {
      const [, n, secs] = line.split(' ')
      console.log(`${n} members signed in (${secs} s); ${config.warmupSeconds} s warm-up, then ${config.seconds} s measured${config.open ? ` at ${config.open.rate} req/s offered` : ''}`)
    } else if (line === 'window-start') {
      start = { at: performance.now(), server: cpuSeconds(serverPid), client: cpuSeconds(clientPid), images: imageCpuSeconds(serverPid), load: os.loadavg() }
      metricsBefore = scrapeMetrics(server.url, METRICS_TOKEN)
    } else if (line === 'window-end' && start) {
      window = {
        seconds: (performance.now() - start.at) / 1000,
        serverCpu: cpuSeconds(serverPid) - start.server,
        clientCpu: cpuSeconds(clientPid) - start.client,
        imageCpu: imageCpuSeconds(serverPid) - start.images,
        loadBefore: start.load,
        loadAfter: os.loadavg(),
      }
      const before = metricsBefore
      if (before) metrics = Promise.all([before, scrapeMetrics(server.url, METRICS_TOKEN)]).then(([b, a]) => describeWindow(b, a)).catch((err: unknown) => `  (metrics: ${(err as Error).message})`)
    } else if (line.startsWith('result ')) result = JSON.parse(line.slice('result '.length)) as MixedResult
    else console.log(line)
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0 && result && window) resolve({ result, window, metrics })
      else reject(new Error(`the load driver exited with ${code}${window ? '' : ' before its window ended'}`))
    })
  })
}

/** Each engine (bench/engines.ts) in turn, from the same fresh copy of the dataset. */
export async function runMixed(choice: EngineChoice = { engines: ['sqlite'], url: null }, open: OpenOptions | null = null): Promise<void> {
  buildServer()
  ensureSeeded(SEED_DIR, SCALE)
  const photos = open ? await ensurePhotos(`${PHOTO_DIR}-${open.photo.join('x')}`, open.photo) : await ensurePhotos(PHOTO_DIR)
  const best: string[] = []
  for (const engine of choice.engines) {
    const found = await runMixedOn(engine, choice, photos, open)
    if (open?.findRate) best.push(`  ${ENGINE_LABELS[engine].padEnd(12)} ${found ?? 'none'} req/s`)
  }
  if (best.length > 1) console.log(`\nHighest offered rate with reads p99 ≤ 100 ms (${open!.publishPercent} % publishing), side by side:\n${best.join('\n')}`)
}

async function runMixedOn(engine: BenchEngine, choice: EngineChoice, photos: string[], open: OpenOptions | null): Promise<number | null> {
  freshRunDir()
  const data = await readDataset(path.join(RUN_DIR, 'shiliu.sqlite'))
  const env = await databaseEnv(engine, choice, path.join(RUN_DIR, 'shiliu.sqlite'), SCALE.notes, { fresh: true, name: 'shiliu_bench_mixed' })
  console.log(`\n=== ${ENGINE_LABELS[engine]} ===`)
  // Uploads at bench rates: lift the per-member hourly budget and quota (a bench measures speed, not the limiter).
  const server = await startServer(RUN_DIR, { MEDIA_UPLOADS_PER_HOUR: '100000000', MEDIA_QUOTA_MB: '100000000', METRICS_TOKEN, ...env })
  try {
    const base: MixedClientConfig = { url: server.url, password: SEED_PASSWORD, ...data, keywords: KEYWORDS, photos, warmupSeconds: warmupSeconds(!!open), seconds: seconds(!!open), graceSeconds: 30 }
    const setting = `${SCALE.users} users / ${SCALE.notes} notes / ${SCALE.comments} comments / ${SCALE.likes} likes, ${ENGINE_LABELS[engine]}${engine === 'sqlite' ? ` (${process.env.SHILIU_SQLITE_WRITER === 'portable' ? 'portable: node-sqlite3' : 'native: better-sqlite3'})` : ''}, ${os.availableParallelism()} cores, WORKERS=${process.env.WORKERS || '1'}, images ${process.env.SHILIU_IMAGE_PROCESS === '0' ? 'in the server process' : `in an image process at nice ${process.env.SHILIU_IMAGE_NICE ?? 19}`}`
    if (!open) {
      const { result, window, metrics } = await drive(server, base)
      console.log(`\n${MEMBERS} members, no think time, ${base.seconds} s measured; ${setting}`)
      report(result, window)
      console.log(`Server metrics over the window (GET /api/metrics):\n${await metrics}`)
      return null
    }
    const rates = open.findRate ? Array.from({ length: Math.floor((open.maxRate - open.rate) / open.step) + 1 }, (_, i) => open.rate + i * open.step) : [open.rate]
    const steps: OpenSummary[] = []
    for (const rate of rates) {
      const { result, window, metrics } = await drive(server, { ...base, open: { rate, publishPercent: open.publishPercent } })
      console.log(`\nOpen loop: ${rate} req/s offered (Poisson) by ${MEMBERS} members, ${open.publishPercent} % publishing ${open.photo.join('×')} photos, ${base.seconds} s measured; ${setting}`)
      const summary = reportOpen(result, window, rate, open.publishPercent)
      console.log(`Server metrics over the window (GET /api/metrics):\n${await metrics}`)
      steps.push(summary)
      // Past the knee the next rates only pile up: stop once reads p99 is over the bar.
      if (open.findRate && summary.readP99 > 100) break
    }
    return open.findRate ? reportFindRate(steps, ENGINE_LABELS[engine]) : null
  } finally {
    const code = await server.stop()
    console.log(`server stopped (exit ${code})`)
  }
}

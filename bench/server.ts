/**
 * What every bench scenario needs: a fresh build of the server, a seeded data directory (made once and
 * reused) and the built server started on 127.0.0.1 with the rate limits raised (so a bench measures speed,
 * not the limiter).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface Scale {
  users: number
  notes: number
  comments: number
  likes: number
}

/** The datasets the benches share; each is seeded once and reused (ensureSeeded, seedDirFor). */
export const SCALES = {
  /** bench (endpoints) and the issue-38 reads: the 100k-note dataset. */
  large: { users: 10_000, notes: 100_000, comments: 300_000, likes: 1_000_000 },
  small: { users: 2_000, notes: 20_000, comments: 60_000, likes: 200_000 },
  /** bench --mixed and --reads by default. */
  mixed: { users: 5_000, notes: 20_000, comments: 60_000, likes: 200_000 },
} satisfies Record<string, Scale>

/** BENCH_SCALE: a named scale of SCALES (large, small, mixed) or users,notes,comments,likes; else `fallback`. */
export function scaleFromEnv(fallback: Scale): Scale {
  const value = process.env.BENCH_SCALE
  if (!value) return fallback
  if (value in SCALES) return SCALES[value as keyof typeof SCALES]
  const [users, notes, comments, likes] = value.split(',').map(Number)
  if (![users, notes, comments, likes].every((n) => Number.isInteger(n) && n! >= 0)) throw new Error(`BENCH_SCALE takes ${Object.keys(SCALES).join(', ')} or users,notes,comments,likes; got "${value}"`)
  return { users: users!, notes: notes!, comments: comments!, likes: likes! }
}

/**
 * Where the dataset at `scale` is kept under `root`: `seed` for the bench's own scale, `seed-<users>-<notes>-…`
 * for any other, so another scale never reseeds (minutes) over the usual one.
 */
export function seedDirFor(root: string, scale: Scale, usual: Scale): string {
  const same = JSON.stringify(scale) === JSON.stringify(usual)
  return path.join(root, same ? 'seed' : `seed-${scale.users}-${scale.notes}-${scale.comments}-${scale.likes}`)
}

/** Password of generated accounts (server/seed: one shared hash for every generated user). */
export const SEED_PASSWORD = process.env.BENCH_PASSWORD ?? 'password123'

/** Always rebuild: a stale dist/ would measure yesterday's code. esbuild takes a few seconds. */
export function buildServer(): void {
  const r = spawnSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** Seed `dataDir` at `scale` unless it already holds exactly that (a marker file records the scale). */
export function ensureSeeded(dataDir: string, scale: Scale): void {
  const marker = path.join(dataDir, 'bench-scale.json')
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(scale)) {
    console.log(`Reusing the dataset in ${dataDir}`)
    return
  }
  console.log(`Seeding ${dataDir}: ${JSON.stringify(scale)} (minutes)...`)
  const started = Date.now()
  const r = spawnSync(
    process.execPath,
    ['dist/server/seed.js', '--users', String(scale.users), '--notes', String(scale.notes), '--comments', String(scale.comments), '--likes', String(scale.likes), '--reset'],
    { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  )
  if (r.status !== 0) process.exit(r.status ?? 1)
  writeFileSync(marker, JSON.stringify(scale))
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/**
 * A fresh copy of a seeded data directory in `runDir` (database, media, the JWT secret and the key that encrypts
 * personal data: without the seed's data-key the server would make a new one and could not read those fields).
 */
export function freshCopy(seedDir: string, runDir: string): void {
  rmSync(runDir, { recursive: true, force: true })
  mkdirSync(runDir, { recursive: true })
  for (const name of ['shiliu.sqlite', 'jwt-secret', 'data-key', 'uploads']) {
    if (existsSync(path.join(seedDir, name))) cpSync(path.join(seedDir, name), path.join(runDir, name), { recursive: true })
  }
}

export interface BenchServer {
  url: string
  child: ChildProcess
  /** SIGTERM, then wait for the exit (code or signal). */
  stop(): Promise<number | string | null>
}

/** Start dist/server/main.js on 127.0.0.1 (a free port) over `dataDir`; resolves once it listens. */
export function startServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  // BENCH_SERVER_ARGS: extra node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
      RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000000',
      LOGIN_FAILURES_PER_ACCOUNT: '100000000',
      ...env,
    },
  })
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000)
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk)
      const match = /listening on (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        out = ''
        resolve({
          url: match[1]!,
          child,
          stop: () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
            return exited
          },
        })
      }
    })
    void exited.then((code) => reject(new Error(`server exited with ${code}`)))
  })
}

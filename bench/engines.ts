/**
 * Which database engines a bench run measures, and a database of each holding the seeded dataset.
 *
 *   npm run bench -- --engines sqlite,postgres,mysql   (or --engines all): each engine in turn, side by side
 *   DATABASE_URL=postgres://… npm run bench             that database (the dataset is copied in when it is empty)
 *
 * The dataset is seeded once as embedded SQLite (bench/server.ts) and moved to PostgreSQL / MariaDB with the
 * product's own copier (server/cli/copy-database.ts, `npm run db:copy`), so every engine serves exactly the same rows. Without
 * DATABASE_URL the copies go to BENCH_POSTGRES_URL / BENCH_MYSQL_URL (default: the local test servers) as databases
 * named shiliu_bench_<scale>, kept for the next run.
 */
import mysql from 'mysql2/promise'
import pg from 'pg'
import { copyDatabase } from '../server/cli/copy-database'

export type BenchEngine = 'sqlite' | 'postgres' | 'mysql'
export const ENGINE_LABELS: Record<BenchEngine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB' }

const SERVERS: Record<Exclude<BenchEngine, 'sqlite'>, string> = {
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  mysql: process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
}

export interface EngineChoice {
  engines: BenchEngine[]
  /** DATABASE_URL given by the operator: bench exactly that database. */
  url: string | null
}

const engineOf = (url: string): BenchEngine => (/^postgres/.test(url) ? 'postgres' : 'mysql')

/** `--engines a,b` / `--engines=a,b` / `--engines all`, else DATABASE_URL's engine, else SQLite. */
export function chooseEngines(args: string[]): EngineChoice {
  const i = args.findIndex((a) => a === '--engines' || a.startsWith('--engines='))
  const url = process.env.DATABASE_URL || null
  if (i < 0) return url ? { engines: [engineOf(url)], url } : { engines: ['sqlite'], url: null }
  const value = args[i]!.includes('=') ? args[i]!.split('=')[1]! : (args[i + 1] ?? '')
  const names = value === 'all' ? ['sqlite', 'postgres', 'mysql'] : value.split(',').map((v) => v.trim().toLowerCase().replace(/^mariadb$/, 'mysql'))
  const bad = names.filter((n) => !['sqlite', 'postgres', 'mysql'].includes(n))
  if (bad.length || names.length === 0) throw new Error(`--engines takes sqlite, postgres, mysql (comma-separated) or all; got "${value}"`)
  if (url) throw new Error('Give either --engines or DATABASE_URL, not both')
  return { engines: names as BenchEngine[], url: null }
}

/** The arguments without `--engines …` (for the scenario's own options). */
export function withoutEngineArgs(args: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--engines') i++
    else if (!args[i]!.startsWith('--engines=')) out.push(args[i]!)
  }
  return out
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function admin(engine: Exclude<BenchEngine, 'sqlite'>, sql: string): Promise<Array<Record<string, unknown>>> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: SERVERS.postgres })
    await client.connect()
    try {
      return (await client.query(sql)).rows as Array<Record<string, unknown>>
    } finally {
      await client.end()
    }
  }
  const u = new URL(SERVERS.mysql)
  const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) })
  try {
    return (await conn.query(sql))[0] as Array<Record<string, unknown>>
  } finally {
    await conn.end()
  }
}

async function notesIn(engine: Exclude<BenchEngine, 'sqlite'>, url: string): Promise<number | null> {
  const probe = engine === 'postgres' ? new pg.Client({ connectionString: url }) : null
  try {
    if (probe) {
      await probe.connect()
      return Number((await probe.query('SELECT COUNT(*) AS n FROM posts')).rows[0].n)
    }
    const u = new URL(url)
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) })
    try {
      return Number(((await conn.query('SELECT COUNT(*) AS n FROM posts'))[0] as Array<{ n: number }>)[0]!.n)
    } finally {
      await conn.end()
    }
  } catch {
    return null // no such database or no schema yet
  } finally {
    await probe?.end().catch(() => {})
  }
}

async function copyInto(seedFile: string, engine: BenchEngine, url: string): Promise<void> {
  console.log(`Copying the dataset into ${ENGINE_LABELS[engine]} (npm run db:copy; a minute or more)...`)
  const report = await copyDatabase({ kind: 'sqlite', url: seedFile }, { kind: engine === 'postgres' ? 'postgres' : 'mysql', url })
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(`Copied ${rows} rows in ${report.seconds.toFixed(0)} s`)
}

/**
 * Environment for bench/server.ts's startServer that points the server at `engine` holding the dataset of
 * `seedFile` (an SQLite file seeded with `notes` notes). `fresh`: always a new copy (scenarios that write).
 */
export async function databaseEnv(engine: BenchEngine, choice: EngineChoice, seedFile: string, notes: number, options: { fresh?: boolean; name?: string } = {}): Promise<Record<string, string>> {
  if (engine === 'sqlite') return {}
  if (choice.url) {
    const have = await notesIn(engine, choice.url)
    if (have === null || have === 0) await copyInto(seedFile, engine, choice.url)
    else console.log(`Using DATABASE_URL as it is (${have} notes)`)
    return { DATABASE_URL: choice.url }
  }
  const name = options.name ?? `shiliu_bench_${notes}`
  const url = withDatabase(SERVERS[engine], name)
  if (!options.fresh && (await notesIn(engine, url)) === notes) {
    console.log(`Reusing ${ENGINE_LABELS[engine]} database ${name}`)
    return { DATABASE_URL: url }
  }
  await admin(engine, engine === 'postgres' ? `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)` : `DROP DATABASE IF EXISTS \`${name}\``)
  await admin(engine, engine === 'postgres' ? `CREATE DATABASE "${name}"` : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  await copyInto(seedFile, engine, url)
  return { DATABASE_URL: url }
}

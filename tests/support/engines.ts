/**
 * The engine a test run uses and the local PostgreSQL and MariaDB/MySQL servers: probe whether they answer,
 * and create a fresh, uniquely named database per test server (dropped afterwards).
 *
 * The whole server suite runs once per engine (scripts/test.mjs): `SHILIU_TEST_ENGINE=postgres` makes every
 * `startTestServer()` (and `testDatabase()`) use a new PostgreSQL database instead of an SQLite file, so test
 * files carry no engine boilerplate. A test that only makes sense on some engines says so with `runsOn()`.
 *
 *   SHILIU_TEST_ENGINE  sqlite (default) | postgres | mysql
 *   TEST_POSTGRES_URL   (default postgres://postgres@127.0.0.1:5432/test)
 *   TEST_MYSQL_URL      (default mysql://root@127.0.0.1:3306/test)
 */
import path from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'
import type { DatabaseConfig } from '../../server/config'

export type ServerEngine = 'postgres' | 'mysql'
export type TestEngine = 'sqlite' | ServerEngine

export const TEST_ENGINES: readonly TestEngine[] = ['sqlite', 'postgres', 'mysql']

/** The engine of this test run (SHILIU_TEST_ENGINE). An unknown value is an error, never a silent SQLite run. */
export function testEngine(): TestEngine {
  const value = (process.env.SHILIU_TEST_ENGINE ?? '').trim().toLowerCase() || 'sqlite'
  const engine = value === 'mariadb' ? 'mysql' : value === 'postgresql' ? 'postgres' : value
  if (!(TEST_ENGINES as readonly string[]).includes(engine)) throw new Error(`SHILIU_TEST_ENGINE=${value}: expected sqlite, postgres or mysql`)
  return engine as TestEngine
}

/** For engine-specific tests: `describe.runIf(runsOn('sqlite'))(...)`. */
export function runsOn(...engines: TestEngine[]): boolean {
  return engines.includes(testEngine())
}

export const ENGINE_URLS: Record<ServerEngine, string> = {
  postgres: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  mysql: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
}

export const ENGINE_NAMES: Record<TestEngine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' }

const CONNECT_TIMEOUT_MS = 3000

/** The same server, another database (`/test` → `/<name>`); admin work runs in the maintenance database. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminRun(engine: ServerEngine, sql: string): Promise<void> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: withDatabase(ENGINE_URLS.postgres, 'postgres'), connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
    return
  }
  const u = new URL(ENGINE_URLS.mysql)
  const conn = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    connectTimeout: CONNECT_TIMEOUT_MS,
  })
  try {
    await conn.query(sql)
  } finally {
    await conn.end()
  }
}

/** null when the engine answers, else why it cannot be used. */
export async function probeEngine(engine: ServerEngine): Promise<string | null> {
  try {
    await adminRun(engine, 'SELECT 1')
    return null
  } catch (err) {
    return `${ENGINE_NAMES[engine]} not reachable at ${ENGINE_URLS[engine]}: ${(err as Error).message || String(err)}`
  }
}

export interface FreshDatabase {
  url: string
  drop(): Promise<void>
}

let created = 0

/** Create an empty database named after the label; `drop()` removes it. */
export async function freshDatabase(engine: ServerEngine, label: string): Promise<FreshDatabase> {
  const unique = `${process.pid}_${(++created).toString(36)}_${Date.now().toString(36)}`
  const name = `shiliu_${label.slice(0, 20)}_${unique}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const quoted = engine === 'postgres' ? `"${name}"` : `\`${name}\``
  await adminRun(engine, engine === 'postgres' ? `CREATE DATABASE ${quoted}` : `CREATE DATABASE ${quoted} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  return {
    url: withDatabase(ENGINE_URLS[engine], name),
    drop: () => adminRun(engine, engine === 'postgres' ? `DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)` : `DROP DATABASE IF EXISTS ${quoted}`),
  }
}

/** Warn once, loudly, that a suite part is skipped, and return the reason for the skipped test's title. */
export function skipLoudly(what: string, reason: string): string {
  console.warn(`\n[SKIPPED] ${what}: ${reason}\n`)
  return reason
}

/** Probe both servers at once (call at a test module's top level: `const reachable = await probeEngines()`). */
export async function probeEngines(): Promise<Record<ServerEngine, string | null>> {
  const [postgres, mysql] = await Promise.all([probeEngine('postgres'), probeEngine('mysql')])
  return { postgres, mysql }
}

export interface TestDatabase extends FreshDatabase {
  engine: TestEngine
  config: DatabaseConfig
  /** Environment for a server process or startTestServer: DATABASE_URL, or nothing for SQLite in DATA_DIR. */
  env: Record<string, string>
}

/**
 * A new, empty database on this run's engine: an SQLite file in `dir`, or a fresh server database.
 * `drop()` removes a server database (an SQLite file goes with its directory).
 */
export async function testDatabase(label: string, dir: string): Promise<TestDatabase> {
  const engine = testEngine()
  if (engine === 'sqlite') {
    const url = path.join(dir, 'shiliu.sqlite')
    return { engine, url, config: { kind: 'sqlite', url }, env: {}, drop: async () => {} }
  }
  const db = await freshDatabase(engine, label)
  return { ...db, engine, config: { kind: engine, url: db.url }, env: { DATABASE_URL: db.url } }
}

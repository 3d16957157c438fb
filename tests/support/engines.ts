/**
 * The engine a test run uses and the local PostgreSQL and MariaDB/MySQL servers: probe whether they answer,
 * and create a fresh, uniquely named database per test server (dropped afterwards).
 *
 * The whole server suite runs once per engine (a vitest project each, vitest.config.ts, which sets
 * SHILIU_TEST_ENGINE for its workers): `SHILIU_TEST_ENGINE=postgres` makes every
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
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs SQL in the maintenance database (PostgreSQL: `postgres`; MariaDB: none chosen, several statements allowed). */
export async function adminQuery(engine: ServerEngine, sql: string, params: unknown[] = []): Promise<unknown[]> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: withDatabase(ENGINE_URLS.postgres, 'postgres'), connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    await client.connect()
    try {
      return (await client.query(sql, params)).rows as unknown[]
    } finally {
      await client.end()
    }
  }
  const u = new URL(ENGINE_URLS.mysql)
  const conn = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    connectTimeout: CONNECT_TIMEOUT_MS,
    multipleStatements: true,
  })
  try {
    const [rows] = await conn.query(sql, params)
    return rows as unknown[]
  } finally {
    await conn.end()
  }
}

export async function adminRun(engine: ServerEngine, sql: string): Promise<void> {
  await adminQuery(engine, sql)
}

export const quoteName = (engine: ServerEngine, name: string): string => (engine === 'postgres' ? `"${name}"` : `\`${name}\``)

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
  name: string
  url: string
  drop(): Promise<void>
}

let created = 0

/**
 * Create a database named after the label; `drop()` removes it. Empty, or a copy of `template` (a migrated
 * database of the same server: tests/support/template-database.ts).
 */
export async function freshDatabase(engine: ServerEngine, label: string, template?: string): Promise<FreshDatabase> {
  const unique = `${process.pid}_${(++created).toString(36)}_${Date.now().toString(36)}`
  const name = `shiliu_${label.slice(0, 20)}_${unique}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const quoted = quoteName(engine, name)
  const drop = () => adminRun(engine, engine === 'postgres' ? `DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)` : `DROP DATABASE IF EXISTS ${quoted}`)
  if (template) {
    try {
      await copyTemplate(engine, template, name)
    } catch (err) {
      await drop().catch(() => undefined)
      throw err
    }
  } else {
    await adminRun(engine, engine === 'postgres' ? `CREATE DATABASE ${quoted}` : `CREATE DATABASE ${quoted} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  }
  return { name, url: withDatabase(ENGINE_URLS[engine], name), drop }
}

/**
 * Copy `template` into the new database `target` (same server).
 *   PostgreSQL  CREATE DATABASE … TEMPLATE (a file-level copy)
 *   MariaDB     the template's tables made again from SHOW CREATE TABLE (indexes and foreign keys as they
 *               are), then their rows copied (the migrations' history and seed rows)
 */
async function copyTemplate(engine: ServerEngine, template: string, target: string): Promise<void> {
  if (engine === 'postgres') {
    await adminRun(engine, `CREATE DATABASE ${quoteName(engine, target)} TEMPLATE ${quoteName(engine, template)}`)
    return
  }
  await adminRun(engine, `CREATE DATABASE ${quoteName(engine, target)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  const from = (table: string) => `${quoteName(engine, template)}.${quoteName(engine, table)}`
  const tables = (await adminQuery(engine, `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`, [template])) as Array<{ name: string }>
  const statements = ['SET FOREIGN_KEY_CHECKS = 0', `USE ${quoteName(engine, target)}`]
  const shown = (await adminQuery(engine, tables.map(({ name }) => `SHOW CREATE TABLE ${from(name)}`).join(';'))) as Array<Array<Record<string, string>>>
  const creates = tables.length === 1 ? [shown as unknown as Array<Record<string, string>>] : shown
  for (const [row] of creates) statements.push(row!['Create Table']!)
  for (const { name } of tables) statements.push(`INSERT INTO ${quoteName(engine, name)} SELECT * FROM ${from(name)}`)
  await adminRun(engine, statements.join(';\n'))
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
    return { engine, name: path.basename(url), url, config: { kind: 'sqlite', url }, env: {}, drop: async () => {} }
  }
  const db = await freshDatabase(engine, label)
  return { ...db, engine, config: { kind: engine, url: db.url }, env: { DATABASE_URL: db.url } }
}

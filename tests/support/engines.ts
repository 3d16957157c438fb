/**
 * The local PostgreSQL and MariaDB/MySQL servers for engine tests: probe whether they answer, and create a
 * fresh, uniquely named database per test run (dropped afterwards). Tests skip LOUDLY when a server is not
 * reachable: console.warn plus an `it.skip` whose title carries the reason.
 *
 *   TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test)
 *   TEST_MYSQL_URL    (default mysql://root@127.0.0.1:3306/test)
 */
import mysql from 'mysql2/promise'
import pg from 'pg'

export type ServerEngine = 'postgres' | 'mysql'

export const ENGINE_URLS: Record<ServerEngine, string> = {
  postgres: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  mysql: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
}

export const ENGINE_NAMES: Record<ServerEngine, string> = { postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' }

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

/** Create an empty database named after the label; `drop()` removes it. */
export async function freshDatabase(engine: ServerEngine, label: string): Promise<FreshDatabase> {
  const name = `shiliu_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
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

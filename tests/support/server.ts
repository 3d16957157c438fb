import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config'
import { startServer, type RunningServer } from '../../server/main'
import { inject } from 'vitest'
import { freshDatabase, testEngine, type FreshDatabase } from './engines'

export interface TestServer extends RunningServer {
  dataDir: string
  /** fetch against this server: `api('/api/health')`. */
  fetch(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>
  /** fetch + parse the envelope. */
  call<T = unknown>(method: string, path: string, options?: { token?: string; json?: unknown; body?: RequestInit['body'] }): Promise<{ status: number; body: Envelope<T>; headers: Headers }>
  close(): Promise<void>
}

export interface Envelope<T> {
  code: number
  success: boolean
  message: string
  data: T
}

// What template-database.ts (the PostgreSQL / MariaDB projects' globalSetup) provides to every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** This project's migrated template database ('' when there is none: servers start on empty databases). */
    shiliuTemplateDatabase: string
  }
}

/**
 * A real server on a random port with its own temporary data directory and its own database on the run's
 * engine (SHILIU_TEST_ENGINE, see engines.ts: an empty SQLite file in the data directory, or a fresh
 * PostgreSQL / MariaDB database dropped on close, copied from the run's migrated template), unless `env`
 * names a DATABASE_URL itself.
 * Rate limits are raised so suites measure behaviour, not the limiter, unless a test sets its own.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-test-'))
  const engine = testEngine()
  let database: FreshDatabase | null = null
  // A copy of the run's migrated template (tests/support/template-database.ts), when the project has one.
  if (engine !== 'sqlite' && env.DATABASE_URL === undefined) database = await freshDatabase(engine, 't', inject('shiliuTemplateDatabase') || undefined)
  const dropAll = async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  }
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
    SHILIU_TEST_CAPTCHA: '1',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  })
  let running: RunningServer
  try {
    running = await startServer(config)
  } catch (err) {
    await dropAll()
    throw err
  }
  const doFetch: TestServer['fetch'] = (p, init = {}) => {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return fetch(`${running.url}${p}`, { ...init, headers, body })
  }
  return {
    ...running,
    dataDir,
    fetch: doFetch,
    async call(method, p, options = {}) {
      const res = await doFetch(p, { method, token: options.token, json: options.json, body: options.body })
      const text = await res.text()
      let body: Envelope<never>
      try {
        body = JSON.parse(text) as Envelope<never>
      } catch {
        throw new Error(`${method} ${p} -> ${res.status}, not JSON: ${text.slice(0, 200)}`)
      }
      return { status: res.status, body, headers: res.headers }
    },
    async close() {
      await running.stop()
      await dropAll()
    },
  }
}

/** Environment that points another instance at the same data directory and database as `server`. */
export function sharedEnv(server: TestServer): Record<string, string> {
  const { database } = server.deps.config
  return { DATA_DIR: server.dataDir, ...(database.kind === 'sqlite' ? {} : { DATABASE_URL: database.url }) }
}

import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/*
 * One vitest run, one project per database engine (issue 23): `unit` holds the renderer, electron and other
 * tests that do not depend on an engine; `sqlite`, `postgres` and `mysql` each run the server suite
 * (tests/server) with SHILIU_TEST_ENGINE set for their workers. Sharing one run shares vite's transforms and
 * lets the engines' files fill each other's gaps instead of three passes of their own.
 *
 *   SHILIU_TEST_ENGINES=sqlite,postgres,mysql   the engine projects of this run (`npm test` sets it)
 *   SHILIU_TEST_ENGINE=postgres                 without SHILIU_TEST_ENGINES: the one engine (default sqlite),
 *                                               so `SHILIU_TEST_ENGINE=mysql npx vitest run FILE` works as before
 *
 * The server projects run without isolation: a worker keeps its modules loaded from one test file to the next
 * (importing the server anew cost ~3.5 s per file, about as much as the file's tests). Every file starts its
 * own server on its own data directory and database; tests/support/file-setup.ts empties the process-wide
 * caches at the start of each file, as a fresh process would have them. See docs/decisions.md (issue 23).
 */
const ENGINES = ['sqlite', 'postgres', 'mysql'] as const
type Engine = (typeof ENGINES)[number]

function selectedEngines(): Engine[] {
  const list = process.env.SHILIU_TEST_ENGINES ?? process.env.SHILIU_TEST_ENGINE ?? 'sqlite'
  const names = list
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => (e === 'mariadb' ? 'mysql' : e === 'postgresql' ? 'postgres' : e))
  const unknown = names.filter((e) => !(ENGINES as readonly string[]).includes(e))
  if (unknown.length) throw new Error(`SHILIU_TEST_ENGINES / SHILIU_TEST_ENGINE: unknown engine ${unknown.join(', ')} (expected sqlite, postgres or mysql)`)
  return ENGINES.filter((e) => names.includes(e))
}

const SERVER_TESTS = 'tests/server/**/*.test.ts'

const serverProject = (engine: Engine): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: engine,
    include: [SERVER_TESTS],
    // The image process one step below the server instead of the production default (nice 19): the suite keeps
    // both cores busy, and at nice 19 the image process gets ~1 % of a busy core, so uploads were refused (503)
    // by the test machine's load (tests/server/telemetry/image-process.test.ts checks the priority is lower).
    env: { SHILIU_TEST_ENGINE: engine, SHILIU_IMAGE_NICE: '1' },
    isolate: false,
    setupFiles: ['tests/support/file-setup.ts'],
    // PostgreSQL / MariaDB: a migrated template database that each test server's database is copied from.
    globalSetup: ['tests/support/template-database.ts'],
  },
})

export default defineConfig({
  plugins: [react()],
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server test file starts its own server on its own temporary data directory and database.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', SERVER_TESTS, 'node_modules/**'],
          env: { SHILIU_TEST_ENGINE: 'sqlite' },
        },
      },
      ...selectedEngines().map(serverProject),
    ],
  },
})

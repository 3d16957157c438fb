/**
 * Migrations on the run's engine (the suite runs once per engine): they run on a fresh database, leave
 * nothing for the entities to change, undo cleanly and run again. SQLite's storage settings are in effect.
 * A bad DATABASE_URL fails fast and clearly (engine-independent: SQLite run only).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type DatabaseConfig } from '../../server/config'
import { openDatabase } from '../../server/db/data-source'
import { entities } from '../../server/db/entities'
import { migrationsFor } from '../../server/db/migrations'
import { execute } from '../../server/db/sql'
import { exclusively, inTransaction } from '../../server/db/transaction'
import { startServer } from '../../server/main'
import { ENGINE_NAMES, runsOn, skipLoudly, testDatabase, testEngine } from '../support/engines'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-migrations-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const INDEX_NAMES: Record<DatabaseConfig['kind'], string> = {
  sqlite: "SELECT name FROM sqlite_master WHERE type = 'index'",
  postgres: 'SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()',
  mysql: 'SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE()',
}

/** Every entity's table answers a query; the schema needs no change; all migrations undo and redo. */
async function checkMigrations(db: DatabaseConfig): Promise<void> {
  let ds: DataSource = await openDatabase(db)
  try {
    const applied = ds.migrations.length
    expect(applied).toBeGreaterThan(0)
    expect(await ds.showMigrations()).toBe(false)
    for (const entity of entities) {
      const table = ds.getMetadata(entity).tableName
      await expect(ds.query(`SELECT COUNT(*) AS n FROM ${ds.driver.escape(table)}`), table).resolves.toBeDefined()
    }
    const indexes = new Set((await ds.query(INDEX_NAMES[db.kind])).map((r: { name: string }) => r.name))
    const declared = entities.flatMap((e) => ds.getMetadata(e).indices.map((i) => i.name))
    expect(declared.filter((name) => !indexes.has(name)), 'indexes the entities declare but the database lacks').toEqual([])
    // TypeORM's MariaDB introspection reports spurious changes (nullable columns' DEFAULT NULL, indexes
    // backing foreign keys), so the full schema comparison runs on SQLite and PostgreSQL.
    if (db.kind !== 'mysql') {
      const pending = await ds.driver.createSchemaBuilder().log()
      expect(pending.upQueries.map((q) => q.query), 'entities and migrations differ').toEqual([])
    }
    await exclusively(ds, async (writable) => {
      for (let i = 0; i < applied; i++) await writable.undoLastMigration({ transaction: 'each' })
    })
    expect(await ds.showMigrations()).toBe(true)
  } finally {
    await ds.destroy()
  }
  // Opening again applies them all again (what a server start does).
  ds = await openDatabase(db)
  try {
    expect(await ds.showMigrations()).toBe(false)
  } finally {
    await ds.destroy()
  }
}

/** The migrations table in the order the rows were written (= the order the migrations ran). */
async function executed(ds: DataSource): Promise<Array<{ name: string; timestamp: number }>> {
  const rows = (await ds.query('SELECT name, timestamp FROM migrations ORDER BY id')) as Array<{ name: string; timestamp: number | string }>
  return rows.map((r) => ({ name: r.name, timestamp: Number(r.timestamp) }))
}

describe('migrations', () => {
  it(`run, match the entities, undo and redo on a fresh ${ENGINE_NAMES[testEngine()]} database`, async () => {
    const db = await testDatabase('migrations', tempDir())
    try {
      await checkMigrations(db.config)
    } finally {
      await db.drop()
    }
  }, 120_000)

  it('run in the order of their timestamps, the initial schema first, each recorded under its own timestamp', async () => {
    const db = await testDatabase('migration_order', tempDir())
    try {
      const ds = await openDatabase(db.config)
      try {
        const rows = await executed(ds)
        const engine = { sqlite: 'Sqlite', postgres: 'Postgres', mysql: 'Mysql' }[db.config.kind]
        expect(rows[0]!.name).toBe(`${engine}Initial1795350168509`)
        expect(rows.map((r) => r.name)).toEqual(migrationsFor(db.config.kind).map((m) => m.name))
        expect(rows.map((r) => r.name.slice(0, engine.length))).toEqual(rows.map(() => engine))
        for (const [i, row] of rows.entries()) {
          expect(row.timestamp).toBe(Number(row.name.match(/(\d{13})$/)?.[1]))
          if (i > 0) expect(row.timestamp).toBeGreaterThan(rows[i - 1]!.timestamp)
        }
      } finally {
        await ds.destroy()
      }
    } finally {
      await db.drop()
    }
  }, 120_000)

  it('a database migrated under the old names (<Name><timestamp><Engine>) is renamed, nothing runs twice', async () => {
    const db = await testDatabase('migration_rename', tempDir())
    try {
      let ds = await openDatabase(db.config)
      const current = await executed(ds)
      // What such a database holds: old names (the migrations before Settings), and the timestamp TypeORM read
      // from their last 13 characters; Settings not yet run; later migrations recorded under their own names.
      const settings = current.find((r) => /Settings/.test(r.name))!
      for (const { name } of current.filter((r) => r.timestamp < settings.timestamp)) {
        const [, engine, base, stamp] = /^(Sqlite|Postgres|Mysql)(\w+?)(\d{13})$/.exec(name)!
        const old = `${base}${stamp}${engine}`
        await inTransaction(ds, (m) => execute(m, 'UPDATE migrations SET name = ?, timestamp = ? WHERE name = ?', [old, parseInt(old.slice(-13), 10), name]))
      }
      await inTransaction(ds, (m) => execute(m, "DELETE FROM migrations WHERE name LIKE '%Settings%'"))
      await exclusively(ds, (writable) => writable.query('DROP TABLE settings'))
      await ds.destroy()
      ds = await openDatabase(db.config)
      try {
        expect(await executed(ds)).toEqual([...current.filter((r) => r !== settings), { name: settings.name, timestamp: expect.any(Number) as number }])
        expect(await ds.showMigrations()).toBe(false)
      } finally {
        await ds.destroy()
      }
    } finally {
      await db.drop()
    }
  }, 120_000)
})

describe.runIf(runsOn('sqlite'))('SQLite storage settings', () => {
  it('WAL, synchronous FULL, foreign keys on, a busy timeout on the write connection', async () => {
    const ds = await openDatabase({ kind: 'sqlite', url: path.join(tempDir(), 'shiliu.sqlite') })
    try {
      await exclusively(ds, async (writable) => {
        const pragma = async (name: string) => Object.values(((await writable.query(`PRAGMA ${name}`)) as Array<Record<string, unknown>>)[0] ?? {})[0]
        expect(String(await pragma('journal_mode')).toLowerCase()).toBe('wal')
        expect(Number(await pragma('synchronous'))).toBe(2)
        expect(Number(await pragma('foreign_keys'))).toBe(1)
        expect(Number(await pragma('busy_timeout'))).toBeGreaterThan(0)
      })
    } finally {
      await ds.destroy()
    }
  })
})

describe.runIf(runsOn('sqlite'))('a bad DATABASE_URL', () => {
  const bad = 'postgres://nobody@127.0.0.1:1/x'

  it('makes startServer fail fast with a ConfigError naming the database', async () => {
    const started = Date.now()
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: bad, LOG_LEVEL: 'silent', PORT: '0' })
    const error: unknown = await startServer(config).then(
      () => null,
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(/Cannot open the database/)
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 30_000)

  const built = existsSync('dist/server/main.js')
  if (!built) skipLoudly('built-server exit check', 'dist/server/main.js not built (npm run build:server)')
  it.skipIf(!built)('makes the built server exit non-zero with a clear message', async () => {
    const started = Date.now()
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: bad, PORT: '0', LOG_LEVEL: 'silent', SHILIU_DEMO: '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.on('error', reject)
      child.on('exit', (code) => resolve({ code, stderr }))
    })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(/Cannot open the database \(postgres/)
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 30_000)
})

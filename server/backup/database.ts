import { chmod, copyFile } from 'node:fs/promises'
import path from 'node:path'
import { DataSource, type QueryRunner } from 'typeorm'
import type { DatabaseConfig } from '../config'
import { dataSourceOptions } from '../db/data-source'
import { snapshotSqlite } from '../db/snapshot'
import { query } from '../db/sql'
import { referencedUploads } from '../media/check'
import { countRows, countedTables, openSqliteCopy } from './inspect'
import { DUMP_FILE, SQLITE_FILE, type Manifest } from './manifest'
import { connectionOf, dumpHowTo, loadHowTo, runTool } from './tools'

/*
 * The database part of a backup and of a restore, per engine.
 *
 * SQLite: a snapshot copy (server/db/snapshot.ts), then its rows counted and the uploads it references read
 * from that copy, so the manifest describes exactly what the backup holds.
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot; the rows are counted and the references
 * read in it, and pg_dump dumps that same snapshot (--snapshot) while the transaction stays open.
 * MySQL / MariaDB: counts and references in a consistent-snapshot transaction, then mysqldump
 * --single-transaction takes its own snapshot a moment later (the counts are marked as not exact).
 * Neither locks a table or blocks a writer.
 */

export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

export interface DatabasePart {
  method: Manifest['method']
  file: string
  tables: Record<string, number>
  countsExact: boolean
  /** Upload URLs the backed-up rows reference. */
  references: Set<string>
}

async function backupSqlite(db: DatabaseConfig, staging: string): Promise<DatabasePart> {
  const method = await snapshotSqlite(db.url, path.join(staging, SQLITE_FILE))
  await chmod(path.join(staging, SQLITE_FILE), 0o600)
  const copy = await openSqliteCopy(path.join(staging, SQLITE_FILE))
  try {
    return { method, file: SQLITE_FILE, tables: await countRows(copy, countedTables(copy)), countsExact: true, references: await referencedUploads(copy) }
  } finally {
    await copy.destroy()
  }
}

/** A plain connection (no migrations: a backup never writes to the database it copies). */
async function openPlain(db: DatabaseConfig): Promise<{ ds: DataSource; runner: QueryRunner }> {
  const ds = new DataSource(dataSourceOptions(db))
  await ds.initialize()
  const runner = ds.createQueryRunner()
  await runner.connect()
  return { ds, runner }
}

async function backupServer(db: DatabaseConfig & { kind: 'postgres' | 'mysql' }, staging: string): Promise<DatabasePart> {
  const out = path.join(staging, DUMP_FILE)
  const conn = connectionOf(db.kind, db.url)
  const { ds, runner } = await openPlain(db)
  try {
    const postgres = db.kind === 'postgres'
    await runner.query(postgres ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY')
    const snapshot = postgres ? ((await runner.query('SELECT pg_export_snapshot() AS id')) as Array<{ id: string }>)[0]!.id : null
    const tables = await countRows(runner.manager, countedTables(ds))
    const references = await referencedUploads(runner.manager)
    if (postgres) {
      await runTool('pg_dump', [`--snapshot=${snapshot}`, '--no-owner', '--no-privileges', '--format=plain', `--file=${out}`, ...conn.args], conn.env, { howTo: dumpHowTo('postgres', out) })
    } else {
      await runner.query('COMMIT')
      const args = ['--single-transaction', '--routines', '--triggers', '--no-tablespaces', '--default-character-set=utf8mb4', `--result-file=${out}`]
      await runTool('mysqldump', [...args, ...conn.args], conn.env, { howTo: dumpHowTo('mysql', out) })
    }
    await chmod(out, 0o600)
    return { method: postgres ? 'pg_dump' : 'mysqldump', file: DUMP_FILE, tables, countsExact: postgres, references }
  } finally {
    await runner.query('ROLLBACK').catch(() => undefined)
    await runner.release()
    await ds.destroy()
  }
}

/** Copy the database of `db` into the staging folder of a backup. */
export function backupDatabase(db: DatabaseConfig, staging: string): Promise<DatabasePart> {
  return db.kind === 'sqlite' ? backupSqlite(db, staging) : backupServer(db as DatabaseConfig & { kind: 'postgres' | 'mysql' }, staging)
}

const KIND_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' } as const

/**
 * The backup's engine must be the target's (moving between engines is `npm run db:copy`'s work), and a
 * PostgreSQL / MySQL target must be an empty database.
 */
export async function checkTarget(manifest: Manifest, target: DatabaseConfig): Promise<void> {
  if (manifest.engine === target.kind) {
    if (target.kind !== 'sqlite') await ensureEmptyDatabase(target)
    return
  }
  const hint =
    manifest.engine === 'sqlite'
      ? 'Unset DATABASE_URL to restore it as SQLite into DATA_DIR'
      : `Set DATABASE_URL to a new, empty ${KIND_NAMES[manifest.engine]} database`
  throw new RestoreRefused(
    `This is a backup of a ${KIND_NAMES[manifest.engine]} installation, the target is ${KIND_NAMES[target.kind]}. ${hint}; ` +
      'to change engines afterwards, use npm run db:copy.',
  )
}

/** PostgreSQL / MySQL: the target database must hold no table yet. */
async function ensureEmptyDatabase(db: DatabaseConfig): Promise<void> {
  const { ds, runner } = await openPlain(db)
  try {
    const sql =
      db.kind === 'postgres'
        ? "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()"
        : 'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()'
    const [row] = await query<{ n: number | string }>(runner.manager, sql)
    const n = Number(row?.n ?? 0)
    if (n > 0) throw new RestoreRefused(`The database of DATABASE_URL already holds ${n} table(s): restore into a new, empty database (CREATE DATABASE ...).`)
  } finally {
    await runner.release()
    await ds.destroy()
  }
}

/** Put the backed-up database in place (after checkTarget): the SQLite file into DATA_DIR, or the dump loaded into DATABASE_URL. */
export async function restoreDatabase(manifest: Manifest, from: string, target: DatabaseConfig): Promise<void> {
  const source = path.join(from, manifest.engine === 'sqlite' ? SQLITE_FILE : DUMP_FILE)
  if (target.kind === 'sqlite') {
    await copyFile(source, target.url)
    await chmod(target.url, 0o600)
    return
  }
  const conn = connectionOf(target.kind, target.url)
  if (target.kind === 'postgres') {
    const args = ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--file=${source}`, ...conn.args]
    await runTool('psql', args, conn.env, { howTo: loadHowTo('postgres', source) })
  } else {
    await runTool('mysql', ['--default-character-set=utf8mb4', ...conn.args], conn.env, { stdinFile: source, howTo: loadHowTo('mysql', source) })
  }
}

/** The database `npm run seed` writes into: is it empty, empty it (--reset), how big is it. */
import { rm, stat } from 'node:fs/promises'
import type { DataSource } from 'typeorm'
import type { DatabaseConfig } from '../config'
import { databaseKind } from './bulk'

/** Tables whose rows make a database "in use": members, notes, administrators. */
const CONTENT_TABLES = ['users', 'posts', 'admins']

export async function hasContent(ds: DataSource): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const rows: unknown[] = await ds.query(`SELECT 1 AS x FROM ${table} LIMIT 1`)
    if (rows.length > 0) return true
  }
  return false
}

/** --reset on SQLite, before opening: the file goes (with its WAL), migrations recreate the tables empty. */
export async function removeSqliteFiles(db: DatabaseConfig): Promise<void> {
  if (db.kind !== 'sqlite') return
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${db.url}${suffix}`, { force: true })
}

/** --reset on PostgreSQL / MySQL: every table but the migrations record emptied, ids restarting at 1. */
export async function emptyTables(ds: DataSource): Promise<void> {
  const kind = databaseKind(ds)
  if (kind === 'sqlite') throw new Error('emptyTables: remove the SQLite file instead (removeSqliteFiles)')
  if (kind === 'postgres') {
    const rows: Array<{ name: string }> = await ds.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'migrations'`)
    if (rows.length > 0) await ds.query(`TRUNCATE ${rows.map((r) => `"${r.name}"`).join(', ')} RESTART IDENTITY CASCADE`)
    return
  }
  const rows: Array<{ name: string }> = await ds.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
  )
  // Foreign-key checks are per connection: pin one.
  const runner = ds.createQueryRunner()
  try {
    await runner.query('SET FOREIGN_KEY_CHECKS = 0')
    for (const r of rows) await runner.query(`TRUNCATE TABLE \`${r.name}\``)
    await runner.query('SET FOREIGN_KEY_CHECKS = 1')
  } finally {
    await runner.release()
  }
}

/** Bytes the database takes (SQLite: the file after a WAL checkpoint). */
export async function databaseSize(ds: DataSource, db: DatabaseConfig): Promise<number> {
  if (db.kind === 'sqlite') {
    await ds.query('PRAGMA wal_checkpoint(TRUNCATE)')
    let total = 0
    for (const suffix of ['', '-wal']) total += (await stat(`${db.url}${suffix}`).catch(() => null))?.size ?? 0
    return total
  }
  const sql =
    db.kind === 'postgres'
      ? 'SELECT pg_database_size(current_database()) AS size'
      : 'SELECT SUM(data_length + index_length) AS size FROM information_schema.tables WHERE table_schema = DATABASE()'
  const rows: Array<{ size: number | string | null }> = await ds.query(sql)
  return Number(rows[0]?.size ?? 0)
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  return `${(bytes / 1024).toFixed(0)} KB`
}

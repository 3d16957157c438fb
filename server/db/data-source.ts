import 'reflect-metadata'
import pg from 'pg'
import { DataSource, type DataSourceOptions } from 'typeorm'
import type { DatabaseConfig } from '../config'
import { entities } from './entities'
import { runMigrationsLocked } from './migrate'
import { migrationsFor } from './migrations'
import { serializeSqliteTransactions } from './transaction'

/** SQLite settings of ARCHITECTURE.md §4: durable WAL, enforced foreign keys, wait instead of failing on locks. */
const SQLITE_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL', 'PRAGMA foreign_keys = ON']
const SQLITE_BUSY_TIMEOUT_MS = 5000

export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  const common = { entities, migrations: migrationsFor(db.kind), synchronize: false, migrationsRun: false, logging: false } as const
  switch (db.kind) {
    case 'sqlite':
      return { ...common, type: 'sqlite', database: db.url, busyTimeout: SQLITE_BUSY_TIMEOUT_MS, enableWAL: true }
    case 'postgres':
      return { ...common, type: 'postgres', url: db.url, extra: { max: 20, options: '-c TimeZone=UTC' } }
    case 'mysql':
      return { ...common, type: 'mysql', url: db.url.replace(/^mariadb:/, 'mysql:'), timezone: 'Z', charset: 'utf8mb4', extra: { connectionLimit: 20 } }
  }
}

// PostgreSQL 'timestamp' columns hold UTC: send and read them as UTC whatever the process time zone.
pg.defaults.parseInputDatesAsUTC = true
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value: string) => new Date(`${value.replace(' ', 'T')}Z`))

/** Open the database, apply the storage settings, and run pending migrations. */
export async function openDatabase(db: DatabaseConfig): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(db))
  await ds.initialize()
  if (db.kind === 'sqlite') {
    for (const pragma of SQLITE_PRAGMAS) await ds.query(pragma)
    // TypeORM shares one SQLite connection between all callers; make concurrent transactions take turns.
    serializeSqliteTransactions(ds)
  }
  await runMigrationsLocked(ds)
  return ds
}

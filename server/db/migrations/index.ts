import type { DatabaseKind } from '../../config'
import * as mysql from './mysql'
import * as postgres from './postgres'
import * as sqlite from './sqlite'

type MigrationClass = new () => import('typeorm').MigrationInterface

const byKind: Record<DatabaseKind, Record<string, MigrationClass>> = { sqlite, postgres, mysql }

/**
 * Migrations of one engine, in the order their names' timestamps give. TypeORM itself orders (and records)
 * them by the LAST 13 characters of the name, so every name must end with its 13-digit timestamp
 * (`PostgresInitial1795350168509`); a name that does not is refused here rather than run out of order.
 */
export function migrationsFor(kind: DatabaseKind): MigrationClass[] {
  const classes = Object.values(byKind[kind])
  for (const migration of classes) {
    if (!/\d{13}$/.test(migration.name)) throw new Error(`Migration ${migration.name} must end with its 13-digit timestamp`)
  }
  return classes.sort((a, b) => stamp(a) - stamp(b))
}

export function stamp(migration: { name: string }): number {
  return Number(migration.name.slice(-13))
}

import type { DatabaseKind } from '../../config'
import * as mysql from './mysql'
import * as postgres from './postgres'
import * as sqlite from './sqlite'

type MigrationClass = new () => import('typeorm').MigrationInterface

const byKind: Record<DatabaseKind, Record<string, MigrationClass>> = { sqlite, postgres, mysql }

/** Migrations of one engine, in the order their names' timestamps give. */
export function migrationsFor(kind: DatabaseKind): MigrationClass[] {
  return Object.values(byKind[kind]).sort((a, b) => stamp(a) - stamp(b))
}

function stamp(migration: MigrationClass): number {
  return Number(/(\d{13})/.exec(migration.name)?.[1] ?? 0)
}

import { DataSource, type EntityMetadata, type QueryRunner } from 'typeorm'
import type { DatabaseConfig, DatabaseKind } from '../config'
import { findCounterMismatches, type CounterMismatch } from '../domain/counters'
import { dataSourceOptions, openDatabase } from '../db/data-source'
import { analyzeTables } from '../db/planner-stats'
import { toBool, toIso, type SqlValue } from '../db/reader'
import { dateParam, dialect, execute } from '../db/sql'
import { exclusively, inTransaction } from '../db/transaction'

/*
 * Copy a whole campus from one database to another, any engine to any engine (`npm run db:copy`): every
 * entity table with its ids, in foreign-key order, read from one consistent snapshot of the source and written
 * in ONE write job on the target (all or nothing). The target is migrated to the current schema first and
 * must be empty; the source is only read (its schema must be current: start a server on it once). Afterwards
 * PostgreSQL's id sequences continue after the copied ids, row counts are compared table by table and every
 * counter is checked against its rows on the target. Uploaded files are not touched: they stay where
 * DATA_DIR/uploads is.
 */

export interface CopyProgress {
  (message: string): void
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>
  counterMismatches: CounterMismatch[]
  seconds: number
}

export class CopyRefused extends Error {
  override name = 'CopyRefused'
}

/** Rows per INSERT statement stay under every engine's bound-parameter limit (SQLite: 32766). */
const MAX_PARAMS = 10_000
const PAGE = 2_000

/** Tables of the entities, parents before children (self-references are satisfied by id order). */
export function copyOrder(ds: DataSource): EntityMetadata[] {
  const all = ds.entityMetadatas.filter((m) => m.tableType === 'regular')
  const done = new Set<string>()
  const ordered: EntityMetadata[] = []
  while (ordered.length < all.length) {
    const ready = all.filter((m) => !done.has(m.tableName) && m.foreignKeys.every((fk) => fk.referencedTablePath === m.tableName || done.has(fk.referencedTablePath)))
    if (ready.length === 0) throw new Error('foreign keys form a cycle; cannot order the copy')
    for (const m of ready) {
      done.add(m.tableName)
      ordered.push(m)
    }
  }
  return ordered
}

/** A value as read from `from`, as `to` expects it in a parameter (dates and booleans differ by engine). */
function convert(value: unknown, type: unknown, to: DatabaseKind): SqlValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint') return String(value)
  if (type === Date) return dateParam(to, new Date(toIso(value)))
  // 1/0 is a boolean parameter on every engine (PostgreSQL reads '1' and '0' as booleans).
  if (type === Boolean) return toBool(value) ? 1 : 0
  return value as SqlValue
}

async function readSnapshot(source: DataSource): Promise<QueryRunner> {
  const runner = source.createQueryRunner()
  await runner.connect()
  // One consistent view of the source for the whole copy, even if something still writes to it.
  if (source.options.type === 'postgres') await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
  else if (source.options.type === 'mysql') await runner.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY')
  else await runner.query('BEGIN')
  return runner
}

/** Pages of a table's rows in primary-key order (keyset on a single numeric key, else offset in the snapshot). */
async function* pages(runner: QueryRunner, kind: DatabaseKind, meta: EntityMetadata): AsyncGenerator<Array<Record<string, unknown>>> {
  const columns = meta.columns.map((c) => c.databaseName).join(', ')
  const keys = meta.primaryColumns.map((c) => c.databaseName)
  const numericKey = keys.length === 1 && meta.primaryColumns[0]!.type === 'integer' ? keys[0]! : null
  let after = 0
  for (let offset = 0; ; offset += PAGE) {
    const sql = numericKey
      ? `SELECT ${columns} FROM ${meta.tableName} WHERE ${numericKey} > ? ORDER BY ${numericKey} LIMIT ${PAGE}`
      : `SELECT ${columns} FROM ${meta.tableName} ORDER BY ${keys.join(', ')} LIMIT ${PAGE} OFFSET ${offset}`
    const rows = (await runner.query(dialect(kind, sql), numericKey ? [after] : [])) as Array<Record<string, unknown>>
    if (rows.length === 0) return
    yield rows
    if (rows.length < PAGE) return
    if (numericKey) after = Number(rows.at(-1)![numericKey])
  }
}

async function countRows(db: DataSource | QueryRunner, table: string): Promise<number> {
  const [row] = (await db.query(`SELECT COUNT(*) AS n FROM ${table}`)) as Array<{ n: number | string }>
  return Number(row?.n ?? 0)
}

/** PostgreSQL: each id sequence continues after the largest copied id. */
async function resetSequences(target: DataSource, tables: EntityMetadata[]): Promise<void> {
  if (target.options.type !== 'postgres') return // MySQL's AUTO_INCREMENT and SQLite's sqlite_sequence follow explicit ids
  for (const meta of tables) {
    const generated = meta.primaryColumns.find((c) => c.isGenerated)
    if (!generated) continue
    const col = generated.databaseName
    await target.query(`SELECT setval(pg_get_serial_sequence('${meta.tableName}', '${col}'), COALESCE((SELECT MAX(${col}) FROM ${meta.tableName}), 1), (SELECT MAX(${col}) FROM ${meta.tableName}) IS NOT NULL)`)
  }
}

/** Open the source without migrating or writing anything. */
async function openSource(config: DatabaseConfig): Promise<DataSource> {
  const options = config.kind === 'sqlite' ? { ...dataSourceOptions(config), enableWAL: false } : dataSourceOptions(config)
  const ds = new DataSource(options)
  await ds.initialize()
  try {
    if (await ds.showMigrations()) throw new CopyRefused('The source database has pending migrations: start a Shiliu server on it once (it migrates at start), then copy.')
  } catch (err) {
    await ds.destroy()
    throw err
  }
  return ds
}

/**
 * Planner statistics for the copied tables. Without them PostgreSQL plans every statement blind until autovacuum
 * gets round to the new tables: the mixed bench, run right after `db:copy`, served 9 requests/s with PostgreSQL
 * saturating both cores (stop 32). SQLite's statistics go through the writer (its DataSource is read-only).
 */
async function analyze(target: DataSource, kind: DatabaseKind, tables: EntityMetadata[]): Promise<void> {
  const names = tables.map((meta) => meta.tableName)
  if (kind === 'sqlite') await exclusively(target, (writable) => analyzeTables(writable, kind, names))
  else await analyzeTables(target, kind, names)
}

export async function copyDatabase(from: DatabaseConfig, to: DatabaseConfig, progress: CopyProgress = () => {}): Promise<CopyReport> {
  const started = Date.now()
  const source = await openSource(from)
  let target: DataSource | null = null
  let runner: QueryRunner | null = null
  try {
    target = await openDatabase(to)
    const tables = copyOrder(target)
    for (const meta of tables) {
      if ((await countRows(target, meta.tableName)) > 0) throw new CopyRefused(`The target database is not empty (table ${meta.tableName} has rows). Copy into a new, empty database.`)
    }
    runner = await readSnapshot(source)
    const snapshot = runner
    const copied: CopyReport['tables'] = []
    await inTransaction(target, async (manager) => {
      copied.length = 0
      for (const meta of tables) {
        const columns = meta.columns
        const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
        let rows = 0
        for await (const page of pages(snapshot, from.kind, meta)) {
          for (let i = 0; i < page.length; i += perStatement) {
            const chunk = page.slice(i, i + perStatement)
            const tuple = `(${columns.map(() => '?').join(', ')})`
            const values = chunk.flatMap((row) => columns.map((c) => convert(row[c.databaseName], c.type, to.kind)))
            await execute(manager, `INSERT INTO ${meta.tableName} (${columns.map((c) => c.databaseName).join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`, values)
            rows += chunk.length
          }
        }
        copied.push({ table: meta.tableName, rows })
        progress(`${meta.tableName}: ${rows} rows`)
      }
    })
    await resetSequences(target, tables)
    await analyze(target, to.kind, tables)
    for (const { table, rows } of copied) {
      const [inSource, inTarget] = [await countRows(snapshot, table), await countRows(target, table)]
      if (inSource !== rows || inTarget !== rows) throw new Error(`Row counts of ${table} differ after the copy: source ${inSource}, copied ${rows}, target ${inTarget}`)
    }
    const counterMismatches = await findCounterMismatches(target, 20)
    return { tables: copied, counterMismatches, seconds: (Date.now() - started) / 1000 }
  } finally {
    if (runner) {
      await runner.query(source.options.type === 'sqlite' ? 'COMMIT' : 'ROLLBACK').catch(() => {})
      await runner.release()
    }
    await target?.destroy()
    await source.destroy()
  }
}

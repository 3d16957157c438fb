/**
 * Bulk writing for the seed generator: multi-row INSERTs in chunks, inside the caller's transaction.
 *
 * - PostgreSQL: bound parameters, at most 30,000 per statement (the protocol's limit is 65,535).
 * - MySQL/MariaDB: the mysql driver formats parameters into the statement text, so chunks are also bounded
 *   in bytes, to half of the server's max_allowed_packet.
 * - SQLite: values are written as SQL literals and run with exec on the raw connection (the one TypeORM's
 *   runner holds, so its transaction applies). Measured here, node-sqlite3's parameter binding cost about
 *   twice the CPU of the inserts themselves; literals also keep far below the 32,766-variable limit.
 *
 * Values go through the TypeORM driver's own conversion first (booleans, dates, JSON transformers), so rows
 * written here read back exactly like rows the entities save.
 */
import type { Database as SqliteDatabase } from 'sqlite3'
import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral, QueryRunner } from 'typeorm'
import type { DatabaseKind } from '../config'

const STATEMENT_PARAMS: Record<DatabaseKind, number> = { sqlite: 1_000_000, postgres: 30_000, mysql: 30_000 }
const MAX_ROWS = 5000

export function databaseKind(ds: DataSource): DatabaseKind {
  const type = ds.options.type
  if (type === 'postgres') return 'postgres'
  if (type === 'mysql' || type === 'mariadb') return 'mysql'
  return 'sqlite'
}

type Convert = (value: unknown) => unknown

/** A value as an SQLite literal (only numbers, strings and null reach here after the driver's conversion). */
function sqliteLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to SQLite`)
    return String(value)
  }
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`
  throw new Error(`unexpected ${typeof value} value for SQLite`)
}

/** A buffered multi-row INSERT into one table; `push` flushes whenever a chunk is full. */
export class TableSink {
  private rows: unknown[][] = []
  private bytes = 0
  private readonly maxRows: number
  private readonly prefix: string
  private parents: TableSink[] = []
  written = 0

  constructor(
    private readonly bulk: BulkWriter,
    readonly table: string,
    private readonly columns: readonly string[],
    private readonly converters: Array<Convert | null>,
  ) {
    this.maxRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(STATEMENT_PARAMS[bulk.kind] / columns.length)))
    this.prefix = `INSERT INTO ${bulk.escape(table)} (${columns.map((c) => bulk.escape(c)).join(', ')}) VALUES `
  }

  /** Rows here reference rows of these sinks: flush them first (foreign keys are checked per statement). */
  after(...parents: TableSink[]): this {
    this.parents.push(...parents)
    return this
  }

  /** Add one row (values in the column order given to BulkWriter.sink). */
  async push(row: unknown[]): Promise<void> {
    if (row.length !== this.columns.length) throw new Error(`${this.table}: row has ${row.length} values for ${this.columns.length} columns`)
    for (let i = 0; i < row.length; i++) {
      const convert = this.converters[i]
      const v = convert ? convert(row[i]) : row[i]
      row[i] = v
      this.bytes += typeof v === 'string' ? v.length * 3 + 4 : 12
    }
    this.rows.push(row)
    if (this.rows.length >= this.maxRows || this.bytes >= this.bulk.maxBytes) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return
    for (const parent of this.parents) await parent.flush()
    const rows = this.rows
    this.rows = []
    this.bytes = 0
    if (this.bulk.sqlite) {
      const sql = this.prefix + rows.map((r) => `(${r.map(sqliteLiteral).join(', ')})`).join(', ')
      await this.bulk.submit(() => this.bulk.execSqlite(sql))
    } else {
      const sql = this.prefix + this.bulk.valueGroups(rows.length, this.columns.length)
      const params = rows.flat()
      await this.bulk.submit(async () => {
        await this.bulk.runner.query(sql, params)
      })
    }
    this.written += rows.length
  }
}

/** Runs SQL on the raw SQLite connection (TypeORM's SQLite drivers have exactly one, which its runners share). */
type SqliteExec = (sql: string) => Promise<void>

function sqliteExec(ds: DataSource): SqliteExec | null {
  if (databaseKind(ds) !== 'sqlite' || !('databaseConnection' in ds.driver)) return null
  if (ds.options.type === 'better-sqlite3') {
    const native = ds.driver.databaseConnection as { exec(sql: string): unknown }
    return async (sql) => void native.exec(sql)
  }
  const db = ds.driver.databaseConnection as SqliteDatabase
  return (sql) => new Promise((resolve, reject) => db.exec(sql, (err: Error | null) => (err ? reject(err) : resolve())))
}

/** Opens table sinks on one QueryRunner (so they share its transaction). */
export class BulkWriter {
  readonly kind: DatabaseKind
  /** Upper bound of one statement's estimated size in bytes. */
  maxBytes = 4 * 1024 * 1024
  /** SQL on the raw SQLite connection, or null on PostgreSQL / MySQL. */
  readonly sqlite: SqliteExec | null
  private pending: Promise<void> | null = null

  constructor(
    readonly ds: DataSource,
    readonly runner: QueryRunner,
  ) {
    this.kind = databaseKind(ds)
    this.sqlite = sqliteExec(ds)
  }

  /**
   * Start a write without waiting for it, after the previous one finished: the database executes one chunk
   * while the next is being built (double buffering), and writes stay in order. drain() before anything
   * that must see them (commit, queries).
   */
  async submit(write: () => Promise<void>): Promise<void> {
    if (this.pending) await this.pending
    const started = write()
    started.catch(() => undefined) // reported by the next submit() or drain()
    this.pending = started
  }

  async drain(): Promise<void> {
    const pending = this.pending
    this.pending = null
    if (pending) await pending
  }

  /** Fit statements into MySQL's max_allowed_packet (half of it, leaving room for escaping). */
  async init(): Promise<void> {
    if (this.kind !== 'mysql') return
    const rows: Array<Record<string, unknown>> = await this.runner.query('SELECT @@max_allowed_packet AS packet')
    const packet = Number(rows[0]?.packet ?? 0)
    if (packet > 0) this.maxBytes = Math.max(64 * 1024, Math.min(this.maxBytes, Math.floor(packet / 2)))
  }

  escape(name: string): string {
    return this.ds.driver.escape(name)
  }

  valueGroups(rows: number, columns: number): string {
    if (this.kind !== 'postgres') return Array<string>(rows).fill(`(${Array<string>(columns).fill('?').join(', ')})`).join(', ')
    const groups: string[] = []
    for (let r = 0; r < rows; r++) groups.push(`(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`)
    return groups.join(', ')
  }

  execSqlite(sql: string): Promise<void> {
    if (!this.sqlite) throw new Error('execSqlite needs the SQLite driver')
    return this.sqlite(sql)
  }

  sink<T extends ObjectLiteral>(entity: EntityTarget<T>, columns: readonly string[]): TableSink {
    const meta = this.ds.getMetadata(entity)
    const converters = columns.map((name): Convert | null => {
      const column: ReturnType<EntityMetadata['findColumnWithDatabaseName']> = meta.findColumnWithDatabaseName(name)
      if (!column) throw new Error(`${meta.tableName} has no column ${name}`)
      const needsDriver = column.transformer !== undefined || column.type === Date || column.type === Boolean
      return needsDriver ? (value: unknown) => this.ds.driver.preparePersistentValue(value, column) : null
    })
    return new TableSink(this, meta.tableName, columns, converters)
  }
}

/** The highest id of a table (0 when empty): generated ids start after it. */
export async function maxId(ds: DataSource | QueryRunner, table: string): Promise<number> {
  const rows: Array<Record<string, unknown>> = await ds.query(`SELECT MAX(id) AS m FROM ${table}`)
  return Number(rows[0]?.m ?? 0)
}

/** Rows were inserted with explicit ids: move PostgreSQL's sequences past them (SQLite and MySQL follow by themselves). */
export async function syncSequences(ds: DataSource, tables: readonly string[]): Promise<void> {
  if (databaseKind(ds) !== 'postgres') return
  for (const table of tables) {
    await ds.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM "${table}"`)
  }
}

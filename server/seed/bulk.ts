/**
 * Bulk writing for the seed generator: multi-row INSERTs in chunks, inside the caller's transaction.
 * Chunks respect every engine's limits: SQLite's 32766 bound variables, PostgreSQL's 65535 parameters,
 * MySQL's max_allowed_packet (the mysql driver formats parameters into the statement text).
 * Values go through the TypeORM driver's own conversion (booleans, dates, JSON transformers), so rows
 * written here read back exactly like rows the entities save.
 */
import type { Database as SqliteDatabase, Statement as SqliteStatement } from 'sqlite3'
import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral, QueryRunner } from 'typeorm'
import type { DatabaseKind } from '../config'

/**
 * Parameters per statement. The hard limits are 32766 (SQLite) and 65535 (PostgreSQL, MySQL), but measured
 * here node-sqlite3 binds large parameter lists superlinearly: ~1000 per statement, prepared once and reused,
 * is 3-8 times faster on SQLite than 25k-parameter statements.
 */
const STATEMENT_PARAMS: Record<DatabaseKind, number> = { sqlite: 1000, postgres: 30000, mysql: 30000 }
const MAX_ROWS = 5000

export function databaseKind(ds: DataSource): DatabaseKind {
  const type = ds.options.type
  if (type === 'postgres') return 'postgres'
  if (type === 'mysql' || type === 'mariadb') return 'mysql'
  return 'sqlite'
}

type Convert = (value: unknown) => unknown

/** A buffered multi-row INSERT into one table; `push` flushes whenever a chunk is full. */
export class TableSink {
  private rows: unknown[][] = []
  private bytes = 0
  private readonly maxRows: number
  private readonly prefix: string
  private readonly converters: Array<Convert | null>
  private parents: TableSink[] = []
  written = 0

  constructor(
    private readonly bulk: BulkWriter,
    readonly table: string,
    private readonly columns: readonly string[],
    converters: Array<Convert | null>,
  ) {
    this.maxRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(STATEMENT_PARAMS[bulk.kind] / columns.length)))
    this.prefix = `INSERT INTO ${bulk.escape(table)} (${columns.map((c) => bulk.escape(c)).join(', ')}) VALUES `
    this.converters = converters
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
    const params = rows.flat()
    const sql = () => this.prefix + this.bulk.valueGroups(rows.length, this.columns.length)
    if (this.bulk.sqlite && rows.length === this.maxRows) await this.bulk.runPrepared(this.table, sql, params)
    else await this.bulk.runner.query(sql(), params)
    this.written += rows.length
  }
}

function sqliteHandle(ds: DataSource): SqliteDatabase | null {
  if (databaseKind(ds) !== 'sqlite' || !('databaseConnection' in ds.driver)) return null
  return ds.driver.databaseConnection as SqliteDatabase
}

/** Opens table sinks on one QueryRunner (so they share its transaction). */
export class BulkWriter {
  readonly kind: DatabaseKind
  /** Upper bound of one statement's estimated size in bytes (MySQL packets). */
  maxBytes = 4 * 1024 * 1024
  /** The raw SQLite connection (the one TypeORM's runner uses, so its transaction applies). */
  readonly sqlite: SqliteDatabase | null
  private readonly prepared = new Map<string, SqliteStatement>()

  constructor(
    readonly ds: DataSource,
    readonly runner: QueryRunner,
  ) {
    this.kind = databaseKind(ds)
    this.sqlite = sqliteHandle(ds)
  }

  valueGroups(rows: number, columns: number): string {
    if (this.kind !== 'postgres') return Array<string>(rows).fill(`(${Array<string>(columns).fill('?').join(', ')})`).join(', ')
    const groups: string[] = []
    for (let r = 0; r < rows; r++) groups.push(`(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`)
    return groups.join(', ')
  }

  /** Run a full-size chunk through a statement prepared once per table (SQLite only). */
  runPrepared(key: string, sql: () => string, params: unknown[]): Promise<void> {
    const db = this.sqlite
    if (!db) throw new Error('runPrepared is for SQLite')
    let statement = this.prepared.get(key)
    if (!statement) {
      // A preparation error is reported to run()'s callback; the no-op keeps it from being emitted as 'error'.
      statement = db.prepare(sql(), () => undefined)
      this.prepared.set(key, statement)
    }
    const prepared = statement
    return new Promise((resolve, reject) => prepared.run(params, (err: Error | null) => (err ? reject(err) : resolve())))
  }

  /** Finalize the prepared statements (before the runner is released). */
  async close(): Promise<void> {
    const statements = [...this.prepared.values()]
    this.prepared.clear()
    await Promise.all(statements.map((s) => new Promise<void>((resolve) => s.finalize(() => resolve()))))
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

import type { DataSource, QueryRunner } from 'typeorm'

/*
 * Pending migrations run under ONE lock across every instance that shares the database, so instances started
 * at the same moment on an empty database take turns: the first migrates, the others wait, then find nothing
 * left to do and start serving.
 *
 *   PostgreSQL  session advisory lock (pg_try_advisory_lock, polled), scoped to the database
 *   MySQL       GET_LOCK on a name derived from the database (GET_LOCK is server-wide)
 *   SQLite      the database file's own write lock: BEGIN IMMEDIATE, the migrations inside that transaction
 *
 * The lock is held on a connection of its own and released however the migrations end.
 */

/** How long an instance waits for another one's migrations before giving up with a clear error. */
const LOCK_WAIT_MS = 10 * 60_000
const POLL_MS = 250
/** Fixed advisory lock key of Shiliu's migrations ('Shil', 'migr'). */
const PG_LOCK_KEY = [0x5368696c, 0x6d696772] as const

/*
 * Migrations were once named `<Name><timestamp><Engine>`; TypeORM reads the last 13 characters of a name as
 * its timestamp, which ran PostgreSQL's out of order. They are now `<Engine><Name><timestamp>`. Databases
 * migrated under the old names get their history rows renamed (and re-stamped) before migrating, so nothing
 * runs twice.
 */
const RENAMED: Readonly<Record<string, string>> = Object.fromEntries(
  (['Sqlite', 'Postgres', 'Mysql'] as const).flatMap((engine) =>
    [
      ['Initial', '1795350168509'],
      ['SearchIndex', '1795350168510'],
      ['RateLimits', '1795350440244'],
    ].map(([name, stamp]) => [`${name}${stamp}${engine}`, `${engine}${name}${stamp}`]),
  ),
)

export class MigrationLockTimeout extends Error {
  override name = 'MigrationLockTimeout'
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function withPostgresLock<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    const [row] = (await runner.query('SELECT pg_try_advisory_lock($1, $2) AS got', [...PG_LOCK_KEY])) as Array<{ got: boolean }>
    if (row?.got) break
    if (Date.now() > deadline) throw new MigrationLockTimeout('Another instance has been migrating this database for 10 minutes; giving up')
    await sleep(POLL_MS)
  }
  try {
    return await work()
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1, $2)', [...PG_LOCK_KEY])
  }
}

async function withMysqlLock<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
  // Lock names are at most 64 characters and shared by the whole server: derive one from the database name.
  const name = "CONCAT('shiliu:migrate:', LEFT(SHA1(DATABASE()), 40))"
  const [row] = (await runner.query(`SELECT GET_LOCK(${name}, ?) AS got`, [LOCK_WAIT_MS / 1000])) as Array<{ got: number | null }>
  if (Number(row?.got) !== 1) throw new MigrationLockTimeout('Another instance has been migrating this database for 10 minutes; giving up')
  try {
    return await work()
  } finally {
    await runner.query(`SELECT RELEASE_LOCK(${name})`)
  }
}

/** SQLite: hold the file's write lock (BEGIN IMMEDIATE; retried while another process holds it). */
/**
 * Run `statement` again while SQLite answers SQLITE_BUSY, for up to `waitMs`. For the statements whose lock
 * SQLite does not wait for with the busy timeout: BEGIN IMMEDIATE here, and `PRAGMA journal_mode = WAL`,
 * which fails at once while another connection (a second instance starting, say) holds the write lock.
 */
export async function retryWhileBusy(statement: () => Promise<unknown>, waitMs: number, pollMs = POLL_MS): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      await statement()
      return
    } catch (err) {
      if (!/SQLITE_BUSY|database is locked/i.test(String((err as Error).message)) || Date.now() > deadline) throw err
      await sleep(pollMs)
    }
  }
}

async function withSqliteLock<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
  await retryWhileBusy(() => runner.query('BEGIN IMMEDIATE'), LOCK_WAIT_MS)
  try {
    const result = await work()
    await runner.query('COMMIT')
    return result
  } catch (err) {
    await runner.query('ROLLBACK').catch(() => {})
    throw err
  }
}

async function renameLegacyMigrations(ds: DataSource, runner: QueryRunner): Promise<void> {
  if (!(await runner.hasTable(ds.driver.buildTableName('migrations', undefined, undefined)))) return
  const rows = (await runner.query('SELECT name FROM migrations')) as Array<{ name: string }>
  const placeholder = (n: number) => (ds.options.type === 'postgres' ? `$${n}` : '?')
  for (const { name } of rows) {
    const renamed = RENAMED[name]
    if (!renamed) continue
    await runner.query(`UPDATE migrations SET name = ${placeholder(1)}, timestamp = ${placeholder(2)} WHERE name = ${placeholder(3)}`, [renamed, Number(renamed.slice(-13)), name])
  }
}

/**
 * Run `work` while holding the migrations' cross-instance lock on a connection of its own (PostgreSQL,
 * MySQL): the demo seeding of an empty database takes it too, so of two instances started at once on an
 * empty database the second waits for the first's data and then finds it there. `work` uses the pool's
 * other connections. On SQLite it runs unlocked: the lock there is the write transaction `work` itself
 * needs.
 */
export async function withSetupLock<T>(ds: DataSource, work: () => Promise<T>): Promise<T> {
  const type = ds.options.type
  if (type !== 'postgres' && type !== 'mysql' && type !== 'mariadb') return work()
  const runner = ds.createQueryRunner()
  await runner.connect()
  try {
    return type === 'postgres' ? await withPostgresLock(runner, work) : await withMysqlLock(runner, work)
  } finally {
    await runner.release()
  }
}

/** Run every pending migration while holding the cross-instance migration lock. */
export async function runMigrationsLocked(ds: DataSource): Promise<void> {
  const type = ds.options.type
  const runner = ds.createQueryRunner()
  await runner.connect()
  try {
    const migrate = async () => {
      await renameLegacyMigrations(ds, runner)
      // On SQLite everything runs inside the locking transaction (TypeORM shares one connection there).
      await ds.runMigrations({ transaction: type === 'sqlite' || type === 'better-sqlite3' ? 'none' : 'each' })
    }
    if (type === 'postgres') await withPostgresLock(runner, migrate)
    else if (type === 'mysql' || type === 'mariadb') await withMysqlLock(runner, migrate)
    else await withSqliteLock(runner, migrate)
  } finally {
    await runner.release()
  }
}

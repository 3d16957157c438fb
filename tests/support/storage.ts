/*
 * Faults from outside the server, as an operator meets them: another process holding SQLite's write lock,
 * and a disk that fills up (a small tmpfs where this machine lets us mount one).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmdirSync, writeFileSync } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'
import type { DataSource } from 'typeorm'
import type { DatabaseConfig } from '../../server/config'
import { writerOf } from '../../server/db/transaction'

export interface WriteLock {
  /** Resolves once the other process holds the lock. */
  held: Promise<void>
  /** Commit and let go; resolves when the process has exited. */
  release(): Promise<void>
}

export interface RowLock extends WriteLock {
  /**
   * How many transactions of this database wait for the lock now (PostgreSQL / MySQL); null on SQLite, where
   * the lock is another process's and the waiting writer is the server's own (its queue: writerOf(db).state()).
   */
  waiters(): Promise<number | null>
}

/**
 * Another process (node with the sqlite3 module, like any tool an operator might run) takes the database's
 * write lock with BEGIN IMMEDIATE and keeps it until `release()` (or `ms`, whichever comes first).
 */
export function holdWriteLock(file: string, ms = 30_000): WriteLock {
  const script = `
    const sqlite3 = require('sqlite3')
    const db = new sqlite3.Database(${JSON.stringify(file)})
    db.exec('BEGIN IMMEDIATE', (err) => {
      if (err) { console.error(err.message); process.exit(2) }
      process.stdout.write('locked\\n')
      const done = () => db.exec('COMMIT', () => db.close(() => process.exit(0)))
      setTimeout(done, ${ms})
      process.stdin.on('data', done)
    })`
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const held = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => String(d).includes('locked') && resolve())
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code} before locking`)))
  })
  held.catch(() => undefined)
  return {
    held,
    release: async () => {
      if (child.exitCode === null) child.stdin!.write('go\n')
      await exited
    },
  }
}

/**
 * Run one write statement on `file` from another process (node with the sqlite3 module), and wait for it. In
 * the test process itself only the server's SQLite library may open a file the server has open
 * (server/db/sqlite-library.ts).
 */
export function writeFromAnotherProcess(file: string, sql: string): void {
  const script = `
    const sqlite3 = require('sqlite3')
    const db = new sqlite3.Database(${JSON.stringify(file)})
    db.configure('busyTimeout', 5000)
    db.run(${JSON.stringify(sql)}, (err) => {
      if (err) { console.error(err.message); process.exit(2) }
      db.close(() => process.exit(0))
    })`
  execFileSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] })
}

export interface SmallDisk {
  dir: string
  /** Fill every free byte with a filler file. */
  fill(): Promise<void>
  /** Remove the filler: space is back. */
  free(): Promise<void>
  unmount(): void
}

/** A tmpfs of `megabytes` mounted on a fresh directory, or null (with the reason) where mounting is not allowed. */
export function mountSmallDisk(megabytes: number): SmallDisk | { unavailable: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (err) {
    rmdirSync(dir)
    return { unavailable: String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim() }
  }
  const filler = path.join(dir, 'filler')
  return {
    dir,
    async fill() {
      const handle = await open(filler, 'a')
      const chunk = Buffer.alloc(256 * 1024, 1)
      try {
        for (;;) await handle.write(chunk)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      }
      // The last partial chunk: fill to the byte.
      try {
        for (;;) await handle.write(Buffer.alloc(512, 1))
      } catch {
        /* full */
      } finally {
        await handle.close()
      }
    },
    async free() {
      await rm(filler, { force: true })
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
      rmdirSync(dir)
    },
  }
}

/** Write a file into a directory (test fixtures such as interrupted upload folders). */
export function touch(file: string, content = 'x'): void {
  writeFileSync(file, content)
}

/**
 * Whatever makes the server's next write to `table` row `id` wait, on its engine: SQLite's write lock held by
 * another process, or a row lock (`SELECT ... FOR UPDATE` in an open transaction) on PostgreSQL / MySQL.
 */
export function holdRowLock(database: DatabaseConfig, table: string, id: number): RowLock {
  if (database.kind === 'sqlite') return { ...holdWriteLock(database.url), waiters: async () => null }
  const select = `SELECT id FROM ${table} WHERE id = ${Number(id)} FOR UPDATE`
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url })
    let holder = 0
    const held = client.connect().then(async () => {
      holder = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
      await client.query('BEGIN')
      await client.query(select)
    })
    held.catch(() => undefined)
    // Asked on a connection of its own: the holder's is inside its transaction.
    const waiters = async () => {
      await held
      const probe = new pg.Client({ connectionString: database.url })
      await probe.connect()
      try {
        const { rows } = await probe.query<{ n: string }>('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holder])
        return Number(rows[0]!.n)
      } finally {
        await probe.end()
      }
    }
    return { held, waiters, release: () => held.then(() => client.query('COMMIT')).finally(() => client.end()).then(() => undefined) }
  }
  const url = database.url.replace(/^mariadb:/, 'mysql:')
  const connection = mysql.createConnection(url)
  const held = connection.then(async (c) => {
    await c.query('BEGIN')
    await c.query(select)
  })
  held.catch(() => undefined)
  // Statements of this database (the server shares MariaDB with other test runs) running on other connections:
  // with the row held, the write blocked on it. Not INNODB_TRX: a transaction whose first statement waits for a
  // lock is not listed there yet (seen on MariaDB).
  const waiters = async () => {
    const c = await connection
    await held
    const [rows] = await c.query("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND COMMAND = 'Query'")
    return Number((rows as Array<{ n: number | string }>)[0]!.n)
  }
  return { held, waiters, release: () => connection.then(async (c) => {
    await c.query('COMMIT').catch(() => undefined)
    await c.end()
  }) }
}

/**
 * Resolves once the server's write is waiting for `lock`, i.e. the request has reached the server and got as far
 * as its transaction: on SQLite a job in the writer's queue, elsewhere a transaction blocked on the row. Polls;
 * fails after `timeoutMs` (a condition to wait for, instead of a guess at how long the request takes to get there).
 */
export async function untilWriteWaits(db: DataSource, lock: RowLock, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const waiting = (await lock.waiters()) ?? writerOf(db)?.state().queued ?? 0
    if (waiting > 0) return
    if (Date.now() > deadline) throw new Error(`no write waited for the lock within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

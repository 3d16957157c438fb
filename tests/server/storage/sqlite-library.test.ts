/**
 * One SQLite library per file per process (server/db/sqlite-library.ts): node-sqlite3 and better-sqlite3 each
 * carry their own SQLite, and two copies on one file in one process do not see each other's locks. Found by
 * a fresh clone's `.ci/run` (stop 29: `writer.test.ts` › keeps the WAL bounded, SQLITE_IOERR, native writer). The
 * race itself is rare (one CI run in many); this file shows the mechanism (without the guard, the writer's
 * library starts the WAL over right after the other library's checkpoint) and pins what avoids it: the native
 * writer's WAL guard (write-connection.ts) and snapshots through better-sqlite3 only where this process has no
 * node-sqlite3 connection to the file. The guard was not enough (stop 31: writer.test.ts read a batch of
 * acknowledged writes short), so the server's writer is node-sqlite3 by default and native only on request.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import sqlite3 from 'sqlite3'
import type { DataSource } from 'typeorm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/data-source'
import { readerFor } from '../../../server/db/reader'
import { snapshotMethod } from '../../../server/db/snapshot'
import { execute } from '../../../server/db/sql'
import { inTransaction, writerOf } from '../../../server/db/transaction'
import { runsOn } from '../../support/engines'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const betterSqliteLoads = (() => {
  try {
    createRequire(import.meta.url)('better-sqlite3')
    return true
  } catch {
    return false
  }
})()

function scratchFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-library-'))
  dirs.push(dir)
  return path.join(dir, 'shiliu.sqlite')
}

const describeOnSqlite = runsOn('sqlite') ? describe : describe.skip

/** The WAL header's checkpoint sequence and salts: they change exactly when the WAL starts over. */
const walGeneration = (file: string) => readFileSync(`${file}-wal`).subarray(12, 24).toString('hex')

const checkpointFrom = async (file: string, mode: 'PASSIVE' | 'RESTART') => {
  const conn = await new Promise<sqlite3.Database>((resolve, reject) => {
    const c: sqlite3.Database = new sqlite3.Database(file, sqlite3.OPEN_READWRITE, (err) => (err ? reject(err) : resolve(c)))
  })
  try {
    await new Promise<void>((resolve, reject) => conn.exec(`PRAGMA wal_checkpoint(${mode})`, (err) => (err ? reject(err) : resolve())))
  } finally {
    await new Promise<void>((resolve) => conn.close(() => resolve()))
  }
}

const addCategory = (db: DataSource, name: string) =>
  inTransaction(db, (m) => execute(m, 'INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)', [name, name]))

describeOnSqlite('one SQLite library per file per process', () => {
  it('an in-process snapshot uses VACUUM INTO, another process (the backup command) the backup API', async () => {
    const file = scratchFile()
    const db = await openDatabase({ kind: 'sqlite', url: file })
    try {
      // one library in the server process: the writer too is node-sqlite3 unless SHILIU_SQLITE_WRITER=native
      expect(writerOf(db)!.state().mode).toBe('portable')
      expect(snapshotMethod(file)).toBe('vacuum-into')
    } finally {
      await db.destroy()
    }
    // Closed: nothing of this process holds the file any more (a backup command's own process is in this state).
    expect(snapshotMethod(file)).toBe(betterSqliteLoads ? 'backup-api' : 'vacuum-into')
  })

  it.skipIf(!betterSqliteLoads)('the native writer never starts the WAL over after a checkpoint merged it all: readers of the other library may still read it', async () => {
    const file = scratchFile()
    process.env.SHILIU_SQLITE_WRITER = 'native'
    const db = await openDatabase({ kind: 'sqlite', url: file }).finally(() => delete process.env.SHILIU_SQLITE_WRITER)
    try {
      expect(writerOf(db)!.state().mode).toBe('native')
      for (let i = 0; i < 5; i++) await addCategory(db, `before-${i}`)
      // Everything merged, and no node-sqlite3 reader in the WAL: on its own the writer's SQLite would start over
      // at its next commit, since it cannot see the readers of node-sqlite3's copy (their locks are this process's).
      await checkpointFrom(file, 'PASSIVE')
      const generation = walGeneration(file)
      await addCategory(db, 'after')
      expect(walGeneration(file)).toBe(generation)
      expect(Number((await readerFor(db).one<{ n: number }>('SELECT COUNT(*) AS n FROM categories'))!.n)).toBe(6)
    } finally {
      await db.destroy()
    }
  })
})

/**
 * One SQLite library per file per process (server/db/sqlite-library.ts): node-sqlite3 and better-sqlite3 each
 * carry their own SQLite, and two copies on one file in one process do not see each other's locks. Found by
 * fresh-clone runs: stop 29 (`writer.test.ts` › keeps the WAL bounded, SQLITE_IOERR) and stop 31 (the same test
 * read a batch of acknowledged writes short) with the native writer beside node-sqlite3's readers. Since stop 32
 * every connection of the server to a file is of one library: better-sqlite3 wherever it loads (its worker
 * threads share the process's copy), node-sqlite3 otherwise. This file pins that choice and the property it
 * rests on: connections in worker threads see the main thread's locks.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/data-source'
import { loadNative } from '../../../server/db/native'
import { snapshotMethod } from '../../../server/db/snapshot'
import { execute } from '../../../server/db/sql'
import { holdSqlite, sqliteModeFor } from '../../../server/db/sqlite-library'
import { SqliteThread } from '../../../server/db/sqlite-thread'
import { inTransaction, writerOf } from '../../../server/db/transaction'
import { runsOn } from '../../support/engines'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const Native = loadNative()

function scratchFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-library-'))
  dirs.push(dir)
  return path.join(dir, 'shiliu.sqlite')
}

const describeOnSqlite = runsOn('sqlite') ? describe : describe.skip

const addCategory = (db: DataSource, name: string) =>
  inTransaction(db, (m) => execute(m, 'INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)', [name, name]))

async function openPortable(file: string): Promise<DataSource> {
  process.env.SHILIU_SQLITE_WRITER = 'portable'
  return openDatabase({ kind: 'sqlite', url: file }).finally(() => delete process.env.SHILIU_SQLITE_WRITER)
}

describeOnSqlite('one SQLite library per file per process', () => {
  it.skipIf(!Native)('the server opens a file through better-sqlite3 where it loads, and this process then refuses node-sqlite3 on it', async () => {
    const file = scratchFile()
    const db = await openDatabase({ kind: 'sqlite', url: file })
    try {
      expect(writerOf(db)!.state().mode).toBe('native')
      expect(db.options.type).toBe('better-sqlite3')
      expect(sqliteModeFor(file)).toBe('native')
      expect(snapshotMethod(file)).toBe('backup-api')
      expect(() => holdSqlite(file, 'portable')).toThrow(/other SQLite library/)
      // Even when asked for: the file is held through better-sqlite3 already.
      process.env.SHILIU_SQLITE_WRITER = 'portable'
      expect(sqliteModeFor(path.join(path.dirname(file), '.', 'shiliu.sqlite'))).toBe('native')
      delete process.env.SHILIU_SQLITE_WRITER
    } finally {
      delete process.env.SHILIU_SQLITE_WRITER
      await db.destroy()
    }
    // Closed: the file is free for either library again.
    const portable = await openPortable(file)
    try {
      expect(writerOf(portable)!.state().mode).toBe('portable')
      expect(sqliteModeFor(file)).toBe('portable')
      expect(snapshotMethod(file)).toBe('vacuum-into')
      expect(() => holdSqlite(file, 'native')).toThrow(/other SQLite library/)
    } finally {
      await portable.destroy()
    }
  })

  it.skipIf(!Native)('a connection in a worker thread sees a main-thread reader: a RESTART checkpoint waits for its snapshot', async () => {
    const file = scratchFile()
    const db = await openDatabase({ kind: 'sqlite', url: file })
    const reader = new Native!(file, { readonly: true, fileMustExist: true })
    const thread = new SqliteThread(file, { readonly: false, timeoutMs: 100 })
    try {
      await addCategory(db, 'before')
      reader.exec('BEGIN')
      reader.prepare('SELECT COUNT(*) AS n FROM categories').all()
      await addCategory(db, 'after')
      // The reader's snapshot lacks 'after': the WAL cannot start over under it, and the thread knows.
      expect(await thread.checkpoint('RESTART', 100)).toEqual({ busy: true })
      reader.exec('COMMIT')
      expect(await thread.checkpoint('RESTART', 100)).toEqual({ busy: false })
    } finally {
      if (reader.inTransaction) reader.exec('COMMIT')
      reader.close()
      await thread.close()
      await db.destroy()
    }
  })
})

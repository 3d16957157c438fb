/**
 * The same job API on PostgreSQL and MariaDB/MySQL: an ordinary pooled transaction, run again from the
 * start when the engine picks it as a deadlock victim; and the one module that classifies storage errors.
 */
import { QueryFailedError } from 'typeorm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/data-source'
import { StorageFault, isRetryableConflict, storageFault } from '../../../server/db/faults'
import { dialect, kindOf } from '../../../server/db/sql'
import { inTransaction } from '../../../server/db/transaction'
import { ENGINE_NAMES, freshDatabase, runsOn, testEngine, type FreshDatabase, type ServerEngine } from '../../support/engines'

describe.runIf(runsOn('sqlite'))('error classification (server/db/faults.ts)', () => {
  const sqliteError = (code: string, message = `${code}: x`) => Object.assign(new Error(message), { code })

  it('names storage faults from node-sqlite3, better-sqlite3, TypeORM and the file system', () => {
    expect(storageFault(sqliteError('SQLITE_BUSY'))).toBe('busy')
    expect(storageFault(sqliteError('SQLITE_BUSY_SNAPSHOT'))).toBe('busy')
    expect(storageFault(sqliteError('SQLITE_FULL'))).toBe('full')
    expect(storageFault(sqliteError('SQLITE_IOERR_WRITE'))).toBe('io')
    expect(storageFault(sqliteError('SQLITE_READONLY'))).toBe('readonly')
    expect(storageFault(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe('full')
    expect(storageFault(new QueryFailedError('INSERT', [], sqliteError('SQLITE_FULL')))).toBe('full')
    expect(storageFault(new StorageFault('closed', new Error('closing')))).toBe('closed')
    expect(storageFault(new Error('SQLITE_IOERR: disk I/O error'))).toBe('io')
    expect(storageFault(sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.user_id'))).toBeNull()
    expect(storageFault(new Error('anything else'))).toBeNull()
  })

  it('recognises deadlocks and serialization failures, and nothing else, as worth a retry', () => {
    expect(isRetryableConflict(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true)
    expect(isRetryableConflict(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true)
    expect(isRetryableConflict(Object.assign(new Error('Deadlock found'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 }))).toBe(true)
    expect(isRetryableConflict(Object.assign(new Error('Lock wait timeout'), { errno: 1205 }))).toBe(true)
    expect(isRetryableConflict(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false)
  })
})

// Deadlocks are a PostgreSQL / MySQL matter (SQLite has one writer): this part runs in those engines' passes.
if (runsOn('postgres', 'mysql')) {
  const engine = testEngine() as ServerEngine
  describe(`jobs on ${ENGINE_NAMES[engine]}`, () => {
    let fresh: FreshDatabase
    let db: Awaited<ReturnType<typeof openDatabase>>
    beforeAll(async () => {
      fresh = await freshDatabase(engine, 'retry')
      db = await openDatabase({ kind: engine, url: fresh.url })
      await inTransaction(db, (m) => m.query(dialect(kindOf(db), "INSERT INTO categories (name, category_title, post_count) VALUES ('甲', 'a', 0), ('乙', 'b', 0)")))
    }, 60_000)
    afterAll(async () => {
      await db?.destroy()
      await fresh?.drop()
    })

    it('runs a deadlock victim again from the start; both jobs commit once', async () => {
      const sql = (text: string) => dialect(kindOf(db), text)
      const bump = (title: string) => sql(`UPDATE categories SET post_count = post_count + 1 WHERE category_title = '${title}'`)
      let arrived = 0
      let meet!: () => void
      const bothHoldALock = new Promise<void>((resolve) => (meet = resolve))
      const attempts = { first: 0, second: 0 }
      const crossing = (name: 'first' | 'second', one: string, other: string) =>
        inTransaction(db, async (m) => {
          attempts[name]++
          await m.query(bump(one))
          if (attempts[name] === 1) {
            if (++arrived === 2) meet()
            await bothHoldALock
          }
          await m.query(bump(other))
        })
      await Promise.all([crossing('first', 'a', 'b'), crossing('second', 'b', 'a')])
      expect(attempts.first + attempts.second).toBe(3)
      const rows = (await db.query(sql('SELECT category_title AS t, post_count AS n FROM categories ORDER BY category_title'))) as Array<{ t: string; n: number | string }>
      expect(rows.map((r) => [r.t, Number(r.n)])).toEqual([
        ['a', 2],
        ['b', 2],
      ])
    }, 30_000)
  })
}

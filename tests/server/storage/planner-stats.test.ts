/**
 * SQLite plans from its row counts per index, never from samples of their values (server/db/planner-stats.ts):
 * with samples, SQLite compiles a statement again every time its parameters are bound, i.e. on every call.
 * A database analysed with samples (by an earlier version, or an ANALYZE by hand) loses them at the next start.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closeDatabase, openDatabase } from '../../../server/db/data-source'
import { loadNative } from '../../../server/db/native'
import { analyzeSqlite } from '../../../server/db/planner-stats'
import { exclusively } from '../../../server/db/transaction'
import { runsOn } from '../../support/engines'
import { dbQuery } from '../../support/sql'

const Native = runsOn('sqlite') ? loadNative() : null

describe.runIf(Native !== null)('planner statistics on SQLite', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-planner-stats-'))
  const url = path.join(dir, 'shiliu.sqlite')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const count = async (sql: string) => {
    const db = await openDatabase({ kind: 'sqlite', url })
    try {
      return Number(((await dbQuery(db, sql)) as Array<{ n: number }>)[0]!.n)
    } finally {
      await closeDatabase(db)
    }
  }

  it('a start drops the samples an earlier ANALYZE left and keeps the row counts', async () => {
    await closeDatabase(await openDatabase({ kind: 'sqlite', url }))
    // What an earlier version's seed left: ANALYZE over indexed rows, samples included.
    const file = new Native!(url)
    const add = file.prepare('INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)')
    for (let i = 0; i < 50; i++) add.run(`分类${i}`, `c${i}`)
    file.exec('ANALYZE')
    expect((file.prepare('SELECT COUNT(*) AS n FROM sqlite_stat4').all()[0] as { n: number }).n).toBeGreaterThan(0)
    file.close()

    expect(await count('SELECT COUNT(*) AS n FROM sqlite_stat4')).toBe(0)
    expect(await count("SELECT COUNT(*) AS n FROM sqlite_stat1 WHERE tbl = 'categories'")).toBeGreaterThan(0)
  })

  it('ANALYZE through the server (seed, db:copy) leaves row counts and no samples', async () => {
    const db = await openDatabase({ kind: 'sqlite', url })
    try {
      await exclusively(db, async (writable) => {
        await writable.query("INSERT INTO categories (name, category_title, post_count) VALUES ('再来一个', 'again', 0)")
        await analyzeSqlite(writable)
      })
      expect(Number(((await dbQuery(db, 'SELECT COUNT(*) AS n FROM sqlite_stat4')) as Array<{ n: number }>)[0]!.n)).toBe(0)
      expect(Number(((await dbQuery(db, "SELECT COUNT(*) AS n FROM sqlite_stat1 WHERE tbl = 'categories'")) as Array<{ n: number }>)[0]!.n)).toBeGreaterThan(0)
    } finally {
      await closeDatabase(db)
    }
  })
})

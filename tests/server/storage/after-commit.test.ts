/**
 * `afterCommit(manager, fn)` (server/db/transaction.ts): what a write job asks to run once it has committed
 * (the real-time announcements) runs exactly once, after the commit, for that job only: never for a job that
 * failed or rolled back, never for another job of the same batch (SQLite runs jobs one after another on one
 * connection, savepoint by savepoint) or of a concurrent pooled transaction (PostgreSQL, MariaDB), and also
 * when asked from a savepoint's manager inside the job. The job is found by its connection, not through
 * AsyncLocalStorage (whose promise hooks cost every read, issue #19).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readerFor } from '../../../server/db/reader'
import { execute } from '../../../server/db/sql'
import { afterCommit, inTransaction } from '../../../server/db/transaction'
import { startTestServer, type TestServer } from '../../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const JOBS = 24

describe('afterCommit', () => {
  it('runs each committed job’s own callbacks once, after its commit, and none of a failed job', async () => {
    const db = server.deps.db
    const ran: string[] = []
    const sawOwnRow: Array<Promise<boolean>> = []
    const outcomes = await Promise.allSettled(
      Array.from({ length: JOBS }, (_, i) =>
        inTransaction(db, async (m) => {
          const name = `after-commit-${i}`
          await execute(m, 'INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)', [name, `ac${i}`])
          afterCommit(m, () => {
            ran.push(name)
            // Committed means visible to every other connection the moment the callback runs.
            sawOwnRow.push(readerFor(db).one('SELECT id FROM categories WHERE name = ?', [name]).then((row) => row !== undefined))
          })
          // Let the other jobs interleave (the next statement of each job waits its turn on the connection).
          await execute(m, 'UPDATE categories SET post_count = post_count WHERE name = ?', [name])
          if (i % 3 === 0) throw new Error('rolled back on purpose')
          return name
        }),
      ),
    )
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
    expect(committed).toHaveLength(JOBS - JOBS / 3)
    expect([...ran].sort()).toEqual([...committed].sort())
    expect(await Promise.all(sawOwnRow)).toEqual(committed.map(() => true))
  })

  it('also runs what a savepoint inside the job asked for, and nothing asked outside a job', async () => {
    const db = server.deps.db
    const ran: string[] = []
    afterCommit(db.manager, () => ran.push('outside any job'))
    await inTransaction(db, async (m) => {
      await m.transaction(async (inner) => {
        await execute(inner, 'INSERT INTO categories (name, category_title, post_count) VALUES (?, ?, 0)', ['after-commit-savepoint', 'acs'])
        afterCommit(inner, () => ran.push('savepoint'))
      })
      expect(ran).toEqual([])
    })
    expect(ran).toEqual(['savepoint'])
  })
})

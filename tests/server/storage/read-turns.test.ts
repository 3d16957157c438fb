/**
 * Statements waiting for a SQLite read connection are served in turn order (server/db/read-turn.ts): by their
 * request's arrival, write requests with a bounded head start, then those run outside any request. With one
 * read connection held by a slow statement, the queued statements' completion order is their turn order.
 * Portable mode only (node-sqlite3's read pool): in native mode short statements run at once on the main thread
 * and never queue (server/db/native-reader.ts).
 *
 * Arrivals are stamped on a fake clock (`performance` only; timers stay real) that moves only when the test
 * says so: on a loaded machine more than the write's head start could pass between two lines of the test, and
 * the queue would then rightly serve the write later (a flake the repeated suite found under load).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { runsOn } from '../../support/engines'

type ReaderModule = typeof import('../../../server/db/reader')
type TurnModule = typeof import('../../../server/db/read-turn')

const describeOnSqlite = runsOn('sqlite') ? describe : describe.skip

describeOnSqlite('SQLite read turns', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-turns-'))
  let db: DataSource
  let reader: ReturnType<ReaderModule['readerFor']>
  let turns: TurnModule

  beforeAll(async () => {
    // One read connection, so statements run strictly one after another (read when the database's reader is made).
    process.env.SHILIU_READ_CONNECTIONS = '1'
    process.env.SHILIU_SQLITE_WRITER = 'portable'
    const { openDatabase } = await import('../../../server/db/data-source')
    const { readerFor } = await import('../../../server/db/reader')
    turns = await import('../../../server/db/read-turn')
    db = await openDatabase({ kind: 'sqlite', url: path.join(dir, 'shiliu.sqlite') }).finally(() => delete process.env.SHILIU_SQLITE_WRITER)
    reader = readerFor(db)
  })
  beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }))
  afterEach(() => void vi.useRealTimers())
  /** The fake clock moves on by `ms`: arrivals after this call are that much later. */
  const later = (ms: number) => void vi.advanceTimersByTime(ms)
  afterAll(async () => {
    delete process.env.SHILIU_READ_CONNECTIONS
    await db?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves write requests first, then older requests before newer ones, then background statements', async () => {
    const order: string[] = []
    const statement = (label: string) => reader.all<{ label: string }>('SELECT ? AS label', [label]).then(([row]) => void order.push(row!.label))
    // Holds the only connection while the others queue (a few hundred ms of counting).
    const blocker = reader.all('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT COUNT(*) AS c FROM n')
    let releaseSecond!: () => void
    const second = new Promise<void>((resolve) => (releaseSecond = resolve))
    const older = turns.withReadTurn(false, () => Promise.all([statement('older-1'), second.then(() => statement('older-2'))]))
    later(1)
    const newer = turns.withReadTurn(false, () => statement('newer'))
    // The older request's second statement is queued after the newer request's first.
    releaseSecond()
    await new Promise((resolve) => setImmediate(resolve))
    // Within the write's head start of the older request's arrival, as requests under load would be.
    later(turns.WRITE_HEAD_START_MS - 10)
    const write = turns.withReadTurn(turns.isWriteMethod('POST'), () => statement('write'))
    later(1)
    const background = statement('background')
    await Promise.all([blocker, older, newer, write, background])
    expect(order).toEqual(['write', 'older-1', 'older-2', 'newer', 'background'])
  })

  it("bounds a write's head start: a read that waited longer than it goes first", async () => {
    const order: string[] = []
    const statement = (label: string) => reader.all<{ label: string }>('SELECT ? AS label', [label]).then(([row]) => void order.push(row!.label))
    const blocker = reader.all('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT COUNT(*) AS c FROM n')
    let blocking = true
    void blocker.then(() => (blocking = false))
    const waited = turns.withReadTurn(false, () => statement('read, waited'))
    later(turns.WRITE_HEAD_START_MS + 20)
    // Still queued behind the blocker, so the order below is the queue's, not that of arrival at an idle connection.
    expect(blocking).toBe(true)
    const fresh = turns.withReadTurn(false, () => statement('read, fresh'))
    const write = turns.withReadTurn(true, () => statement('write'))
    await Promise.all([blocker, waited, fresh, write])
    expect(order).toEqual(['read, waited', 'write', 'read, fresh'])
  })

  it('counts only data-changing methods as writes', () => {
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(turns.isWriteMethod)).toEqual([true, true, true, true])
    expect(['GET', 'HEAD', 'OPTIONS'].map(turns.isWriteMethod)).toEqual([false, false, false])
  })
})

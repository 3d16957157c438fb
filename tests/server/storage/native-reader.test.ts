/**
 * Native mode's read path (server/db/native-reader.ts): short statements run synchronously on the main thread,
 * statements whose runs average more than SLOW_MS run on a connection in a worker thread, where they hold no
 * request; a thread that stopped is replaced by the next long statement.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/data-source'
import { loadNative } from '../../../server/db/native'
import { NativeSqliteReader } from '../../../server/db/native-reader'
import { readerFor } from '../../../server/db/reader'
import { runsOn } from '../../support/engines'

const describeNative = runsOn('sqlite') && loadNative() ? describe : describe.skip

/** A statement that counts for tens of milliseconds whatever the data (a recursive CTE). */
const LONG = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT COUNT(*) AS c FROM n'
const SHORT = 'SELECT COUNT(*) AS c FROM categories'

describeNative('the native read path', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-native-reader-'))
  let db: DataSource
  let reader: NativeSqliteReader

  beforeAll(async () => {
    db = await openDatabase({ kind: 'sqlite', url: path.join(dir, 'shiliu.sqlite') })
    reader = readerFor(db) as NativeSqliteReader
  })
  afterAll(async () => {
    await db?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps short statements on the main thread and moves long ones to the worker thread', async () => {
    expect(reader).toBeInstanceOf(NativeSqliteReader)
    // Enough runs that one outlier early on (a preempted thread) has worn off the average.
    for (let i = 0; i < 20; i++) expect(await reader.one<{ c: number }>(SHORT)).toEqual({ c: 0 })
    expect(reader.runsInThread(SHORT)).toBe(false)
    // Its first run is on the main thread (nothing is known of it yet), and far longer than SLOW_MS.
    expect(await reader.one<{ c: number }>(LONG, [300_000])).toEqual({ c: 300_000 })
    expect(reader.runsInThread(LONG)).toBe(true)
  })

  it('runs a long statement in the thread while short ones are answered meanwhile', async () => {
    const order: string[] = []
    const long = reader.one<{ c: number }>(LONG, [1_000_000]).then((row) => (order.push('long'), row))
    // Had the long statement run on the main thread, these could only start once it had ended.
    for (let i = 0; i < 3; i++) await reader.one(SHORT).then(() => order.push(`short-${i}`))
    expect(await long).toEqual({ c: 1_000_000 })
    expect(order).toEqual(['short-0', 'short-1', 'short-2', 'long'])
  })

  it('passes a statement error on from the thread, with its SQLite code', async () => {
    const failsLate = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) SELECT COUNT(*) + json_extract(?, '$.a') AS c FROM n`
    expect(await reader.one<{ c: number }>(failsLate, ['{"a": 1}'])).toEqual({ c: 300_001 })
    expect(reader.runsInThread(failsLate)).toBe(true)
    await expect(reader.all(failsLate, ['{not json'])).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringMatching(/malformed JSON/) })
    // The thread goes on.
    expect(await reader.one<{ c: number }>(failsLate, ['{"a": 2}'])).toEqual({ c: 300_002 })
  })

  it('gives the event loop a turn during a long run of synchronous reads', async () => {
    let timerFired = false
    setTimeout(() => (timerFired = true), 0)
    const started = performance.now()
    // Reads back to back until the timer fires: without the turn budget it never could while the loop runs,
    // so the loop gives up (and the test fails) after 10 s instead of hanging.
    while (!timerFired) {
      await reader.one(SHORT)
      if (performance.now() - started > 10_000) throw new Error('10 s of reads and the event loop never got a turn')
    }
  })

  it('replaces a thread that stopped', async () => {
    const thread = (reader as unknown as { thread: { worker: { terminate(): Promise<number> }; stopped: boolean } }).thread
    await thread.worker.terminate()
    expect(thread.stopped).toBe(true)
    expect(await reader.one<{ c: number }>(LONG, [200_000])).toEqual({ c: 200_000 })
  })
})

/**
 * `npm run eval:recommend -- --real` with DATABASE_URL: a campus on PostgreSQL or MariaDB. The generated
 * training database is moved into a server database with db:copy's routine, then evaluated from there:
 * copied back into a temporary SQLite file, split and rewound as the SQLite path does, the server
 * database left as it was.
 */
import 'reflect-metadata'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyDatabase } from '../../server/cli/copy-database'
import { openDatabase } from '../../server/db/data-source'
import { Rng } from '../../server/seed/random'
import { writeTraining } from '../../scripts/eval-recommend/load'
import { copyToSqlite, prepareReal, sourceDatabase, storedInteractions } from '../../scripts/eval-recommend/real'
import { splitByTime } from '../../scripts/eval-recommend/split'
import { generateWorld } from '../../scripts/eval-recommend/world'
import { adminQuery, freshDatabase, probeEngines, skipLoudly, type FreshDatabase, type ServerEngine } from '../support/engines'

const reachable = await probeEngines()
const ENGINES: ServerEngine[] = ['postgres', 'mysql']
for (const engine of ENGINES) if (reachable[engine]) skipLoudly(`eval:recommend --real on ${engine}`, reachable[engine])

describe('eval:recommend --real with DATABASE_URL', () => {
  let dir: string
  const databases: FreshDatabase[] = []

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-evalrec-engines-'))
    const world = generateWorld(new Rng(5), { seed: 5, members: 50, notes: 300, interactions: 2000, days: 20, end: Date.UTC(2026, 0, 31) })
    const split = splitByTime(world.interactions, 0.2)
    const db = await openDatabase({ kind: 'sqlite', url: path.join(dir, 'source.sqlite') })
    try {
      await writeTraining(db, world, split.cut, split.train, () => undefined)
    } finally {
      await db.destroy()
    }
  }, 60_000)
  afterAll(async () => {
    for (const db of databases) await db.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  for (const engine of ENGINES) {
    it.runIf(!reachable[engine])(`${engine}: copied, split at the same cut as the SQLite original, the server database untouched`, async () => {
      const target = await freshDatabase(engine, 'evalrec_real')
      databases.push(target)
      await copyDatabase({ kind: 'sqlite', url: path.join(dir, 'source.sqlite') }, sourceDatabase(dir, target.url))
      const likes = async () => Number(((await adminQuery(engine, `SELECT COUNT(*) AS n FROM ${target.name}.${engine === 'postgres' ? 'public.' : ''}likes`)) as Array<{ n: number }>)[0]?.n)
      // MariaDB databases of one server can be counted from the admin connection (PostgreSQL ones cannot).
      const before = engine === 'mysql' ? await likes() : null

      const fromSqlite = path.join(dir, `${engine}-a.sqlite`)
      await copyToSqlite({ kind: 'sqlite', url: path.join(dir, 'source.sqlite') }, fromSqlite, () => undefined)
      const expected = await prepareReal(fromSqlite, 0.2, () => undefined)
      await expected.db.destroy()

      const fromServer = path.join(dir, `${engine}-b.sqlite`)
      await copyToSqlite(sourceDatabase('/nowhere', target.url), fromServer, () => undefined)
      const real = await prepareReal(fromServer, 0.2, () => undefined)
      try {
        if (engine === 'postgres') {
          expect(real.split.cut).toBe(expected.split.cut)
          expect(real.split.test.length).toBe(expected.split.test.length)
        } else {
          // MariaDB keeps whole seconds (flooring keeps the order, so the cut is the original's, floored).
          expect(real.split.cut).toBe(Math.floor(expected.split.cut / 1000) * 1000)
        }
        expect((await storedInteractions(real.db)).filter((i) => i.at > real.split.cut)).toEqual([])
      } finally {
        await real.db.destroy()
      }
      if (before !== null) expect(await likes()).toBe(before)
    }, 120_000)
  }
})

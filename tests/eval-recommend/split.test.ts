import 'reflect-metadata'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DataSource } from 'typeorm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/data-source'
import { readerFor, toIso } from '../../server/db/reader'
import { hotScore } from '../../server/domain/ranking'
import { Rng } from '../../server/seed/random'
import { catalogueOf } from '../../scripts/eval-recommend/evaluate'
import { writeTraining, type Written } from '../../scripts/eval-recommend/load'
import { globalHot } from '../../scripts/eval-recommend/rankers'
import { copyToSqlite, prepareReal, storedInteractions } from '../../scripts/eval-recommend/real'
import { evalSet, splitByTime, type TimeSplit } from '../../scripts/eval-recommend/split'
import { generateWorld, type Interaction, type World } from '../../scripts/eval-recommend/world'

const END = Date.UTC(2026, 0, 31)
const tiny = (seed: number) => generateWorld(new Rng(seed), { seed, members: 60, notes: 400, interactions: 3000, days: 20, end: END })

describe('split by time', () => {
  it('holds out the latest share of interactions at one cut; ties at the cut stay in training', () => {
    const rows = [5, 1, 9, 3, 7, 8, 2, 10, 4, 6].map((at, i) => ({ member: i % 3, note: i, at }))
    const split = splitByTime(rows, 0.2)
    expect(split.cut).toBe(8)
    expect(split.test.map((r) => r.at).sort((a, b) => a - b)).toEqual([9, 10])
    expect(split.train).toHaveLength(8)
    const tied = splitByTime([1, 2, 3, 3, 3].map((at, i) => ({ member: 0, note: i, at })), 0.5)
    expect(tied.cut).toBe(3)
    expect(tied.test).toEqual([])
  })

  it('relevance keeps held-out notes of the catalogue that were not already met in training; the rest is counted unreachable', () => {
    const catalogue = new Map([[1, 0], [2, 0], [3, 0]])
    const train = [{ member: 7, note: 1, at: 1 }]
    const test = [
      { member: 7, note: 1, at: 5 }, // already met before the cut
      { member: 7, note: 2, at: 6 },
      { member: 7, note: 99, at: 7 }, // written after the cut
      { member: 8, note: 99, at: 8 },
    ]
    const set = evalSet(4, catalogue, train, test)
    expect([...set.relevant.keys()]).toEqual([7])
    expect([...set.relevant.get(7)!]).toEqual([2])
    expect(set.unreachable).toBe(2)
    expect(set.heldOut).toBe(4)
    expect(set.memberShares.sort()).toEqual([0.75, 1])
  })
})

describe('the hidden-taste world', () => {
  it('is the same for the same seed and differs for another', () => {
    const key = (w: World) => JSON.stringify(w.interactions.slice(0, 200)) + JSON.stringify(w.members.slice(0, 10).map((m) => [...m.taste, ...m.interests]))
    expect(key(tiny(7))).toBe(key(tiny(7)))
    expect(key(tiny(8))).not.toBe(key(tiny(7)))
  })

  it('draws interactions from the hidden taste: members meet their main topics far more than the background', () => {
    const w = tiny(11)
    let onTop = 0
    for (const i of w.interactions) {
      const taste = w.members[i.member]!.taste
      if (taste[w.notes[i.note]!.topic]! >= Math.max(...taste) - 1e-12) onTop++
    }
    // The background share of any one topic is 0.15 / 12; the main topic alone carries at least 0.85 / 3.
    expect(onTop / w.interactions.length).toBeGreaterThan(0.3)
    // Pairs are distinct, never the member's own note, and never before the note was written.
    const pairs = new Set(w.interactions.map((i) => `${i.member}:${i.note}`))
    expect(pairs.size).toBe(w.interactions.length)
    expect(w.interactions.filter((i) => w.notes[i.note]!.author === i.member)).toEqual([])
    expect(w.interactions.filter((i) => w.notes[i.note]!.created > i.at)).toEqual([])
  })
})

describe('the training database holds nothing of the held-out period', () => {
  let dir: string
  let db: DataSource
  let world: World
  let split: TimeSplit<Interaction>
  let written: Written
  const rows = <T>(sql: string) => db.query(sql) as Promise<T[]>
  const count = async (sql: string) => Number((await rows<{ n: number }>(sql))[0]!.n)

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-evalrec-test-'))
    world = tiny(3)
    split = splitByTime(world.interactions, 0.2)
    db = await openDatabase({ kind: 'sqlite', url: path.join(dir, 'shiliu.sqlite') })
    written = await writeTraining(db, world, split.cut, split.train, () => undefined)
  }, 60_000)
  afterAll(async () => {
    await db?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('every stored interaction, note, member and follow is from before the cut', async () => {
    expect(split.test.length).toBeGreaterThan(300)
    const cut = split.cut
    for (const [table, column] of [
      ['post_views', 'viewed_at'],
      ['likes', 'created_at'],
      ['collections', 'created_at'],
      ['comments', 'created_at'],
      ['follows', 'created_at'],
      ['posts', 'created_at'],
      ['users', 'created_at'],
    ]) {
      const times = await rows<{ at: string }>(`SELECT ${column} AS at FROM ${table}`)
      expect(times.length, table).toBeGreaterThan(0)
      expect(times.filter((r) => Date.parse(toIso(r.at)) > cut), table).toEqual([])
    }
  })

  it('no held-out (member, note) pair is stored, and every training interaction is, with its view', async () => {
    const stored = new Set((await rows<{ post_id: number; viewer: string }>('SELECT post_id, viewer FROM post_views')).map((r) => `${r.viewer}:${r.post_id}`))
    const key = (i: Interaction) => `u${written.memberIds[i.member]}:${written.noteIds[i.note]}`
    expect(stored.size).toBe(split.train.length)
    expect(split.train.filter((i) => !stored.has(key(i)))).toEqual([])
    expect(split.test.filter((i) => written.noteIds[i.note]! > 0 && written.memberIds[i.member]! > 0 && stored.has(key(i)))).toEqual([])
    expect(await count('SELECT COUNT(*) AS n FROM likes')).toBe(split.train.filter((i) => i.kind === 'like').length)
    expect(await count('SELECT COUNT(*) AS n FROM collections')).toBe(split.train.filter((i) => i.kind === 'collect').length)
    expect(await count('SELECT COUNT(*) AS n FROM comments')).toBe(split.train.filter((i) => i.kind === 'comment').length)
  })

  it('counters and hot_score come from the training rows only', async () => {
    expect(await count('SELECT SUM(view_count) AS n FROM posts')).toBe(split.train.length)
    expect(await count('SELECT SUM(like_count) AS n FROM posts')).toBe(split.train.filter((i) => i.kind === 'like').length)
    const posts = await rows<{ like_count: number; collect_count: number; comment_count: number; view_count: number; created_at: string; hot_score: number }>(
      'SELECT like_count, collect_count, comment_count, view_count, created_at, hot_score FROM posts',
    )
    for (const p of posts) {
      const expected = hotScore({ likes: p.like_count, collects: p.collect_count, comments: p.comment_count, views: p.view_count, createdAt: new Date(toIso(p.created_at)) })
      expect(p.hot_score).toBeCloseTo(expected, 9)
    }
  })

  it('the baseline lists notes by hot_score without the member’s training notes', async () => {
    const reader = readerFor(db)
    const catalogue = await catalogueOf(reader)
    const set = evalSet(split.cut, catalogue, [], [])
    expect(set.catalogue.size).toBe(await count('SELECT COUNT(*) AS n FROM posts'))
    const order = (await rows<{ id: number }>('SELECT id FROM posts ORDER BY hot_score DESC, id DESC')).map((r) => Number(r.id))
    const hot = globalHot(reader, 'sqlite')
    expect(await hot.rank(1, new Set(), 20)).toEqual(order.slice(0, 20))
    const exclude = new Set([order[0]!, order[3]!, order[150]!])
    expect(await hot.rank(1, exclude, 200)).toEqual(order.filter((id) => !exclude.has(id)).slice(0, 200))
  })

  it('--real works on a copy: its own split, the copy rewound to the cut, the original untouched', async () => {
    const copyDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-evalrec-real-'))
    const original = path.join(dir, 'shiliu.sqlite')
    // The original stays open (as a running server's would): the copy is a snapshot of it.
    const before = { likes: await count('SELECT COUNT(*) AS n FROM likes'), views: await count('SELECT COUNT(*) AS n FROM post_views') }
    try {
      const file = path.join(copyDir, 'shiliu.sqlite')
      await copyToSqlite({ kind: 'sqlite', url: original }, file, () => undefined)
      const real = await prepareReal(file, 0.2, () => undefined)
      try {
        expect(real.split.test.length).toBeGreaterThan(0)
        const left = await storedInteractions(real.db)
        expect(left.length).toBe(real.split.train.length)
        expect(left.filter((i) => i.at > real.split.cut)).toEqual([])
        const notesAfter = (await real.db.query('SELECT created_at AS at FROM posts')) as Array<{ at: string }>
        expect(notesAfter.filter((r) => Date.parse(toIso(r.at)) > real.split.cut)).toEqual([])
        expect(Number(((await real.db.query('SELECT SUM(like_count) AS n FROM posts')) as Array<{ n: number }>)[0]!.n)).toBe(
          Number(((await real.db.query('SELECT COUNT(*) AS n FROM likes WHERE target_type = 1')) as Array<{ n: number }>)[0]!.n),
        )
      } finally {
        await real.db.destroy()
      }
    } finally {
      rmSync(copyDir, { recursive: true, force: true })
    }
    expect(await count('SELECT COUNT(*) AS n FROM likes')).toBe(before.likes)
    expect(await count('SELECT COUNT(*) AS n FROM post_views')).toBe(before.views)
  })
})

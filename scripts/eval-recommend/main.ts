/**
 * npm run eval:recommend [-- --seed N --members N --notes N --interactions N --days N]
 * npm run eval:recommend -- --real DATA_DIR
 *
 * The offline evaluation of the 推荐 ranking (docs/discovery.md "Offline evaluation"): a dataset whose
 * members have hidden tastes (world.ts), or a copy of a campus's own database (real.ts); a split by time
 * (split.ts); the global hot ranking and the personalised ranker over the whole catalogue as of the cut
 * (rankers.ts); Recall@20, NDCG@20, catalogue coverage and the share of notes under 48 h old (metrics.ts).
 * Works in a temporary directory, removed at the end (--keep leaves it).
 */
import 'reflect-metadata'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { cliArgs } from '../../server/cli/args'
import { openDatabase } from '../../server/db/data-source'
import { readerFor } from '../../server/db/reader'
import { personalisedNoteIds, rebuildDiscoverySignals } from '../../server/domain/discovery'
import { DEFAULTS } from '../../server/seed/options'
import { Rng } from '../../server/seed/random'
import { catalogueOf, evaluate, K, type RankerResult } from './evaluate'
import { writeTraining } from './load'
import { median, ratioInterval } from './metrics'
import { globalHot, hiddenModel, personalised, type HiddenNote, type Ranker } from './rankers'
import { copyToSqlite, prepareReal, sourceDatabase } from './real'
import { evalSet, splitByTime, type EvalSet } from './split'
import { generateWorld, hiddenWeight } from './world'

const usage = `Usage: npm run eval:recommend [-- --seed N] [--members N] [--notes N] [--interactions N] [--days N] [--keep]
       npm run eval:recommend -- --real DATA_DIR [--keep]   (DATABASE_URL, when set, names the database instead of DATA_DIR/shiliu.sqlite)`

const args = cliArgs(
  {
    seed: { type: 'string' },
    members: { type: 'string' },
    notes: { type: 'string' },
    interactions: { type: 'string' },
    days: { type: 'string' },
    real: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
  usage,
)
const parsed = z
  .object({
    seed: z.coerce.number().int().default(DEFAULTS.seed),
    members: z.coerce.number().int().min(10).max(1_000_000).default(2000),
    notes: z.coerce.number().int().min(10).max(10_000_000).default(20_000),
    interactions: z.coerce.number().int().min(10).max(100_000_000).default(200_000),
    days: z.coerce.number().int().min(3).max(3650).default(60),
  })
  .safeParse(args)
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${usage}\n`)
  process.exit(2)
}
const o = parsed.data
const HELD_OUT = 0.2
const log = (line: string) => process.stdout.write(`${line}\n`)
const phases: Array<[string, number]> = []
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  log(`${label}…`)
  const result = await work()
  phases.push([label, (Date.now() - started) / 1000])
  return result
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'shiliu-eval-'))
const file = path.join(tmp, 'shiliu.sqlite')
try {
  let set: EvalSet
  let describe: string[]
  let db
  let oracle: Ranker | null = null
  if (args.real) {
    const source = sourceDatabase(path.resolve(args.real), process.env.DATABASE_URL || undefined)
    log(`Offline evaluation of the 推荐 ranking on a copy of ${source.kind === 'sqlite' ? source.url : `${source.kind} (DATABASE_URL)`}`)
    await timed('copy', () => copyToSqlite(source, file, log))
    const real = await timed('split and rewind to the cut', () => prepareReal(file, HELD_OUT, log))
    db = real.db
    const catalogue = await catalogueOf(readerFor(db))
    set = evalSet(real.split.cut, catalogue, real.split.train, real.split.test)
    // Members who joined after the cut had no account to rank for.
    for (const member of [...set.relevant.keys()]) if ((real.joined.get(member) ?? Infinity) > real.split.cut) set.relevant.delete(member)
    describe = [`Dataset: ${real.joined.size} members, ${real.split.train.length + real.split.test.length} stored interactions`]
  } else {
    const end = Math.floor(Date.now() / 3_600_000) * 3_600_000
    log(`Offline evaluation of the 推荐 ranking — generated data, seed ${o.seed}`)
    const world = await timed('hidden-taste world', async () => generateWorld(new Rng(o.seed), { seed: o.seed, members: o.members, notes: o.notes, interactions: o.interactions, days: o.days, end }))
    const split = splitByTime(world.interactions, HELD_OUT)
    db = await openDatabase({ kind: 'sqlite', url: file })
    const written = await timed('training database (seed machinery)', () => writeTraining(db!, world, split.cut, split.train, log))
    const ids = (rows: typeof split.train) => rows.map((r) => ({ member: written.memberIds[r.member]!, note: written.noteIds[r.note]!, at: r.at }))
    const catalogue = await catalogueOf(readerFor(db))
    // Held-out interactions of notes written after the cut keep a note id of -1: unreachable.
    set = evalSet(split.cut, catalogue, ids(split.train), ids(split.test))
    const hidden = new Map<number, HiddenNote>()
    world.notes.forEach((n, i) => written.noteIds[i]! > 0 && hidden.set(written.noteIds[i]!, { topic: n.topic, weight: hiddenWeight(n, split.cut) }))
    const tasteOf = new Map<number, Float64Array>()
    world.members.forEach((m, i) => written.memberIds[i]! > 0 && tasteOf.set(written.memberIds[i]!, m.taste))
    oracle = hiddenModel(hidden, tasteOf)
    describe = [
      `Dataset: seed ${o.seed}; ${o.members} members, ${o.notes} notes, ${world.interactions.length} interactions (${o.interactions} asked), ${world.follows.length} follows over ${o.days} days`,
      `At the cut: ${written.memberIds.filter((id) => id > 0).length} members, ${catalogue.size} notes`,
    ]
  }
  const heldOutLine = `Split: one cut at ${new Date(set.cut).toISOString()}; ${set.heldOut} held-out interactions (${set.unreachable} of them with notes written after the cut: no ranking at the cut can hold them); per member, median held-out share ${median(set.memberShares).toFixed(2)}`
  const reader = readerFor(db)
  // The stored signals a live server keeps up as interactions come, rebuilt from the training rows.
  await timed('discovery signals (rebuildDiscoverySignals)', () => rebuildDiscoverySignals(db!))
  const results: RankerResult[] = []
  results.push(await timed('baseline: global hot', () => evaluate(globalHot(reader, 'sqlite'), set)))
  results.push(await timed('personalised ranker', () => evaluate(personalised(reader, 'sqlite', personalisedNoteIds, new Date(set.cut)), set)))
  if (oracle) results.push(await timed('reference: hidden model', () => evaluate(oracle!, set)))
  await db.destroy()

  log('')
  for (const line of [...describe, heldOutLine]) log(line)
  log(`Phases: ${phases.map(([label, s]) => `${label} ${s.toFixed(1)} s`).join(', ')}`)
  log('')
  log(table(results))
  log('')
  log(historyTable(results))
  {
    const [base, mine] = results as [RankerResult, RankerResult]
    const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? Infinity : 0)
    const random = new Rng(o.seed ^ 0xb007)
    const check = (label: string, a: number, b: number, target: number, per?: [number[], number[]]) => {
      const r = ratio(a, b)
      const interval = per ? ratioInterval(per[0], per[1], () => random.next()) : null
      return `${label} ${r.toFixed(2)}×${interval ? ` [${interval[0].toFixed(2)}–${interval[1].toFixed(2)}]` : ''} (target ≥ ${target}×: ${r >= target ? 'met' : 'MISSED'})`
    }
    log('')
    log(`personalised ÷ baseline: ${check('Recall@20', mine.recall, base.recall, 2, [mine.perMember.recall, base.perMember.recall])}, ${check('NDCG@20', mine.ndcg, base.ndcg, 2, [mine.perMember.ndcg, base.perMember.ndcg])}, ${check('coverage', mine.coverage, base.coverage, 3)}`)
    log('[…]: 95 % interval of the ratio by a paired bootstrap over the evaluated members (not over seeds or cut times)')
  }
} finally {
  if (args.keep) log(`Kept ${tmp}`)
  else rmSync(tmp, { recursive: true, force: true })
}

function table(results: RankerResult[]): string {
  const head = ['ranker', `Recall@${K}`, `NDCG@${K}`, 'coverage', '<48 h share', 'members', `lists < ${K}`, 'time']
  const rows = results.map((r) => [r.name, r.recall.toFixed(4), r.ndcg.toFixed(4), r.coverage.toFixed(4), r.fresh.toFixed(3), String(r.members), String(r.shortLists), `${r.seconds.toFixed(1)} s`])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return [head, ...rows].map((cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n')
}

/** Recall@K and NDCG@K of every ranker per bucket of the members' history before the cut. */
function historyTable(results: RankerResult[]): string {
  const head = ['members by history', 'members', ...results.flatMap((r) => [`${short(r.name)} R@${K}`, `N@${K}`])]
  const rows = results[0]!.byHistory.map((b, i) => [b.bucket, String(b.members), ...results.flatMap((r) => [r.byHistory[i]!.recall.toFixed(4), r.byHistory[i]!.ndcg.toFixed(4)])])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return [head, ...rows].map((cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n')
}

function short(name: string): string {
  return name.split(' ')[0]!
}

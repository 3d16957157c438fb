/** The table and the targets bench --mixed prints (issue #19's targets, this 2-core machine, quiet). */
import { KINDS, PUBLISHING, REACTIONS, READS, type Kind, type MixedResult } from './mixed-mix'

export const TARGETS = { readP50: 20, readP99: 200, reactionP99: 250, uploadP99: 3000, throughput: 1000 }

export interface Window {
  /** Seconds the window actually lasted (between the driver's start and end lines). */
  seconds: number
  /** CPU seconds used in the window. */
  serverCpu: number
  clientCpu: number
  /** Of serverCpu, the image processes' (0 when images are encoded in the server process). */
  imageCpu?: number
  loadBefore: number[]
  loadAfter: number[]
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export const sorted = (r: MixedResult, kinds: readonly Kind[]) => kinds.flatMap((k) => r.latencies[k] ?? []).sort((a, b) => a - b)

export function failuresOf(r: MixedResult, kinds: readonly Kind[]): Map<string, number> {
  const failed = new Map<string, number>()
  for (const k of kinds) for (const [status, n] of Object.entries(r.failures[k] ?? {})) failed.set(status, (failed.get(status) ?? 0) + n)
  return failed
}

/** Per kind and per group: requests, rate, p50 / p99 (ms) and the non-2xx replies by status. */
export function printTable(r: MixedResult, w: Window): void {
  const rows: Array<Record<string, string | number>> = []
  const row = (name: string, kinds: readonly Kind[]) => {
    const all = sorted(r, kinds)
    rows.push({
      kind: name,
      requests: all.length,
      'req/s': Math.round(all.length / w.seconds),
      'p50 ms': Math.round(percentile(all, 50)),
      'p99 ms': Math.round(percentile(all, 99)),
      'non-2xx': [...failuresOf(r, kinds)].map(([s, n]) => `${n}×${s}`).join(' ') || 0,
    })
  }
  for (const k of KINDS) row(k, [k])
  row('reads', READS)
  row('reactions', REACTIONS)
  row('publishing', PUBLISHING)
  row('total', KINDS)
  const stored = (r.served.upload ?? []).slice().sort((a, b) => a - b)
  rows.push({ kind: 'upload (stored)', requests: stored.length, 'req/s': Math.round(stored.length / w.seconds), 'p50 ms': Math.round(percentile(stored, 50)), 'p99 ms': Math.round(percentile(stored, 99)), 'non-2xx': 0 })
  console.table(rows)
}

/** Both processes' CPU over the window, and the load average around it. */
export function printWindow(w: Window, total: number): void {
  console.log(
    `\nMeasured window ${w.seconds.toFixed(2)} s: server CPU ${(w.serverCpu / w.seconds * 100).toFixed(0)} % of one core, ` +
      `${total ? ((w.serverCpu * 1000) / total).toFixed(3) : '–'} ms per request (all kinds, uploads included)` +
      (w.imageCpu !== undefined ? `, of which image process ${(w.imageCpu / w.seconds * 100).toFixed(0)} % of one core; ` : '; ') +
      `driver CPU ${(w.clientCpu / w.seconds * 100).toFixed(0)} % of one core, ${total ? ((w.clientCpu * 1000) / total).toFixed(3) : '–'} ms per request`,
  )
  console.log(`Load average before ${w.loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${w.loadAfter.map((n) => n.toFixed(2)).join(' ')} (other work on the machine distorts every figure)`)
}

export function report(r: MixedResult, w: Window): void {
  printTable(r, w)
  const stored = (r.served.upload ?? []).slice().sort((a, b) => a - b)
  const total = sorted(r, KINDS).length
  const rps = total / w.seconds
  const reads = sorted(r, READS)
  const reactions = sorted(r, REACTIONS)
  const uploads = sorted(r, ['upload'])
  const fivexx = [...failuresOf(r, KINDS)].filter(([s]) => s.startsWith('5') || s === 'socket' || s === 'unfinished').reduce((n, [, c]) => n + c, 0)
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
  const lines: Array<[string, string, boolean]> = [
    ['reads p50', `${percentile(reads, 50).toFixed(1)} ms ≤ ${TARGETS.readP50}`, percentile(reads, 50) <= TARGETS.readP50],
    ['reads p99', `${percentile(reads, 99).toFixed(0)} ms ≤ ${TARGETS.readP99}`, percentile(reads, 99) <= TARGETS.readP99],
    ['reactions p99', `${percentile(reactions, 99).toFixed(0)} ms ≤ ${TARGETS.reactionP99}`, percentile(reactions, 99) <= TARGETS.reactionP99],
    ['uploads p99 (all, refusals included)', uploads.length ? `${percentile(uploads, 99).toFixed(0)} ms ≤ ${TARGETS.uploadP99}` : 'no upload in the window', uploads.length > 0 && percentile(uploads, 99) <= TARGETS.uploadP99],
    ['uploads p99 (stored ones)', stored.length ? `${percentile(stored, 99).toFixed(0)} ms ≤ ${TARGETS.uploadP99}` : 'no upload stored', stored.length > 0 && percentile(stored, 99) <= TARGETS.uploadP99],
    ['throughput', `${rps.toFixed(0)} req/s ≥ ${TARGETS.throughput}`, rps >= TARGETS.throughput],
    ['5xx, socket errors, unfinished', `${fivexx} = 0`, fivexx === 0],
  ]
  console.log('\nTargets (issue #19; 2 cores, quiet machine):')
  for (const [name, figure, ok] of lines) console.log(`  ${name.padEnd(38)} ${figure.padEnd(24)} ${check(ok)}`)
  printWindow(w, total)
}

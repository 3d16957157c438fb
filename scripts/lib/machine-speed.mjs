// How fast this machine is right now, so that step times from different days can be compared: a fixed amount
// of single-core work (hashing, in JS and in OpenSSL), timed best of three. The same machine gives the same
// figure within a few per cent when quiet; a slower host, or other work on both cores, shows as a larger one.
import { createHash } from 'node:crypto'
import { loadavg } from 'node:os'

function fixedWork() {
  const block = Buffer.alloc(64 * 1024, 7)
  let digest = Buffer.alloc(32)
  for (let i = 0; i < 3000; i++) digest = createHash('sha256').update(digest).update(block).digest()
  let x = 0
  for (let i = 0; i < 40_000_000; i++) x = (x * 31 + i) | 0
  return digest[0] + x
}

/** "fixed single-core work 412 ms (best of 3), load average 0.52 0.31 0.20" */
export function machineSpeed() {
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now()
    fixedWork()
    best = Math.min(best, performance.now() - t0)
  }
  const load = loadavg().map((n) => n.toFixed(2)).join(' ')
  return `fixed single-core work ${Math.round(best)} ms (best of 3), load average ${load}`
}

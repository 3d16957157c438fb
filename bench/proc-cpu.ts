import { readFileSync } from 'node:fs'

/**
 * CPU seconds (user + system, all threads) a process and its descendants have used, from /proc (Linux: 100
 * clock ticks a second): with WORKERS > 1 the server is a primary and its workers. Children that have exited
 * count through the parent's cutime/cstime once reaped.
 */
export function cpuSeconds(pid: number): number {
  let fields: string[]
  try {
    fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  } catch {
    return 0 // exited meanwhile
  }
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  let children: number[] = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
  } catch {
    // no children file: nothing to add
  }
  for (const child of children) ticks += cpuSeconds(child) * 100
  return ticks / 100
}

/** A process's children (those forked from its main thread, as Node forks them). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/**
 * CPU seconds of the server's image processes (server/media/image-worker.ts: one per server process, children of
 * the server or of its workers), already counted in cpuSeconds(pid): how much of the server's CPU went to encoding.
 * A replaced image process's time is lost from this figure once it has exited.
 */
export function imageCpuSeconds(pid: number): number {
  let total = 0
  for (const child of childrenOf(pid)) {
    let cmdline = ''
    try {
      cmdline = readFileSync(`/proc/${child}/cmdline`, 'utf8')
    } catch {
      continue
    }
    total += cmdline.includes('image-worker') ? cpuSeconds(child) : imageCpuSeconds(child)
  }
  return total
}

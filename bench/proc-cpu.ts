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

/**
 * npm run bench -- --crash: `kill -9` the server under write load, round after round on one database, then
 * count acknowledged writes missing from it (there must be none). BENCH_CRASH_ROUNDS (20) rounds, each of
 * a random 0.3-1.5 s of load from BENCH_CRASH_MEMBERS (16) members changing nicknames and follows.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { AckLedger, checkLedger, registerMembers, writeLoad, type LoadMember } from '../tests/support/write-load'
import { buildServer, startServer } from './server'

const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 20)
const MEMBERS = Number(process.env.BENCH_CRASH_MEMBERS ?? 16)

export async function runCrash(): Promise<void> {
  buildServer()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-crash-'))
  const ledger = new AckLedger()
  let members: LoadMember[] | null = null
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startServer(dataDir, { SHILIU_TEST_CAPTCHA: '1' })
      members ??= await registerMembers(server.url, MEMBERS, 'crash')
      const before = ledger.acked
      let stop = false
      const load = writeLoad(server.url, members, ledger, () => stop, round)
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200))
      server.child.kill('SIGKILL')
      await server.stop()
      stop = true
      await load
      console.log(`round ${String(round).padStart(2)}: ${ledger.acked - before} writes acknowledged before kill -9`)
    }
    const result = await checkLedger(path.join(dataDir, 'shiliu.sqlite'), ledger)
    console.log(`\n${ROUNDS} kill -9 rounds, ${MEMBERS} members: ${ledger.acked} writes acknowledged, ${ledger.unanswered} cut without a reply, ${result.checked} values checked`)
    console.log(`acknowledged but missing: ${result.missing}`)
    for (const line of result.details.slice(0, 20)) console.log(`  ${line}`)
    if (result.missing) process.exitCode = 1
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

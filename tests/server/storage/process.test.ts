/**
 * The server as a real process (`node dist/server/main.js`, rebuilt when a source is newer) under write load:
 * SIGTERM exits 0 with every acknowledged write in the `.sqlite` file alone (WAL merged); `kill -9`
 * loses nothing acknowledged, round after round; `npm run admin:create` against the live server works and
 * leaves it serving; start-up sweeps interrupted uploads' work folders.
 * `npm run bench -- --crash` runs many more kill -9 rounds.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { runsOn } from '../../support/engines'
import { ensureServerBundle } from '../../support/server-bundle'
import { startServerProcess, type ServerProcess } from '../../support/server-process'
import { touch } from '../../support/storage'
import { AckLedger, checkLedger, registerMembers, untilAcked, writeLoad } from '../../support/write-load'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-proc-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** The built server over `dataDir`, listening; limits raised and captcha answers exposed for the load. */
async function startBuilt(dataDir: string): Promise<ServerProcess & { url: string }> {
  const server = startServerProcess([ensureServerBundle()], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SHILIU_TEST_CAPTCHA: '1',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
  })
  const [, url] = await server.waitFor(/listening on (\S+)/)
  return Object.assign(server, { url: url! })
}

// The server process is started on its own SQLite data directory whatever the suite's engine: run it once.
describe.runIf(runsOn('sqlite'))('server process under write load', () => {
  it('SIGTERM: exits 0, and the .sqlite file alone holds every acknowledged write', async () => {
    const dataDir = tempDir()
    const server = await startBuilt(dataDir)
    const members = await registerMembers(server.url, 8, 'term')
    const ledger = new AckLedger()
    let stop = false
    const load = writeLoad(server.url, members, ledger, () => stop)
    await untilAcked(ledger, 60)
    server.child.kill('SIGTERM')
    const code = await server.exited
    stop = true
    await load
    expect(code, server.stderr()).toBe(0)
    expect(ledger.acked).toBeGreaterThan(50)
    // Requests that reached the stopping server were answered (503 at worst), never cut.
    expect(ledger.unanswered, `statuses ${JSON.stringify([...ledger.statuses])}; server output:\n${server.stdout().slice(-4000)}\n${server.stderr()}`).toBe(0)
    expect(existsSync(path.join(dataDir, 'shiliu.sqlite-wal'))).toBe(false)
    const copy = path.join(tempDir(), 'copy.sqlite')
    copyFileSync(path.join(dataDir, 'shiliu.sqlite'), copy)
    const result = await checkLedger(copy, ledger)
    expect(result.details).toEqual([])
    expect(result.checked).toBeGreaterThan(8)
  }, 60_000)

  it('kill -9 mid-load, three rounds on one database: nothing acknowledged is lost', async () => {
    const dataDir = tempDir()
    const ledger = new AckLedger()
    let members = null as Awaited<ReturnType<typeof registerMembers>> | null
    for (let round = 0; round < 3; round++) {
      const server = await startBuilt(dataDir)
      members ??= await registerMembers(server.url, 8, 'kill')
      let stop = false
      const load = writeLoad(server.url, members, ledger, () => stop, round)
      await untilAcked(ledger, 40)
      server.child.kill('SIGKILL')
      await server.exited
      stop = true
      await load
    }
    expect(ledger.acked).toBeGreaterThan(100)
    const result = await checkLedger(path.join(dataDir, 'shiliu.sqlite'), ledger)
    expect(result.details).toEqual([])
  }, 90_000)

  it('admin:create against the live server under load: created every time, the server keeps serving writes', async () => {
    const dataDir = tempDir()
    const server = await startBuilt(dataDir)
    const members = await registerMembers(server.url, 6, 'live')
    const ledger = new AckLedger()
    let stop = false
    const load = writeLoad(server.url, members, ledger, () => stop)
    const adminCreate = async (username: string) => {
      const { code, stdout, stderr } = await runCli('admin-create', ['--username', username, '--password', 'admin-pass-1'], { DATA_DIR: dataDir })
      return { code, out: stdout + stderr }
    }
    for (const name of ['ops1', 'ops2', 'ops3']) {
      const before = ledger.acked
      const run = await adminCreate(name)
      expect(run, run.out).toMatchObject({ code: 0 })
      expect(run.out).toContain(`Administrator "${name}" created.`)
      await untilAcked(ledger, 1, 10_000)
      expect(ledger.acked, 'writes continue after admin:create').toBeGreaterThan(before)
    }
    const login = await fetch(`${server.url}/api/auth/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ops3', password: 'admin-pass-1' }) })
    expect(login.status).toBe(200)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    stop = true
    await load
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect((await checkLedger(path.join(dataDir, 'shiliu.sqlite'), ledger)).details).toEqual([])
  }, 90_000)

  it('sweeps the work folders of uploads that a crash interrupted', async () => {
    const dataDir = tempDir()
    const leftover = path.join(dataDir, 'tmp', 'req-interrupted')
    mkdirSync(leftover, { recursive: true })
    touch(path.join(leftover, 'upload_0001'), 'half an image')
    const server = await startBuilt(dataDir)
    expect(existsSync(leftover)).toBe(false)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 30_000)
})

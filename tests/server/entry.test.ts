/**
 * The server's entry module starts the server wherever it is installed: it calls runServerProcess()
 * unconditionally instead of comparing its own URL with process.argv[1] (which failed on Windows paths,
 * through symlinks and, spelled as a URL, on spaces and CJK folder names). Each case runs the real bundle as
 * its own process from an install-like folder: dist/server/main.js with node_modules and resources beside it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runsOn } from '../support/engines'
import { ensureServerBundle } from '../support/server-bundle'
import { startServerProcess } from '../support/server-process'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
let tmp: string
let installDir: string
let entry: string

beforeAll(() => {
  if (!runsOn('sqlite')) return
  const bundle = ensureServerBundle()
  tmp = mkdtempSync(path.join(os.tmpdir(), 'shiliu-entry-'))
  // An install folder with a space and CJK characters, laid out like the packaged app.
  installDir = path.join(tmp, '石榴 Shiliu 应用 (测试)')
  mkdirSync(path.join(installDir, 'dist', 'server'), { recursive: true })
  entry = path.join(installDir, 'dist', 'server', 'main.js')
  copyFileSync(bundle, entry)
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(installDir, 'node_modules'), 'dir')
  symlinkSync(path.join(ROOT, 'resources'), path.join(installDir, 'resources'), 'dir')
})

afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }))

function dataDir(): string {
  return mkdtempSync(path.join(tmp, '数据 data-'))
}

async function expectServes(url: string): Promise<void> {
  const reply = (await (await fetch(`${url}/api/health`)).json()) as { code: number; data: { status: string; service: string } }
  expect(reply).toMatchObject({ code: 200, data: { status: 'ok', service: 'shiliu' } })
}

// SQLite (DATA_DIR only) whatever the project's engine: it runs in the sqlite project and is skipped in the others,
// where it started the same SQLite processes again (docs/decisions.md, issue 23).
describe.runIf(runsOn('sqlite'))('server entry module', () => {
  it('starts from a path with spaces and CJK characters', async () => {
    const server = startServerProcess([entry], { DATA_DIR: dataDir() })
    const [, url] = await server.waitFor(/listening on (\S+)/)
    await expectServes(url!)
    expect(await server.stop()).toBe(0)
  })

  it('starts when reached through a symlink', async () => {
    const link = path.join(tmp, 'bin', 'shiliu-server.js')
    mkdirSync(path.dirname(link), { recursive: true })
    symlinkSync(entry, link)
    const server = startServerProcess([link], { DATA_DIR: dataDir() })
    const [, url] = await server.waitFor(/listening on (\S+)/)
    await expectServes(url!)
    expect(await server.stop()).toBe(0)
  })

  it('starts as the desktop app runs it: a Windows install path in argv[1], messages to parentPort', async () => {
    // Electron's utility process: process.argv[1] is the Windows path of the entry inside app.asar, and the
    // server reports on process.parentPort. Both are set up before the entry module is imported.
    const script = [
      `process.argv[1] = ${JSON.stringify('C:\\Program Files\\石榴 Shiliu\\resources\\app.asar\\dist\\server\\main.js')};`,
      `process.parentPort = { postMessage: (m) => process.stdout.write('PARENT ' + JSON.stringify(m) + '\\n') };`,
      `await import(${JSON.stringify(pathToFileURL(entry).href)});`,
    ].join('\n')
    const server = startServerProcess(['--input-type=module', '-e', script], { DATA_DIR: dataDir(), SHILIU_DEMO: '1' })
    const [, port] = await server.waitFor(/PARENT \{"type":"ready","port":(\d+)\}/, 120_000)
    await expectServes(`http://127.0.0.1:${port}`)
    // The demo preparation reported its steps before the ready message.
    const progress = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('PARENT {"type":"progress"'))
      .map((line) => JSON.parse(line.slice('PARENT '.length)) as { step: string; done: number; total: number })
    expect(new Set(progress.map((p) => p.step))).toEqual(new Set(['media', 'database', 'ready']))
    expect(progress.at(-1)).toMatchObject({ step: 'ready', done: 1, total: 1 })
    expect(progress.every((p) => p.done <= p.total)).toBe(true)
    expect(await server.stop()).toBe(0)
  }, 180_000) // demo preparation (media + database) on a loaded machine
})

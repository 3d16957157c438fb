/**
 * `npm run demo -- --classroom --host 127.0.0.2` as a teacher runs it (scripts/demo.mjs, the built server as its
 * child): the room's network is stood in for by 127.0.0.2, never a real interface. The demo answers there and
 * nowhere else (not on 127.0.0.1: it listens on the chosen address only, by decision); the terminal shows the
 * address, a QR code, the class code, the teacher page and a fresh administrator password, which signs in;
 * `npm run classroom -- --students N` adds class accounts to the running room. Without --classroom, --host is
 * refused. SQLite only: what is tested here is the process and the network, not the engine.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { runCli } from '../../support/cli'
import { freePort } from '../../support/ports'
import { runsOn } from '../../support/engines'
import { ensureServerBundle } from '../../support/server-bundle'
import { startServerProcess, type ServerProcess } from '../../support/server-process'

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
const ROOM_HOST = '127.0.0.2'

/** Whether anything accepts a TCP connection at host:port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

describe.runIf(runsOn('sqlite'))('the classroom demo on the room\'s address', () => {
  const dirs: string[] = []
  let demo: ServerProcess
  let dataDir: string
  let url: string
  let code: string
  let teacherUrl: string
  let adminPassword: string

  beforeAll(async () => {
    ensureServerBundle()
    if (!existsSync(path.join(ROOT, 'dist/renderer/member.html'))) throw new Error('build the renderer first (npm run build:renderer): the demo script would build everything')
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-classroom-'))
    dirs.push(dataDir)
    // A fixed port: the back-office's reset restarts the server, on the same address.
    demo = startServerProcess(['scripts/demo.mjs', '--classroom', '--host', ROOM_HOST, '--port', String(await freePort())], { DATA_DIR: dataDir, SHILIU_NO_BROWSER: '1' }, { cwd: ROOT })
    const out = (await demo.waitFor(/Stop with Ctrl\+C/, 180_000)).input
    url = /CLASSROOM is running on (\S+)/.exec(out)![1]!
    code = /Class code \(students register with it\): (\S+)/.exec(out)![1]!
    teacherUrl = /Teacher page \(printable, keep it to yourself\): (\S+)/.exec(out)![1]!
    adminPassword = /login: admin \/ (\S+)/.exec(out)![1]!
  }, 200_000)
  afterAll(async () => {
    await demo?.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('listens on the chosen address only, and prints the address with a QR code', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/)
    const port = Number(new URL(url).port)
    expect((await fetch(`${url}/`)).status).toBe(200)
    expect(((await (await fetch(`${url}/api/health`)).json()) as { code: number }).code).toBe(200)
    expect(await accepts('127.0.0.1', port)).toBe(false)
    // The terminal QR code (qrcode's terminal renderer draws with half blocks).
    expect(demo.stdout()).toMatch(/[▄▀█]{7}/)
    expect(code).toMatch(/^[A-Z2-9]{6}$/)
  })

  it('the printed administrator password is fresh and signs in; the published one does not', async () => {
    expect(adminPassword).not.toBe('admin123456')
    const login = (password: string) => fetch(`${url}/api/auth/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })
    expect((await login(adminPassword)).status).toBe(200)
    expect((await login('admin123456')).status).toBe(403)
  })

  it('the teacher page shows the class code; `npm run classroom` adds accounts the page lists', async () => {
    expect(teacherUrl.startsWith(`${url}/classroom/`)).toBe(true)
    expect(await (await fetch(teacherUrl)).text()).toContain(code)
    const made = await runCli('classroom', ['--students', '2'], { DATA_DIR: dataDir })
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toContain('class01 … class02')
    const sheet = /printable A4 sheet: (\S+)/.exec(made.stdout)![1]!
    expect(await (await fetch(teacherUrl)).text()).toContain(path.basename(sheet))
    const sheetHtml = await (await fetch(`${teacherUrl}${path.basename(sheet)}`)).text()
    // The sheet carries the room's address (room.json, written by the running server).
    expect(sheetHtml).toContain(url)
  })

  it('the back-office reset exports the class, empties the room and starts it again on the same address', async () => {
    const login = await fetch(`${url}/api/auth/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) })
    const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
    const reset = await fetch(`${url}/api/admin/classroom/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ confirm: 'RESET' }) })
    const body = (await reset.json()) as { data: { export: { name: string; members: number } } }
    expect(reset.status, JSON.stringify(body)).toBe(200)
    expect(body.data.export.members).toBe(2)
    await demo.waitFor(/Resetting the classroom[\s\S]*CLASSROOM is running on/, 180_000)
    // The class accounts are gone, the demo is back, the teacher's link and password still work, the export stayed.
    const student = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ user_id: 'class01', password: 'whatever1' }) })
    expect(student.status).toBe(400)
    expect((await fetch(`${url}/api/users/demo`)).status).toBe(200)
    const page = await (await fetch(teacherUrl)).text()
    expect(page).toContain(code)
    expect(page).toContain(body.data.export.name)
    expect(readdirSync(path.join(dataDir, 'classroom-exports'))).toContain(body.data.export.name)
  })

  it('`npm run classroom -- --reset` refuses while the room answers, and resets once it is stopped', async () => {
    const refused = await runCli('classroom', ['--reset', '--yes'], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('still answers')
    await demo.stop()
    const done = await runCli('classroom', ['--reset', '--yes'], { DATA_DIR: dataDir })
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toContain("Exported the class's activity (0 students")
    expect(readdirSync(dataDir).sort()).toEqual(['classroom-exports', 'data-key', 'jwt-secret'])
  })

  it('refuses --host without --classroom, and `npm run classroom` on a folder with no classroom', async () => {
    const plain = startServerProcess(['scripts/demo.mjs', '--host', ROOM_HOST], { SHILIU_NO_BROWSER: '1' }, { cwd: ROOT })
    expect(await plain.exited).toBe(2)
    expect(plain.stderr()).toContain('needs --classroom')
    const empty = mkdtempSync(path.join(os.tmpdir(), 'shiliu-noclass-'))
    dirs.push(empty)
    const refused = await runCli('classroom', ['--students', '2'], { DATA_DIR: empty })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('holds no classroom')
  })
})

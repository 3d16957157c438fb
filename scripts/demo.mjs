// npm run demo: build if needed, seed an empty demo data directory, start the server and say how to use it.
// npm run demo -- --classroom [--host ADDRESS] [--port N]: classroom mode (docs/classroom.md, issue 43): the demo
// opens to the room's network on purpose, with a fresh administrator password, a class code and a teacher page.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { parseArgs } from 'node:util'
import QRCode from 'qrcode'

const usage = 'Usage: npm run demo [-- --classroom [--host ADDRESS] [--port N]]'
let args
try {
  args = parseArgs({ options: { classroom: { type: 'boolean', default: false }, host: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean', default: false } }, strict: true }).values
} catch (err) {
  console.error(`${err.message}\n${usage}`)
  process.exit(2)
}
if (args.help) {
  console.log(usage)
  process.exit(0)
}
// Only the explicit --classroom opens the demo beyond this machine: --host alone is refused.
if (args.host !== undefined && !args.classroom) {
  console.error(`--host opens the demo to a network: it needs --classroom (docs/classroom.md).\n${usage}`)
  process.exit(2)
}
if (args.host !== undefined && isIP(args.host) === 0) {
  console.error(`--host must be an IP address of this machine (got "${args.host}").\n${usage}`)
  process.exit(2)
}
if (args.port !== undefined && !/^\d{1,5}$/.test(args.port)) {
  console.error(`--port must be a port number.\n${usage}`)
  process.exit(2)
}

/** The machine's first non-internal IPv4 address: where the room's phones can reach it. */
function lanAddress() {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  return null
}

const built = ['dist/server/main.js', 'dist/renderer/member.html', 'dist/renderer/admin.html'].every((f) => existsSync(f))
if (!built) {
  console.log('Building Shiliu (first run)...')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const classroom = args.classroom
let host = process.env.HOST ?? '127.0.0.1'
if (classroom) {
  const chosen = args.host ?? lanAddress()
  if (!chosen) {
    console.error('No network address found on this machine: connect to the room\'s Wi-Fi, or name one with --host ADDRESS.')
    process.exit(1)
  }
  host = chosen
}
const port = args.port ?? process.env.PORT ?? '3000'
/** Letters and digits a room reads off a projector without confusion (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const classCode = Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
const teacherKey = randomBytes(18).toString('base64url')
const adminPassword = randomBytes(9).toString('base64url')
const env = {
  ...process.env,
  HOST: host,
  PORT: port,
  // A classroom keeps its own folder: the lesson's accounts and posts never mix with the personal demo's.
  DATA_DIR: process.env.DATA_DIR ?? (classroom ? './classroom-data' : './demo-data'),
  SHILIU_DEMO: '1',
  SMTP_URL: process.env.SMTP_URL ?? 'outbox',
  ...(classroom ? { SHILIU_CLASSROOM: '1', SHILIU_CLASSROOM_CODE: classCode, SHILIU_CLASSROOM_KEY: teacherKey, SHILIU_DEMO_ADMIN_PASSWORD: adminPassword } : {}),
}
/** The server's exit code asking for a classroom reset (server/classroom/restart.ts). */
const CLASSROOM_RESET_EXIT_CODE = 75
let child = null
let starts = 0

function startServer() {
  starts++
  child = spawn(process.execPath, ['dist/server/main.js'], { stdio: ['inherit', 'pipe', 'inherit'], env })
  let announced = false
  child.stdout.on('data', async (chunk) => {
    process.stdout.write(chunk)
    if (announced || !String(chunk).includes('listening on')) return
    announced = true
    const url = /listening on (\S+)/.exec(String(chunk))?.[1] ?? `http://${host}:${port}`
    if (!classroom) {
      console.log(
        `\n  Shiliu demo is running (data in ${env.DATA_DIR}).\n` +
          `  Member app:  ${url}/\n  Admin app:   ${url}/admin\n` +
          `  Member login: demo / demo123456\n  Admin login:  admin / admin123456\n  Stop with Ctrl+C.\n`,
      )
      openInBrowser(`${url}/`)
      return
    }
    const teacherUrl = `${url}/classroom/${teacherKey}/`
    console.log(
      `\n  Shiliu CLASSROOM is running on ${url} (data in ${env.DATA_DIR}).\n` +
        `  Students: scan the code or open ${url}/\n\n${await QRCode.toString(`${url}/`, { type: 'terminal', small: true })}\n` +
        `  Class code (students register with it): ${classCode}\n` +
        `  Teacher page (printable, keep it to yourself): ${teacherUrl}\n` +
        `  Admin app:   ${url}/admin   login: admin / ${adminPassword}\n` +
        `  Class accounts: npm run classroom -- --students 40   (or the back-office 课堂 screen)\n` +
        `  The published demo passwords are refused while the classroom runs. Stop with Ctrl+C.\n`,
    )
    if (starts === 1) openInBrowser(teacherUrl)
  })
  child.on('exit', (code) => {
    // The back-office's reset: the server exported the class's activity and stopped; empty the folder and start
    // again (same address, class code, teacher page and administrator password: the teacher already has them).
    if (classroom && code === CLASSROOM_RESET_EXIT_CODE) {
      console.log('\n  Resetting the classroom to the initial demo...\n')
      const reset = spawnSync(process.execPath, ['dist/server/classroom.js', '--reset', '--yes', '--no-export'], { stdio: 'inherit', env })
      if (reset.status !== 0) process.exit(reset.status ?? 1)
      startServer()
      return
    }
    process.exit(code ?? 0)
  })
}
startServer()
function openInBrowser(target) {
  if (process.env.DISPLAY && !process.env.CI && process.env.SHILIU_NO_BROWSER !== '1') {
    spawn('xdg-open', [target], { stdio: 'ignore', detached: true }).on('error', () => {}).unref()
  }
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child?.kill(signal))

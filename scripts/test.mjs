// npm test: every test: unit and API integration (vitest) on SQLite, the server suite again on PostgreSQL and
// MariaDB/MySQL, then the browser tests (Playwright + Chromium). At the end: the time of each step (with vitest's
// own import / tests split per engine pass), one summary line per engine, and a check that no tracked file was
// changed by the run (a test writes only to ignored or temporary paths; the README gallery is `npm run screenshots`).
//
//   SHILIU_TEST_ENGINES=sqlite,postgres   run only these engines' server passes (default: all three)
//   SHILIU_REQUIRE_ENGINES=1              an engine that does not answer is a failure, not a skip (CI sets it)
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { changedSince, trackedState } from './lib/tracked-files.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      `The browser tests need it: on Debian/Ubuntu run \`sudo apt-get install -y chromium fonts-noto-cjk\` ` +
      `(or \`bash .ci/run\`, which installs it), or set CHROMIUM_PATH to a Chromium/Chrome binary.`,
  )
  process.exit(1)
}

const ENGINES = {
  sqlite: { name: 'SQLite' },
  postgres: { name: 'PostgreSQL', url: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  mysql: { name: 'MariaDB/MySQL', url: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test' },
}
const wanted = (process.env.SHILIU_TEST_ENGINES ?? 'sqlite,postgres,mysql').split(',').map((e) => e.trim()).filter(Boolean)
const requireEngines = ['1', 'true'].includes(process.env.SHILIU_REQUIRE_ENGINES ?? '')
const started = Date.now()
const trackedBefore = trackedState()

/** The time of each step, printed at the end: [label, seconds, detail]. */
const steps = []
const secondsSince = (t0) => Math.round((Date.now() - t0) / 1000)

/** Runs a step with its output shown as it comes; resolves to { ok, tail } (the output's last few KB). */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`)
  const t0 = Date.now()
  return new Promise((resolve) => {
    // Piped (so the step's summary line can be read), the tools would drop their colours on a terminal.
    const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...colour, CHROMIUM_PATH: chromium, ...env } })
    let tail = ''
    const keep = (chunk) => (tail = (tail + chunk).slice(-8000))
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)))
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)))
    child.on('close', (code) => {
      // vitest's summary: "Duration  159.2s (transform 9s, setup 0ms, import 98s, tests 301s, environment 0ms)"
      const vitest = /Duration\s+\S+\s+\(([^)]*)\)/.exec(stripVTControlCharacters(tail))
      const detail = vitest ? vitest[1].split(', ').filter((part) => /^(import|tests) /.test(part)).join(', ') : ''
      steps.push([label, secondsSince(t0), detail])
      console.log(`(${label}: ${secondsSince(t0)} s)`)
      resolve({ ok: code === 0, tail })
    })
  })
}

async function mustRun(label, command, args) {
  if (!(await run(label, command, args)).ok) {
    console.error(`\n${label} failed.`)
    finish(1)
  }
}

/** Step times, the tracked-files check, then the engine summary (when there is one) as the last lines; exits. */
function finish(code, printSummary = () => undefined) {
  console.log('\n=== time per step ===')
  for (const [label, seconds, detail] of steps) console.log(`${label}: ${seconds} s${detail ? ` (vitest: ${detail})` : ''}`)
  console.log(`total: ${((Date.now() - started) / 60000).toFixed(1)} min`)
  const changed = changedSince(trackedBefore)
  if (changed === null) console.log('\n(not a git work tree: tracked files not checked)')
  else if (changed.length) {
    console.error(`\nThe run changed tracked files (a test must write only to ignored or temporary paths):\n${changed.map((f) => `  ${f}`).join('\n')}`)
    code = 1
  }
  printSummary()
  process.exit(code)
}

/** null when the engine's server answers, else why not. */
async function probe(engine) {
  const url = ENGINES[engine].url
  try {
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
      await client.connect()
      await client.end()
    } else {
      const u = new URL(url)
      const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), connectTimeout: 3000 })
      await conn.end()
    }
    return null
  } catch (err) {
    return `${ENGINES[engine].name} does not answer at ${url}: ${err.message || err}`
  }
}

/** Pass / fail / skip counts of the server test files in a vitest JSON report. */
function serverCounts(reportFile) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] }
  if (!existsSync(reportFile)) return null
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  for (const file of report.testResults) {
    if (!path.relative(process.cwd(), file.name).startsWith(path.join('tests', 'server'))) continue
    for (const t of file.assertionResults) {
      if (t.status === 'passed') counts.passed++
      else if (t.status === 'failed') {
        counts.failed++
        const firstLine = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)
        counts.failures.push(`${path.relative(process.cwd(), file.name)} > ${t.fullName}: ${firstLine}`)
      } else counts.skipped++
    }
    // A file that failed to load has no test results but counts as a failure.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      counts.failed++
      counts.failures.push(`${path.relative(process.cwd(), file.name)}: ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`)
    }
  }
  return counts
}

await mustRun('build', 'npm', ['run', 'build', '--silent'])
await mustRun('typecheck', 'npm', ['run', 'typecheck', '--silent'])
await mustRun('lint', 'npm', ['run', 'lint', '--silent'])

const reports = mkdtempSync(path.join(os.tmpdir(), 'shiliu-test-reports-'))
const summary = []
const timings = []
const totals = { passed: 0, failed: 0, skipped: 0 }
let failed = false
for (const engine of Object.keys(ENGINES)) {
  if (!wanted.includes(engine)) {
    summary.push(`${engine}: not selected (SHILIU_TEST_ENGINES=${wanted.join(',')})`)
    continue
  }
  if (engine !== 'sqlite') {
    const problem = await probe(engine)
    if (problem) {
      const line = `SKIPPED: ${engine} (${problem})`
      console.warn(`\n${'!'.repeat(100)}\n${line}\n${'!'.repeat(100)}`)
      summary.push(line)
      if (requireEngines) failed = true
      continue
    }
  }
  const report = path.join(reports, `${engine}.json`)
  // SQLite runs every vitest test (unit, renderer, electron, server); the other engines the server suite.
  const files = engine === 'sqlite' ? [] : ['tests/server']
  const t0 = Date.now()
  const { ok } = await run(`vitest on ${ENGINES[engine].name}`, 'npx', ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { SHILIU_TEST_ENGINE: engine })
  const c = serverCounts(report)
  const seconds = ((Date.now() - t0) / 1000).toFixed(0)
  timings.push(`${ENGINES[engine].name}: ${seconds} s${engine === 'sqlite' ? ' (with the unit, renderer and electron tests)' : ''}`)
  summary.push(c ? `${engine}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : `${engine}: no report (vitest did not run)`)
  // Failed cases are named in the summary, the part of a long CI log that is always kept.
  if (c) for (const failure of c.failures) summary.push(`  FAILED ${failure}`)
  if (c) for (const k of Object.keys(totals)) totals[k] += c[k]
  if (!ok || !c || c.failed) failed = true
}
rmSync(reports, { recursive: true, force: true })

/** The server suite per engine (skipped = tests that declare other engines), then the total as the last line. */
const printSummary = () => {
  console.log(`\n=== server suite per engine (vitest: ${timings.join(', ')}) ===`)
  for (const line of summary) console.log(line)
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
}
if (failed) {
  console.error('\nThe unit and API tests failed (see above).')
  finish(1, printSummary)
}
const browser = await run('browser tests (playwright)', 'npx', ['playwright', 'test'])
if (!browser.ok) {
  console.error('\nThe browser tests failed (see above).')
  finish(1, printSummary)
}
await mustRun('desktop package dry run (electron-builder --dir, stub Electron)', 'node', ['scripts/package-check.mjs'])
console.log(`\nAll test suites passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`)
finish(0, printSummary)

// npm test: every test. Build, then ONE vitest run with a project per engine (vitest.config.ts: `unit` for the
// renderer, electron and other engine-free tests, and the server suite as `sqlite`, `postgres` and `mysql`) with
// the browser tests (Playwright + Chromium), the desktop package dry run, the type check and the lint beside it.
// At the end: the time of each step (with vitest's own import / tests split), one summary line per engine, and a
// check that no tracked file was changed by the run (a test writes only to ignored or temporary paths; the
// README gallery is `npm run screenshots`).
//
//   SHILIU_TEST_ENGINES=sqlite,postgres   run only these engines' projects (default: all three; the unit
//                                         project comes with sqlite)
//   SHILIU_REQUIRE_ENGINES=1              an engine that does not answer is a failure, not a skip (CI sets it)
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { machineSpeed } from './lib/machine-speed.mjs'
import { changedSince, trackedState } from './lib/tracked-files.mjs'

// The browser tests use Chromium's headless shell when it is installed (Debian's chromium-headless-shell, the same
// engine and version as its chromium): it is what Playwright itself runs headless tests in, and it took ~20 % less
// CPU than the full browser for the same sweep here (docs/decisions.md, issue 23). The full chromium is the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      `The browser tests need it: on Debian/Ubuntu run \`sudo apt-get install -y chromium-headless-shell fonts-noto-cjk\` ` +
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
// Read before the run (the run's own load would hide the machine's speed): step times are comparable across
// days only with it (docs/decisions.md, issue 23: the same head took 608 s on one day and 1,267 s on another).
const speedBefore = machineSpeed()

/** The time of each step, printed at the end: [label, seconds, detail]. */
const steps = []
const secondsSince = (t0) => Math.round((Date.now() - t0) / 1000)

/**
 * Runs a step with its output shown as it comes (or, `buffered`, all of it once the step ends, so that steps
 * running side by side do not mix their lines); resolves to { ok, tail } (the output's last few KB).
 */
function run(label, command, args, env = {}, { buffered = false } = {}) {
  if (!buffered) console.log(`\n=== ${label} ===`)
  const t0 = Date.now()
  return new Promise((resolve) => {
    // Piped (so the step's summary line can be read), the tools would drop their colours on a terminal.
    const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...colour, CHROMIUM_PATH: chromium, ...env } })
    let tail = ''
    const held = []
    const keep = (chunk) => (tail = (tail + chunk).slice(-8000))
    const show = (stream) => (chunk) => (buffered ? held.push([stream, chunk]) : stream.write(chunk), keep(chunk))
    child.stdout.on('data', show(process.stdout))
    child.stderr.on('data', show(process.stderr))
    child.on('close', (code) => {
      if (buffered) {
        console.log(`\n=== ${label} ===`)
        for (const [stream, chunk] of held) stream.write(chunk)
      }
      // vitest's summary: "Duration  159.2s (transform 9s, setup 0ms, import 98s, tests 301s, environment 0ms)"
      const vitest = /Duration\s+\S+\s+\(([^)]*)\)/.exec(stripVTControlCharacters(tail))
      const detail = vitest ? vitest[1].split(', ').filter((part) => /^(import|tests) /.test(part)).join(', ') : ''
      steps.push([label, secondsSince(t0), detail])
      console.log(`(${label}: ${secondsSince(t0)} s${code === 0 ? '' : `, exit ${code}`})`)
      resolve({ ok: code === 0, tail })
    })
  })
}

/** Step times, the tracked-files check, then the engine summary (when there is one) as the last lines; exits. */
function finish(code, printSummary = () => undefined) {
  console.log('\n=== time per step ===')
  for (const [label, seconds, detail] of steps) console.log(`${label}: ${seconds} s${detail ? ` (vitest: ${detail})` : ''}`)
  console.log(`total: ${((Date.now() - started) / 60000).toFixed(1)} min`)
  console.log(`machine before the run: ${speedBefore}`)
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

// The build first (the tests start the built server and load the built renderers); type-check and lint beside the
// tests: nothing needs their output, and waiting for tsc (~70 s, one core) before the tests left the other core
// idle for half of that. Their output is shown once they end; a failure fails the run at the end.
const build = await run('build', 'npm', ['run', 'build', '--silent'], {}, { buffered: true })
if (!build.ok) {
  console.error('\nbuild failed.')
  finish(1)
}
const staticChecks = Promise.all([
  run('typecheck', 'npm', ['run', 'typecheck', '--silent'], {}, { buffered: true }),
  run('lint', 'npm', ['run', 'lint', '--silent'], {}, { buffered: true }),
])

// One vitest run (vitest.config.ts): the `unit` project (renderer, electron, …) and one project per engine
// running the server suite. An engine whose server does not answer is left out, loudly.
const summary = []
const totals = { passed: 0, failed: 0, skipped: 0 }
let failed = false
const engines = []
for (const engine of Object.keys(ENGINES)) {
  if (!wanted.includes(engine)) {
    summary.push(`${engine}: not selected (SHILIU_TEST_ENGINES=${wanted.join(',')})`)
    continue
  }
  const problem = engine === 'sqlite' ? null : await probe(engine)
  if (problem) {
    const line = `SKIPPED: ${engine} (${problem})`
    console.warn(`\n${'!'.repeat(100)}\n${line}\n${'!'.repeat(100)}`)
    summary.push({ skipped: line })
    if (requireEngines) failed = true
    continue
  }
  engines.push(engine)
  summary.push({ engine })
}
// The unit tests ran in SQLite's pass before the engines shared one run: they still come with it.
const projects = [...(engines.includes('sqlite') ? ['unit'] : []), ...engines]
let report = null
const timings = []
// The browser tests run beside the vitest run: they keep about one core busy (one Playwright worker, its
// server, Chromium), vitest's two workers the rest, so side by side the two take ~10 min where one after the
// other took ~15 (docs/decisions.md, issue 23). Their output is shown once they end, after vitest's.
const browserRun = run('browser tests (playwright)', 'npx', ['playwright', 'test'], {}, { buffered: true })
const packageRun = run('desktop package dry run (electron-builder --dir, stub Electron)', 'node', ['scripts/package-check.mjs'], {}, { buffered: true })
if (projects.length) {
  // Kept after the run (test-results/ is ignored): per file its project and time, to see where the time went.
  mkdirSync('test-results', { recursive: true })
  const reportFile = path.join('test-results', 'vitest-projects.json')
  rmSync(reportFile, { force: true })
  const { ok } = await run(
    `vitest (${projects.join(', ')})`,
    'npx',
    ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=./scripts/lib/vitest-projects-report.mjs'],
    { SHILIU_TEST_ENGINES: engines.join(','), SHILIU_PROJECT_REPORT: reportFile },
  )
  if (existsSync(reportFile)) report = JSON.parse(readFileSync(reportFile, 'utf8'))
  if (!ok || !report) failed = true
  for (const error of report?.unhandled ?? []) summary.push(`  UNHANDLED ERROR ${error}`)
  // The engines share the run's wall time: each one's share is the sum of its files' times over the workers.
  for (const project of projects) {
    const ms = (report?.files ?? []).filter((f) => f.project === project).reduce((sum, f) => sum + f.ms, 0)
    timings.push(`${project === 'unit' ? 'unit' : ENGINES[project].name} ${(ms / 1000).toFixed(0)} s`)
  }
}
const lines = []
const none = { passed: 0, failed: 0, skipped: 0, failures: [] }
/** A project's counts (none when it had no files in this run), or undefined when vitest wrote no report. */
const countsOf = (project) => (report ? (report.projects[project] ?? none) : undefined)
const countsLine = (name, c) => (c ? `${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : `${name}: no report (vitest did not run)`)
for (const entry of summary) {
  if (typeof entry === 'string') lines.push(entry)
  else if (entry.skipped) lines.push(entry.skipped)
  else {
    const c = countsOf(entry.engine)
    lines.push(countsLine(entry.engine, c))
    // Failed cases are named in the summary, the part of a long CI log that is always kept.
    if (c) for (const f of c.failures) lines.push(`  FAILED ${f.file} > ${f.test}: ${f.error}`)
    if (c) for (const k of Object.keys(totals)) totals[k] += c[k]
    if (!c || c.failed) failed = true
  }
}
const unit = countsOf('unit')
if (projects.includes('unit')) {
  lines.push(countsLine('unit tests (renderer, electron; not in the total)', unit))
  if (unit) for (const f of unit.failures) lines.push(`  FAILED ${f.file} > ${f.test}: ${f.error}`)
  if (!unit || unit.failed) failed = true
}

/** The server suite per engine (skipped = tests that declare other engines), then the total as the last line. */
const printSummary = () => {
  console.log(`\n=== server suite per engine (one vitest run; each project's test files' time summed over the workers: ${timings.join(', ')}) ===`)
  for (const line of lines) console.log(line)
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
}
const [browser, desktopPackage, [typecheck, lint]] = await Promise.all([browserRun, packageRun, staticChecks])
if (failed || !browser.ok || !desktopPackage.ok || !typecheck.ok || !lint.ok) {
  if (!typecheck.ok) console.error('\nThe type check failed (see above).')
  if (!lint.ok) console.error('\nThe lint failed (see above).')
  if (failed) console.error(`\nThe unit and API tests failed (see above)${requireEngines && summary.some((e) => e.skipped) ? ', or an engine CI requires (SHILIU_REQUIRE_ENGINES=1) did not answer' : ''}.`)
  if (!browser.ok) console.error('\nThe browser tests failed (see above).')
  if (!desktopPackage.ok) console.error('\nThe desktop package dry run failed (see above).')
  finish(1, printSummary)
}
console.log(`\nAll test suites passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`)
finish(0, printSummary)

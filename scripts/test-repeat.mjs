// npm run test:repeat -- --times N [--engine sqlite|postgres|mysql|all] [--load] FILES…
//
// Runs the given vitest files N times (one `vitest run` of all of them per round, as `npm test` runs them)
// and prints, per file, how many rounds failed and the first error line of each failure. A flaky test shows
// up here long before it costs someone a red CI run: run it after touching anything concurrent.
//
//   --times N      rounds (default 5)
//   --engine E     the server suite's engine project(s) (vitest.config.ts) for every round: sqlite, postgres,
//                  mysql, a list (sqlite,mysql) or all (default: $SHILIU_TEST_ENGINE or sqlite). A server file
//                  runs once per engine in each round and is counted per engine (`mysql tests/server/…`).
//   --load         a busy loop on every core during the rounds (worker threads of this process, so they end
//                  with it; each also stops by itself after --load-minutes, default 60). Not added when the
//                  machine is already loaded (load average above the number of cores): that is load enough.
//   --bail         stop after the first failed round
//
// Exit code 1 when any round failed.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'

const ENGINES = ['sqlite', 'postgres', 'mysql']
const usage = 'usage: npm run test:repeat -- --times N [--engine sqlite|postgres|mysql|all] [--load] [--load-minutes M] [--bail] FILES…'

let parsed
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      times: { type: 'string', default: '5' },
      engine: { type: 'string', default: process.env.SHILIU_TEST_ENGINE || 'sqlite' },
      load: { type: 'boolean', default: false },
      'load-minutes': { type: 'string', default: '60' },
      bail: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
} catch (err) {
  console.error(`${err.message}\n${usage}`)
  process.exit(2)
}
const { values: opts, positionals: files } = parsed
if (opts.help) {
  console.log(usage)
  process.exit(0)
}
const times = Number(opts.times)
const named = opts.engine === 'all' ? ENGINES : opts.engine.split(',').map((e) => e.trim())
const engines = named.every((e) => ENGINES.includes(e)) ? ENGINES.filter((e) => named.includes(e)) : []
const loadMinutes = Number(opts['load-minutes'])
const problems = [
  !(Number.isInteger(times) && times > 0) && `--times must be a positive whole number (got ${opts.times})`,
  !engines.length && `--engine must be all or one or more of ${ENGINES.join(', ')} (got ${opts.engine})`,
  !(loadMinutes > 0) && `--load-minutes must be a positive number (got ${opts['load-minutes']})`,
  files.length === 0 && 'name at least one test file',
  ...files.filter((f) => !existsSync(f)).map((f) => `no such file: ${f}`),
].filter(Boolean)
if (problems.length) {
  console.error(`${problems.join('\n')}\n${usage}`)
  process.exit(2)
}

/** A busy loop on every core, bounded in time; terminate() ends it sooner. */
function startLoad() {
  const until = Date.now() + loadMinutes * 60_000
  const code = `const until = ${until}; let x = 0; while (Date.now() < until) x = (x + Math.sqrt(x + 1)) % 1e9`
  return Array.from({ length: os.availableParallelism() }, () => new Worker(code, { eval: true }))
}

/**
 * Per file (named `engine file` for a server file: the same file runs once per engine): the failed tests'
 * names and first error lines (or the file's own load error), from scripts/lib/vitest-projects-report.mjs.
 */
function failuresOf(reportFile) {
  const byFile = new Map()
  if (!existsSync(reportFile)) return null
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const key = (project, file) => (project === 'unit' ? file : `${project} ${file}`)
  for (const f of report.files) byFile.set(key(f.project, f.file), [])
  for (const [project, counts] of Object.entries(report.projects)) {
    for (const f of counts.failures) byFile.get(key(project, f.file))?.push(`${f.test}: ${f.error}`)
  }
  return byFile
}

const [load1] = os.loadavg()
const cores = os.availableParallelism()
const addLoad = opts.load && load1 <= cores
const how = addLoad ? `, with a busy loop on each of ${cores} cores` : opts.load ? ', no busy loop added (the machine is loaded already)' : ''
console.log(`${times} round(s) of ${files.length} path(s) on ${engines.join(', ')}${how} (load average now ${load1.toFixed(2)})`)
const workers = addLoad ? startLoad() : []
const reports = mkdtempSync(path.join(os.tmpdir(), 'shiliu-repeat-'))
/** file → { rounds, failed, errors[] } (folders named on the command line fill in with their files as they run) */
const tally = new Map()

/** One `vitest run` of the files; resolves to its exit code. Ctrl-C or SIGTERM stops it and the busy loop. */
let current = null
function vitestRound(report) {
  return new Promise((resolve) => {
    current = spawn('npx', ['vitest', 'run', ...files, '--reporter=dot', '--reporter=./scripts/lib/vitest-projects-report.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SHILIU_TEST_ENGINES: engines.join(','), SHILIU_PROJECT_REPORT: report },
      detached: true, // its own process group, so a stop reaches vitest's workers too
    })
    current.on('close', (code, signal) => resolve(code ?? signal))
  })
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (current?.pid) {
      try {
        process.kill(-current.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    await Promise.all(workers.map((w) => w.terminate()))
    rmSync(reports, { recursive: true, force: true })
    process.exit(130)
  })
}
const started = Date.now()
let roundsRun = 0
try {
  for (let round = 1; round <= times; round++) {
    const report = path.join(reports, `round-${round}.json`)
    const t0 = Date.now()
    const exit = await vitestRound(report)
    roundsRun++
    const byFile = failuresOf(report)
    let roundFailed = exit !== 0
    if (!byFile) {
      const t = tally.get('(the whole round)') ?? { rounds: 0, failed: 0, errors: [] }
      tally.set('(the whole round)', t)
      t.rounds++
      t.failed++
      t.errors.push(`round ${round}: vitest wrote no report (exit ${exit})`)
    } else {
      for (const [file, failures] of byFile) {
        const t = tally.get(file) ?? { rounds: 0, failed: 0, errors: [] }
        tally.set(file, t)
        t.rounds++
        if (failures.length) {
          t.failed++
          roundFailed = true
          for (const f of failures) t.errors.push(`round ${round}: ${f}`)
        }
      }
    }
    console.log(`round ${round}/${times}: ${roundFailed ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    if (roundFailed && opts.bail) break
  }
} finally {
  await Promise.all(workers.map((w) => w.terminate()))
  rmSync(reports, { recursive: true, force: true })
}

console.log(`\n=== ${roundsRun} round(s) on ${engines.join(', ')}${addLoad ? ' under added load' : ''} in ${((Date.now() - started) / 60000).toFixed(1)} min ===`)
let anyFailed = false
for (const [file, t] of tally) {
  console.log(`${t.failed ? 'FLAKY ' : 'ok    '} ${file}: ${t.failed} of ${t.rounds} round(s) failed`)
  for (const e of t.errors) console.log(`         ${e}`)
  if (t.failed) anyFailed = true
}
process.exit(anyFailed ? 1 : 0)

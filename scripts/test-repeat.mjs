// npm run test:repeat -- --times N [--engine sqlite|postgres|mysql] [--load] FILES…
//
// Runs the given vitest files N times (one `vitest run` of all of them per round, as `npm test` runs them)
// and prints, per file, how many rounds failed and the first error line of each failure. A flaky test shows
// up here long before it costs someone a red CI run: run it after touching anything concurrent.
//
//   --times N      rounds (default 5)
//   --engine E     the server suite's engine: SHILIU_TEST_ENGINE for every round (default: $SHILIU_TEST_ENGINE or sqlite)
//   --load         a busy loop on every core during the rounds (worker threads of this process, so they end
//                  with it; each also stops by itself after --load-minutes, default 60). Not added when the
//                  machine is already loaded (load average above the number of cores): that is load enough.
//   --bail         stop after the first failed round
//
// Exit code 1 when any round failed.
import { spawn } from 'node:child_process'
import { existsSync, statSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'

const ENGINES = ['sqlite', 'postgres', 'mysql']
const usage = 'usage: npm run test:repeat -- --times N [--engine sqlite|postgres|mysql] [--load] [--load-minutes M] [--bail] FILES…'

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
const loadMinutes = Number(opts['load-minutes'])
const problems = [
  !(Number.isInteger(times) && times > 0) && `--times must be a positive whole number (got ${opts.times})`,
  !ENGINES.includes(opts.engine) && `--engine must be one of ${ENGINES.join(', ')} (got ${opts.engine})`,
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

/** Per file: the failed tests' names and first error lines (or the file's own load error). */
function failuresOf(reportFile) {
  const byFile = new Map()
  if (!existsSync(reportFile)) return null
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  for (const file of report.testResults) {
    const name = path.relative(process.cwd(), file.name)
    const failures = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`)
    if (file.status === 'failed' && failures.length === 0) failures.push(`(file) ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`)
    byFile.set(name, failures)
  }
  return byFile
}

const [load1] = os.loadavg()
const cores = os.availableParallelism()
const addLoad = opts.load && load1 <= cores
const how = addLoad ? `, with a busy loop on each of ${cores} cores` : opts.load ? ', no busy loop added (the machine is loaded already)' : ''
console.log(`${times} round(s) of ${files.length} path(s) on ${opts.engine}${how} (load average now ${load1.toFixed(2)})`)
const workers = addLoad ? startLoad() : []
const reports = mkdtempSync(path.join(os.tmpdir(), 'shiliu-repeat-'))
/** file → { rounds, failed, errors[] } (folders named on the command line fill in with their files as they run) */
const tally = new Map(files.filter((f) => statSync(f).isFile()).map((f) => [path.relative(process.cwd(), path.resolve(f)), { rounds: 0, failed: 0, errors: [] }]))

/** One `vitest run` of the files; resolves to its exit code. Ctrl-C or SIGTERM stops it and the busy loop. */
let current = null
function vitestRound(report) {
  return new Promise((resolve) => {
    current = spawn('npx', ['vitest', 'run', ...files, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SHILIU_TEST_ENGINE: opts.engine },
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

console.log(`\n=== ${roundsRun} round(s) on ${opts.engine}${addLoad ? ' under added load' : ''} in ${((Date.now() - started) / 60000).toFixed(1)} min ===`)
let anyFailed = false
for (const [file, t] of tally) {
  console.log(`${t.failed ? 'FLAKY ' : 'ok    '} ${file}: ${t.failed} of ${t.rounds} round(s) failed`)
  for (const e of t.errors) console.log(`         ${e}`)
  if (t.failed) anyFailed = true
}
process.exit(anyFailed ? 1 : 0)

// npm run lighthouse: Lighthouse 12 (the Node 20 line) with Debian's Chromium against the built server on a
// pristine demo dataset, as issue 22 measures it: explore and a note page, mobile (the default preset: simulated
// slow 4G and a 4× slower CPU) and desktop. Prints the four category scores and LCP / TBT / CLS / bytes transferred.
//
//   npm run lighthouse [-- --runs N] [--build]   N runs per page and preset, the median printed (default 1)
//   LIGHTHOUSE_PORT (default 4197)              the port of the server it starts
import { spawn } from 'node:child_process'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { buildIfStale, chromiumPath, root } from './lib/fresh-build.mjs'

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4197)
const runsArg = process.argv.indexOf('--runs')
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1
const base = `http://127.0.0.1:${port}`

buildIfStale()
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'error' },
})
const stopServer = () => server.exitCode === null && server.kill('SIGTERM')
process.on('exit', stopServer)

async function waitForServer() {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the server did not answer within 180 s')
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One page under one preset, `runs` times: the medians of the scores and metrics. */
async function audit(chrome, url, preset) {
  const samples = []
  for (let i = 0; i < runs; i++) {
    const config = preset === 'desktop' ? desktopConfig : undefined
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config)
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const value = (id) => lhr.audits[id]?.numericValue ?? NaN
    samples.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode) && a.id !== 'final-screenshot')
        .map((a) => a.id),
    })
  }
  const pick = (key) => median(samples.map((s) => s[key]))
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    bytes: pick('bytes'),
    failing: samples.at(-1).failing,
  }
}

try {
  await waitForServer()
  const feed = await (await fetch(`${base}/api/posts?page=1&limit=1`)).json()
  const postId = feed.data.posts[0].id
  const pages = [
    ['explore', `${base}/explore`],
    ['note', `${base}/post/${postId}`],
  ]
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const rows = []
  try {
    for (const preset of ['mobile', 'desktop']) {
      for (const [name, url] of pages) rows.push({ page: name, preset, ...(await audit(chrome, url, preset)) })
    }
  } finally {
    await chrome.kill()
  }
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${runs} run(s) each, median`)
  console.log('page     preset   perf  a11y  bp   seo  LCP ms  TBT ms  CLS    KiB')
  for (const r of rows) {
    const cells = [r.page.padEnd(8), r.preset.padEnd(8), String(r.performance).padStart(4), String(r.accessibility).padStart(5), String(r['best-practices']).padStart(4), String(r.seo).padStart(4)]
    console.log(`${cells.join(' ')} ${Math.round(r.lcp).toString().padStart(7)} ${Math.round(r.tbt).toString().padStart(7)}  ${r.cls.toFixed(3)} ${Math.round(r.bytes / 1024).toString().padStart(6)}`)
  }
  console.log('\nAudits below full marks (last run):')
  for (const r of rows) console.log(`  ${r.page}/${r.preset}: ${r.failing.join(', ') || 'none'}`)
} finally {
  stopServer()
}

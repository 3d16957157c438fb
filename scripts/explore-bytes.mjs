// node scripts/explore-bytes.mjs [--port 4195] [--keep-server URL]
// What a visitor's browser transfers to show explore: the built server (dist/, `npm run build` first) on a
// fresh demo dataset, Debian's Chromium at a phone's size (412×823 at 2.625×, Lighthouse's mobile screen) and
// at a desktop's (1440×900 at 1×). Counts the bytes on the wire (compressed bodies plus headers) per kind
// (document, JS, CSS, images, API, other) once the network is idle and the first screen's images have loaded,
// before any scrolling, and how many requests of each. `--url http://host:port` measures a running server
// instead (nothing is started).
import os from 'node:os'
import { chromium } from '@playwright/test'
import { startDemoServer } from './lib/demo-server.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : fallback
}
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SCREENS = [
  { name: 'mobile', viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
]

const startServer = (port) => startDemoServer(port, 'bytes')

const KINDS = ['document', 'script', 'stylesheet', 'image', 'api', 'other']
const kindOf = (request) => {
  const type = request.resourceType()
  if (type === 'document' || type === 'script' || type === 'stylesheet' || type === 'image') return type
  if (new URL(request.url()).pathname.startsWith('/api/')) return 'api'
  return 'other'
}

async function measure(browser, url, screen) {
  const { name, ...options } = screen
  const context = await browser.newContext({ ...options, locale: 'zh-CN' })
  const page = await context.newPage()
  const pending = []
  let open = true
  page.on('requestfinished', (request) => {
    if (open) pending.push(request.sizes().then((s) => ({ kind: kindOf(request), bytes: s.responseBodySize + s.responseHeadersSize }), () => ({ kind: 'other', bytes: 0 })))
  })
  await page.goto(`${url}/explore`)
  await page.locator('.note-card').first().waitFor()
  // Every cover on the screen has loaded (or failed), whether it loads eagerly or lazily, then the network rests.
  // (Polled with evaluate: waitForFunction compiles its string in the page, which the app's CSP forbids.)
  const onScreenLoaded = `[...document.querySelectorAll('.note-cover img')].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete && img.currentSrc)`
  for (let waited = 0; !(await page.evaluate(onScreenLoaded)); waited += 250) {
    if (waited > 120_000) throw new Error(`${name}: the covers on screen did not load within 2 minutes`)
    await page.waitForTimeout(250)
  }
  await page.waitForLoadState('networkidle')
  open = false
  const totals = Object.fromEntries(KINDS.map((k) => [k, { bytes: 0, requests: 0 }]))
  for (const { kind, bytes } of await Promise.all(pending)) {
    totals[kind].bytes += bytes
    totals[kind].requests += 1
  }
  await context.close()
  return { name, totals }
}

const kB = (n) => `${(n / 1024).toFixed(1)} KiB`
const given = arg('--url', null)
const server = given ? { url: given, stop: async () => {} } : await startServer(Number(arg('--port', 4195)))
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
try {
  console.log(`explore, first screen, bytes on the wire (${server.url}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`)
  console.log(`  ${'screen'.padEnd(8)} ${KINDS.map((k) => k.padStart(17)).join(' ')} ${'total'.padStart(12)}`)
  for (const screen of SCREENS) {
    const { name, totals } = await measure(browser, server.url, screen)
    const total = KINDS.reduce((sum, k) => sum + totals[k].bytes, 0)
    console.log(`  ${name.padEnd(8)} ${KINDS.map((k) => `${kB(totals[k].bytes)} (${totals[k].requests})`.padStart(17)).join(' ')} ${kB(total).padStart(12)}`)
  }
} finally {
  await browser.close()
  await server.stop()
}

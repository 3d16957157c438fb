// node scripts/first-screen.mjs [--runs N] [--throttle] [--url http://host:port] [--port 4196]
// What a phone does before the largest contentful paint of explore and of a note page (issue 41 §6), as figures
// that do not depend on the machine's load: the LCP element, the requests started before it (by kind) and the
// JS they bring (bytes on the wire), and how many hops the LCP resource waited for. Beside them the main
// thread's busy time (CDP Performance metrics) and long tasks, which do depend on the load (printed with it).
// The built server (dist/, `npm run build` first) on a fresh demo dataset, Debian's Chromium at Lighthouse's
// phone screen (412×823 at 1.75×); `--throttle` adds Lighthouse's mobile conditions as DevTools applies them
// (4× slower CPU, 150 ms round trips, 1.6 Mbit/s down), which orders the requests as a phone would.
import os from 'node:os'
import { chromium } from '@playwright/test'
import { startDemoServer } from './lib/demo-server.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : fallback
}
const runs = Math.max(1, Number(arg('--runs', 1)) || 1)
const throttle = process.argv.includes('--throttle')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

const startServer = (port) => startDemoServer(port, 'first-screen')

// Recorded in the page from its first script on: every LCP candidate and every long task.
const OBSERVE = `
  window.__lcp = []; window.__long = []
  new PerformanceObserver((l) => { for (const e of l.getEntries()) {
    const el = e.element
    window.__lcp.push({ time: e.startTime, url: e.url, size: e.size, element: el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '') : '(removed)' })
  } }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration }) }).observe({ type: 'longtask', buffered: true })
`

const kindOf = (e) => {
  const pathname = new URL(e.name).pathname
  if (pathname.startsWith('/api/')) return 'api'
  if (/\.js$/.test(pathname)) return 'js'
  if (/\.css$/.test(pathname)) return 'css'
  if (e.initiatorType === 'img' || /\.(webp|jpe?g|png|avif|gif|svg)$/.test(pathname)) return 'image'
  return 'other'
}

async function measure(browser, url) {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' })
  await context.addInitScript(OBSERVE)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  if (throttle) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  }
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0]
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
    const resources = performance.getEntriesByType('resource').map((e) => ({ name: e.name, initiatorType: e.initiatorType, start: e.startTime, end: e.responseEnd, bytes: e.transferSize }))
    return { lcp: globalThis.__lcp, long: globalThis.__long, fcp, domContentLoaded: nav.domContentLoadedEventEnd, resources }
  })
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  await context.close()
  const lcp = result.lcp.at(-1)
  const before = result.resources.filter((r) => r.start < lcp.time)
  const byKind = {}
  for (const r of before) {
    const k = kindOf(r)
    byKind[k] ??= { requests: 0, bytes: 0 }
    byKind[k].requests += 1
    byKind[k].bytes += r.bytes
  }
  const allJs = result.resources.filter((r) => kindOf(r) === 'js')
  const tbt = result.long.filter((t) => t.start >= result.fcp && t.start < lcp.time + 5000).reduce((s, t) => s + Math.max(0, t.duration - 50), 0)
  return {
    lcp,
    fcp: result.fcp,
    byKind,
    requestsBeforeLcp: before.length,
    jsBeforeLcp: byKind.js?.bytes ?? 0,
    jsAll: allJs.reduce((s, r) => s + r.bytes, 0),
    jsFilesAll: allJs.length,
    longTasks: result.long.filter((t) => t.start < lcp.time),
    tbt,
    busy: { task: metrics.TaskDuration * 1000, script: metrics.ScriptDuration * 1000, layout: (metrics.LayoutDuration + metrics.RecalcStyleDuration) * 1000 },
    timeline: before.sort((a, b) => a.start - b.start).map((r) => `${Math.round(r.start)}–${Math.round(r.end)} ${kindOf(r)} ${(r.bytes / 1024).toFixed(1)}K ${new URL(r.name).pathname.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')}${new URL(r.name).search}`),
  }
}

const kB = (n) => `${(n / 1024).toFixed(1)} KiB`
const given = arg('--url', null)
const server = given ? { url: given, stop: async () => {} } : await startServer(Number(arg('--port', 4196)))
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
try {
  const feed = await (await fetch(`${server.url}/api/posts?page=1&limit=1`)).json()
  const pages = [
    ['explore', `${server.url}/explore`],
    ['note', `${server.url}/post/${feed.data.posts[0].id}`],
  ]
  console.log(`first screen on a phone (412×823 at 1.75×${throttle ? ', 4× CPU, 150 ms RTT, 1.6 Mbit/s' : ', unthrottled'}), ${server.url}`)
  for (const [name, url] of pages) {
    for (let i = 0; i < runs; i++) {
      const load = os.loadavg()[0]
      const r = await measure(browser, url)
      console.log(`\n${name} (run ${i + 1}, load ${load.toFixed(2)}): LCP ${Math.round(r.lcp.time)} ms on ${r.lcp.element}${r.lcp.url ? ` (${new URL(r.lcp.url).pathname})` : ''}, FCP ${Math.round(r.fcp)} ms`)
      console.log(`  before LCP: ${r.requestsBeforeLcp} requests (${Object.entries(r.byKind).map(([k, v]) => `${k} ${v.requests}/${kB(v.bytes)}`).join(', ')}); JS in all ${r.jsFilesAll} files ${kB(r.jsAll)}`)
      console.log(`  main thread: tasks ${Math.round(r.busy.task)} ms (script ${Math.round(r.busy.script)}, style+layout ${Math.round(r.busy.layout)}); long tasks before LCP ${r.longTasks.length} (${r.longTasks.map((t) => Math.round(t.duration)).join(', ')} ms); blocking after FCP ${Math.round(r.tbt)} ms`)
      if (process.argv.includes('--timeline')) for (const line of r.timeline) console.log(`    ${line}`)
    }
  }
} finally {
  await browser.close()
  await server.stop()
}

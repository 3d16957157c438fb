// npm run screenshots: refreshes the README gallery (docs/screenshots/*.png) from the product as a new user sees it.
// Builds the server and the renderers when a source is newer than the build (or with --build), starts the built
// server on a pristine demo dataset (playwright.screenshots.config.ts, port SCREENSHOTS_PORT, default 4190), and
// writes exactly the files README.md shows: tests/screenshots/gallery.spec.ts takes them, this script removes
// gallery files the README no longer shows and checks that every one it shows was written now.
// The test suites never write here (their screenshots go to test-results/).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const gallery = path.join(root, 'docs', 'screenshots')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}: install Debian's chromium and fonts-noto-cjk, or set CHROMIUM_PATH.`)
  process.exit(1)
}

/** The newest modification time of the files under `dir` (0 when there are none). */
function newest(dir) {
  if (!existsSync(dir)) return 0
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return latest
}
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const sources = Math.max(newest(path.join(root, 'server')), newest(path.join(root, 'resources')))
if (process.argv.includes('--build') || mtime(path.join(root, 'dist/server/main.js')) < sources) run('npm', ['run', 'build:server', '--silent'])
const renderer = Math.max(newest(path.join(root, 'renderer')), mtime(path.join(root, 'vite.config.ts')), newest(path.join(root, 'server/contract')))
const rendererBuilt = Math.min(mtime(path.join(root, 'dist/renderer/member.html')), mtime(path.join(root, 'dist/renderer/admin.html')))
if (process.argv.includes('--build') || rendererBuilt < renderer) run('npm', ['run', 'build:renderer', '--silent'])

const shown = new Set([...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/docs\/screenshots\/([a-z0-9-]+\.png)/g)].map((m) => m[1]))
for (const file of readdirSync(gallery).filter((f) => f.endsWith('.png') && !shown.has(f))) {
  console.log(`removing ${path.join('docs/screenshots', file)} (not shown in README.md)`)
  rmSync(path.join(gallery, file))
}

const started = Date.now()
run('npx', ['playwright', 'test', '--config', 'playwright.screenshots.config.ts'])
const stale = [...shown].filter((f) => mtime(path.join(gallery, f)) < started)
if (stale.length) {
  console.error(`Not written by this run: ${stale.join(', ')}`)
  process.exit(1)
}
console.log(`\n${shown.size} gallery screenshots written to docs/screenshots/ (review them, then commit).`)

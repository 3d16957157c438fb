// npm run screenshots: refreshes the README gallery (docs/screenshots/*.png) from the product as a new user sees it.
// Builds the server and the renderers when a source is newer than the build (or with --build), starts the built
// server on a pristine demo dataset (playwright.screenshots.config.ts, port SCREENSHOTS_PORT, default 4190), and
// writes exactly the files README.md shows: tests/screenshots/gallery.spec.ts takes them, this script removes
// gallery files the README no longer shows and checks that every one it shows was written now.
// The test suites never write here (their screenshots go to test-results/).
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { buildIfStale, chromiumPath, mtime, root, run } from './lib/fresh-build.mjs'

const gallery = path.join(root, 'docs', 'screenshots')
const chromium = chromiumPath()
buildIfStale()

const shown = new Set([...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/docs\/screenshots\/([a-z0-9-]+\.png)/g)].map((m) => m[1]))
for (const file of readdirSync(gallery).filter((f) => f.endsWith('.png') && !shown.has(f))) {
  console.log(`removing ${path.join('docs/screenshots', file)} (not shown in README.md)`)
  rmSync(path.join(gallery, file))
}

const started = Date.now()
run('npx', ['playwright', 'test', '--config', 'playwright.screenshots.config.ts'], { CHROMIUM_PATH: chromium })
const stale = [...shown].filter((f) => mtime(path.join(gallery, f)) < started)
if (stale.length) {
  console.error(`Not written by this run: ${stale.join(', ')}`)
  process.exit(1)
}
console.log(`\n${shown.size} gallery screenshots written to docs/screenshots/ (review them, then commit).`)

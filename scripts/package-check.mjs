// npm run package:check (a step of npm test): a dry run of the desktop packaging that works offline on any
// machine. electron-builder packs the real build outputs and production dependencies (`--linux dir`) around
// a stub Electron folder (-c.electronDist: the Electron binary cannot be downloaded on build machines), then
// the output is checked: the app archive holds the server bundle, the renderer pages and the Electron code,
// the native modules are unpacked, the demo media are all there, the fuses are flipped as configured, the
// icons are in place. Prints the sizes. Exit code 1 with the reasons on any failure.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const asar = require('@electron/asar')
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses')

const problems = []
const check = (ok, message) => {
  if (!ok) problems.push(message)
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed`)
    process.exit(result.status ?? 1)
  }
}

// 1. Build outputs (npm test builds them first; alone, build what is missing).
const outputs = ['dist/server/main.js', 'dist/renderer/member.html', 'dist/renderer/admin.html', 'dist/renderer/desktop.html', 'dist/electron/main/index.js', 'dist/electron/preload/index.cjs']
if (!outputs.every((file) => existsSync(file))) run('npm', ['run', 'build', '--silent'])

// 2. A stub Electron folder: an "electron" executable carrying Electron's fuse wire (sentinel, version 1,
//    8 fuses in Electron's defaults), so the fuse step runs as on the real binary.
const work = mkdtempSync(path.join(os.tmpdir(), 'shiliu-package-'))
const stub = path.join(work, 'electron-stub')
mkdirSync(path.join(stub, 'resources'), { recursive: true })
const defaults = '10110001' // RunAsNode, CookieEncryption, NodeOptions, Inspect, AsarIntegrity, OnlyAsar, V8Snapshot, FileProtocol
writeFileSync(
  path.join(stub, 'electron'),
  Buffer.concat([Buffer.from('#!/bin/sh\necho "stub Electron for package checks"\nexit 0\n'), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 8]), Buffer.from(defaults)]),
)
chmodSync(path.join(stub, 'electron'), 0o755)
writeFileSync(path.join(stub, 'LICENSE'), 'MIT (stub)')
writeFileSync(path.join(stub, 'version'), '45.4.1')

// 3. electron-builder, offline: no download, no publishing, no rebuild (electron-builder.yml).
const out = path.join(work, 'release')
const started = Date.now()
run('npx', ['electron-builder', '--linux', 'dir', '--publish', 'never', `-c.electronDist=${stub}`, `-c.directories.output=${out}`], {
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  ELECTRON_BUILDER_OFFLINE: '1',
  CSC_IDENTITY_AUTO_DISCOVERY: 'false',
})
const seconds = ((Date.now() - started) / 1000).toFixed(1)

// 4. The output.
const appDir = path.join(out, 'linux-unpacked')
const resources = path.join(appDir, 'resources')
const archive = path.join(resources, 'app.asar')
check(existsSync(path.join(appDir, 'shiliu')), 'the executable is not named shiliu')
check(existsSync(archive), 'resources/app.asar is missing')
const files = new Set(existsSync(archive) ? asar.listPackage(archive).map((f) => f.replace(/\\/g, '/').replace(/^\//, '')) : [])
for (const file of [...outputs, 'package.json', 'resources/icon.png', 'resources/default-avatar.webp', 'node_modules/koa/package.json', 'node_modules/typeorm/package.json']) {
  check(files.has(file), `app.asar lacks ${file}`)
}
check(![...files].some((f) => f.startsWith('dist/') && f.endsWith('.map')), 'source maps of our build were packaged')
check(![...files].some((f) => f.startsWith('resources/build/')), 'build resources (icons for the installer) were packaged into the app')
check(![...files].some((f) => /^(server|renderer|electron|tests)\//.test(f)), 'source folders were packaged')

// Every demo medium the server copies on first start.
const media = readdirSync('resources/demo', { recursive: true }).filter((f) => statSync(path.join('resources/demo', f)).isFile())
const missingMedia = media.filter((f) => !files.has(`resources/demo/${f.replace(/\\/g, '/')}`))
check(media.length > 100 && missingMedia.length === 0, `demo media missing from app.asar: ${missingMedia.slice(0, 5).join(', ')} (${missingMedia.length} of ${media.length})`)

// Native modules on the real file system (app.asar.unpacked).
const unpacked = path.join(resources, 'app.asar.unpacked')
const nativeFiles = existsSync(unpacked) ? readdirSync(unpacked, { recursive: true }).filter((f) => f.endsWith('.node')) : []
for (const module of ['sqlite3', 'argon2', 'sharp']) {
  check(nativeFiles.some((f) => f.includes(`node_modules${path.sep}${module}${path.sep}`) || (module === 'sharp' && f.includes(`@img${path.sep}sharp-`))), `no unpacked native module of ${module}`)
}
check(existsSync(path.join(unpacked, 'node_modules', '@img')), 'sharp\'s libvips (@img) is not unpacked')

// Fuses flipped as electron-builder.yml says.
const wire = await getCurrentFuseWire(path.join(appDir, 'shiliu'))
const expected = {
  RunAsNode: '0',
  EnableCookieEncryption: '1',
  EnableNodeOptionsEnvironmentVariable: '0',
  EnableNodeCliInspectArguments: '0',
  EnableEmbeddedAsarIntegrityValidation: '1',
  OnlyLoadAppFromAsar: '1',
  LoadBrowserProcessSpecificV8Snapshot: '0',
  GrantFileProtocolExtraPrivileges: '0',
}
for (const [name, state] of Object.entries(expected)) {
  const actual = String.fromCharCode(wire[FuseV1Options[name]])
  check(actual === state, `fuse ${name} is ${actual}, expected ${state}`)
}

// Icons made from our artwork, for each platform's installer.
for (const icon of ['resources/build/icon.png', 'resources/build/icon.ico', 'resources/build/icon.icns', 'resources/build/icons/512x512.png']) check(existsSync(icon), `${icon} is missing (npm run icons)`)

function size(target) {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(target).reduce((sum, entry) => sum + size(path.join(target, entry)), 0)
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
console.log(`\nDesktop package dry run (electron-builder --linux dir, stub Electron) in ${seconds} s:`)
console.log(`  app.asar           ${mb(size(archive))} (${files.size} entries, ${media.length} demo media files)`)
console.log(`  app.asar.unpacked  ${mb(size(unpacked))} (${nativeFiles.length} native .node files)`)
console.log(`  resources total    ${mb(size(resources))} (plus the Electron runtime, about 250 MB unpacked on Linux)`)
rmSync(work, { recursive: true, force: true })

if (problems.length > 0) {
  console.error(`\nPackage check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
console.log('Package check passed.')

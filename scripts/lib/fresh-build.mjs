// Builds the server and the renderers when a source is newer than the build (or always with --build), so a
// script that measures or photographs the product never runs an old build. Used by screenshots and lighthouse.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..', '..')

/** The newest modification time of the files under `dir` (0 when there are none). */
function newest(dir) {
  if (!existsSync(dir)) return 0
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return latest
}
export const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)

/** Runs a command in the project's root with its output shown; exits the script when it fails. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

export function buildIfStale(force = process.argv.includes('--build')) {
  const at = (...parts) => path.join(root, ...parts)
  const sources = Math.max(newest(at('server')), newest(at('resources')))
  if (force || mtime(at('dist/server/main.js')) < sources) run('npm', ['run', 'build:server', '--silent'])
  const renderer = Math.max(newest(at('renderer')), mtime(at('vite.config.ts')), newest(at('server/contract')))
  const rendererBuilt = Math.min(mtime(at('dist/renderer/member.html')), mtime(at('dist/renderer/admin.html')))
  if (force || rendererBuilt < renderer) run('npm', ['run', 'build:renderer', '--silent'])
}

/** Debian's Chromium (or CHROMIUM_PATH); exits with the install hint when it is missing. */
export function chromiumPath() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) {
    console.error(`Chromium was not found at ${chromium}: install Debian's chromium and fonts-noto-cjk, or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  return chromium
}

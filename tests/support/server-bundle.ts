import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server', 'main.js')

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full))
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs)
  }
  return newest
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * The built server (dist/server/main.js), rebuilt when a server source is newer: tests that run the server the
 * way users do (the bundle as a process) must not test a stale build. A lock folder keeps two test files from
 * building at once.
 */
export function ensureServerBundle(): string {
  const lock = path.join(ROOT, 'dist', '.server-build.lock')
  mkdirSync(path.dirname(lock), { recursive: true })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) rmdirSync(lock)
      sleep(200)
    }
  }
  try {
    const built = (() => {
      try {
        return statSync(SERVER_BUNDLE).mtimeMs
      } catch {
        return 0
      }
    })()
    if (built < newestSource(path.join(ROOT, 'server'))) execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
  } finally {
    rmdirSync(lock)
  }
  return SERVER_BUNDLE
}

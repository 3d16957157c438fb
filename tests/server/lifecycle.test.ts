import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runsOn } from '../support/engines'

/** The server as a real process: the built bundle when present, otherwise the source through tsx. */
function serverCommand(): string[] {
  return existsSync('dist/server/main.js') ? [process.execPath, 'dist/server/main.js'] : [process.execPath, '--import', 'tsx', 'server/cli/serve.ts']
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-life-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Start the server; once it prints its URL, call `whileUp`, then send SIGTERM and collect the outcome. */
function runServer(env: Record<string, string>, whileUp?: (url: string) => Promise<void>): Promise<Run> {
  const [cmd, ...args] = serverCommand()
  const child = spawn(cmd!, args, { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env } })
  let stdout = ''
  let stderr = ''
  let signalled = false
  child.stdout.on('data', async (chunk: Buffer) => {
    stdout += String(chunk)
    const url = /listening on (\S+)/.exec(stdout)?.[1]
    if (url && !signalled) {
      signalled = true
      try {
        await whileUp?.(url)
      } finally {
        child.kill('SIGTERM')
      }
    }
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

// The process runs on SQLite (DATA_DIR only) whatever the project's engine: it runs in the sqlite project and is
// skipped in the others, where it ran the same SQLite processes again (docs/decisions.md, issue 23).
describe.runIf(runsOn('sqlite'))('server process', () => {
  it('prints its URL, serves, and exits 0 on SIGTERM with the database closed cleanly', async () => {
    const dataDir = tempDir()
    let health: unknown
    const run = await runServer({ DATA_DIR: dataDir }, async (url) => {
      health = await (await fetch(`${url}/api/health`)).json()
    })
    expect(run.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(health).toMatchObject({ code: 200, success: true })
    expect(run.stdout).toContain('SIGTERM received')
    expect(run.code).toBe(0)
    // A clean close checkpoints the WAL into the main file and removes it.
    expect(existsSync(path.join(dataDir, 'shiliu.sqlite'))).toBe(true)
    expect(existsSync(path.join(dataDir, 'shiliu.sqlite-wal'))).toBe(false)
  })

  it('generates a JWT secret once, keeps it private in DATA_DIR and reuses it', async () => {
    const dataDir = tempDir()
    await runServer({ DATA_DIR: dataDir })
    const file = path.join(dataDir, 'jwt-secret')
    const first = readFileSync(file, 'utf8')
    expect(first.length).toBeGreaterThanOrEqual(48)
    expect(statSync(file).mode & 0o077).toBe(0)
    await runServer({ DATA_DIR: dataDir })
    expect(readFileSync(file, 'utf8')).toBe(first)
  })

  it.each([
    [{ PORT: '70000' }, /PORT must be 0-65535/],
    [{ DATABASE_URL: 'oracle://x' }, /DATABASE_URL must start with postgres:\/\/ or mysql:\/\//],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, /Cannot open the database/],
  ])('refuses a bad configuration %o with a clear message', async (env, message) => {
    const run = await runServer({ DATA_DIR: tempDir(), ...env })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(message)
    expect(run.stdout).not.toContain('listening on')
  })
})

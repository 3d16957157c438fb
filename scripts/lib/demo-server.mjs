// A built demo server (dist/) on a fresh temporary data directory, for the measuring scripts (explore-bytes,
// first-screen): resolves once /api/health answers, with its URL and a stop() that also removes the directory.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/** Starts `dist/server/main.js` with the demo data on 127.0.0.1:`port`; `label` names its temporary directory. */
export async function startDemoServer(port, label) {
  if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/renderer/member.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first')
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shiliu-${label}-`))
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SHILIU_DEMO: '1', LOG_LEVEL: 'warn' },
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
    if (up) return { url, stop: () => (child.kill('SIGTERM'), new Promise((r) => child.once('exit', r)).then(() => rmSync(dataDir, { recursive: true, force: true }))) }
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill('SIGTERM')
  throw new Error('the server did not answer /api/health within 2 minutes')
}

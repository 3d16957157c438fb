/*
 * The server as a real child process, built from the current sources (esbuild, as `npm run build:server`
 * does, into a private folder so a stale dist/ is never what a test measures), for tests that signal or
 * kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

let bundle: Promise<string> | undefined
// Inside the repository so the bundle's bare imports resolve from node_modules.
const outDir = path.resolve('node_modules/.cache/shiliu-test', `server-${process.pid}`)

/** dist-style bundle of server/main.ts for this test process (built once). */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    mkdirSync(outDir, { recursive: true })
    await build({
      entryPoints: { main: 'server/main.ts' },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      logLevel: 'warning',
    })
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
    return path.join(outDir, 'main.js')
  })()
  return bundle
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
}

/** Start the bundled server on 127.0.0.1 over `dataDir`; resolves once it listens. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const main = await serverBundle()
  const child = spawn(process.execPath, [main], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      SHILIU_TEST_CAPTCHA: '1',
      ...env,
    },
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += String(d)))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s: ${err}`)), 30_000)
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d)
      const match = /listening on (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${err}`)))
  })
  return { url, child, exited, stdout: () => out, stderr: () => err }
}

import { spawn, type ChildProcess } from 'node:child_process'

/** A server started as its own process (the built bundle), read line by line. */
export interface ServerProcess {
  child: ChildProcess
  /** Everything printed on stdout so far. */
  stdout(): string
  stderr(): string
  /** Resolves with the first stdout match of `pattern` (rejects when the process exits first or after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
  /** SIGTERM (or another signal), then the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>
}

export function startServerProcess(args: string[], env: Record<string, string>, options: { cwd?: string } = {}): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  const waiters = new Set<() => void>()
  child.stdout!.on('data', (chunk: Buffer) => {
    out += String(chunk)
    for (const wake of waiters) wake()
  })
  child.stderr!.on('data', (chunk: Buffer) => (err += String(chunk)))
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  let gone = false
  void exited.then(() => {
    gone = true
    for (const wake of waiters) wake()
  })
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`timed out after ${ms} ms waiting for ${pattern}\nstdout: ${out}\nstderr: ${err}`)), ms)
        const check = () => {
          const match = pattern.exec(out)
          if (match) done(null, match)
          else if (gone) done(new Error(`process exited before ${pattern}\nstdout: ${out}\nstderr: ${err}`))
        }
        const done = (error: Error | null, match?: RegExpExecArray) => {
          clearTimeout(timer)
          waiters.delete(check)
          if (error) reject(error)
          else resolve(match!)
        }
        waiters.add(check)
        check()
      })
    },
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal)
      return exited
    },
  }
}

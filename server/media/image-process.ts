import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { encodeImage, EncodeFailure, type EncodeJob, type Encoded } from './image-encode'
import type { FromImageWorker, ImageWorkerReady, ImageWorkerReply } from './image-messages'

/*
 * The server's side of the image process (image-worker.ts): one child process per server process (per worker
 * with WORKERS > 1), forked on the first image (or by warmImageProcess at start), encoding what the image pool
 * (images.ts) hands it. The pool decides how many images run at once (server-wide in a cluster); the process
 * runs them at a lower OS priority with a thread pool of that size. A process that dies fails the images it
 * held and is forked again for the next one. Where no process can be started at all (a packaging that lacks
 * the entry file, a platform that cannot fork), images are encoded in-process as before issue 42, with a
 * warning: slower reads under uploads, but uploads keep working.
 */

export interface ImageProcessOptions {
  /** libvips threads per image. */
  threads: number
  /** Images encoded at once at most: the size of the process's libuv pool. */
  slots: number
  /** The nice value asked for (never below the server's own). */
  nice: number
  /** false: encode in-process (SHILIU_IMAGE_PROCESS=0). */
  enabled: boolean
}

export interface ImageProcessState {
  mode: 'process' | 'in-process'
  pid: number | null
  ready: ImageWorkerReady | null
  /** The most images the current process has encoded at once. */
  peak: number
}

const START_TIMEOUT_MS = 20_000

/** tsx as this module resolves it (any working directory); under a runner without import.meta.resolve, from the working directory. */
function tsxLoader(): string {
  try {
    return typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx') : 'tsx'
  } catch {
    return 'tsx'
  }
}

/** The entry file beside this module: the bundle's .js, or the source's .ts run through tsx (tests, dev). */
function entry(): { file: string; execArgv: string[] } | null {
  for (const name of ['image-worker.js', 'image-worker.ts']) {
    const file = fileURLToPath(new URL(`./${name}`, import.meta.url))
    if (existsSync(file)) return { file, execArgv: name.endsWith('.ts') ? ['--import', tsxLoader()] : [] }
  }
  return null
}

interface Pending {
  resolve(encoded: Encoded): void
  reject(err: Error): void
}

export class ImageProcess {
  private starting: Promise<ChildProcess | null> | null = null
  private child: ChildProcess | null = null
  private inProcess: boolean
  private readyInfo: ImageWorkerReady | null = null
  private peak = 0
  private nextId = 0
  private readonly pending = new Map<number, Pending>()

  constructor(private readonly options: ImageProcessOptions) {
    // Inside Electron (the desktop app's embedded server, a utility process) the executable is the app itself and
    // the packaged app turns the RunAsNode fuse off: forking it would start another app, not an image process.
    // One person's server encodes in-process there.
    this.inProcess = !options.enabled || process.versions.electron !== undefined
  }

  get state(): ImageProcessState {
    return { mode: this.inProcess ? 'in-process' : 'process', pid: this.child?.pid ?? null, ready: this.readyInfo, peak: this.peak }
  }

  /** Start the process now rather than on the first image; resolves once it runs (or encoding stays in-process). */
  async warm(): Promise<ImageProcessState> {
    await this.process()
    return this.state
  }

  async encode(job: EncodeJob): Promise<Encoded> {
    const child = await this.process()
    if (!child) return encodeImage(job)
    const id = ++this.nextId
    return new Promise<Encoded>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // Jobs out keep the server's event loop alive; an idle process does not.
      child.channel?.ref()
      child.send({ id, job }, (err) => {
        if (err) this.settle(id, (p) => p.reject(new EncodeFailure('encode', `image process: ${err.message}`)))
      })
    })
  }

  private settle(id: number, how: (pending: Pending) => void): void {
    const pending = this.pending.get(id)
    if (!pending) return
    this.pending.delete(id)
    if (this.pending.size === 0) this.child?.channel?.unref()
    how(pending)
  }

  private process(): Promise<ChildProcess | null> {
    if (this.inProcess) return Promise.resolve(null)
    this.starting ??= this.spawn().catch((err: unknown) => {
      process.emitWarning(`images are encoded in the server process (no image process: ${(err as Error).message})`, 'ShiliuImageProcess')
      this.inProcess = true
      return null
    })
    return this.starting
  }

  private spawn(): Promise<ChildProcess> {
    const found = entry()
    if (!found) return Promise.reject(new Error('image-worker entry not found'))
    const child = fork(found.file, [], {
      execArgv: found.execArgv,
      env: {
        ...process.env,
        // Read by libuv when the child's pool starts: one thread per image it may encode at once.
        UV_THREADPOOL_SIZE: String(this.options.slots),
        SHILIU_IMAGE_WORKER_THREADS: String(this.options.threads),
        SHILIU_IMAGE_WORKER_NICE: String(this.options.nice),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    })
    return new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error('the image process did not start in time'))
      }, START_TIMEOUT_MS)
      timer.unref()
      const early = (err: Error) => {
        clearTimeout(timer)
        reject(err)
      }
      child.once('error', early)
      child.once('exit', (code, signal) => early(new Error(`the image process exited at start (${signal ?? `code ${code}`})`)))
      child.on('message', (message: FromImageWorker) => {
        if ('ready' in message) {
          clearTimeout(timer)
          child.removeAllListeners('error')
          child.removeAllListeners('exit')
          this.readyInfo = message
          this.peak = 0
          this.child = child
          child.on('error', () => undefined)
          child.once('exit', (code, signal) => this.lost(child, `image process exited (${signal ?? `code ${code}`})`))
          child.unref()
          if (this.pending.size === 0) child.channel?.unref()
          resolve(child)
        } else this.reply(message)
      })
    })
  }

  private reply(message: ImageWorkerReply): void {
    this.peak = Math.max(this.peak, message.peak)
    this.settle(message.id, (p) => (message.ok ? p.resolve(message.encoded) : p.reject(new EncodeFailure(message.stage, message.message, message.code))))
  }

  /** The process died: what it held fails (the uploads answer 400), the next image forks another. */
  private lost(child: ChildProcess, why: string): void {
    if (this.child !== child) return
    this.child = null
    this.starting = null
    this.readyInfo = null
    for (const id of [...this.pending.keys()]) this.settle(id, (p) => p.reject(new EncodeFailure('encode', why)))
  }
}

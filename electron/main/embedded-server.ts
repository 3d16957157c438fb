/**
 * The embedded (offline) server: the bundled `dist/server/main.js` run as an
 * Electron utility process, bound to 127.0.0.1 on a free port.
 *
 * Handshake: the child posts `{ type: 'ready', port }` on `process.parentPort`
 * once it listens. We wait for it with a timeout; on quit we ask the child to
 * stop (`kill()` = SIGTERM on POSIX), wait a little, then force it.
 *
 * Electron is not imported here: `fork` is passed in (utilityProcess.fork in
 * the app, a fake EventEmitter child in tests).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { APP_ORIGIN } from '../shared/constants';

/** The part of Electron's `UtilityProcess` we use. */
export interface ServerChild {
  readonly pid?: number | undefined;
  readonly stdout?: NodeJS.ReadableStream | null;
  readonly stderr?: NodeJS.ReadableStream | null;
  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
  once(event: 'exit', listener: (code: number) => void): this;
  removeListener(event: 'message', listener: (message: unknown) => void): this;
  removeListener(event: 'exit', listener: (code: number) => void): this;
  kill(): boolean;
}

export interface ServerForkOptions {
  env: Record<string, string>;
  cwd: string;
  serviceName: string;
  stdio: 'pipe' | 'inherit' | 'ignore';
}

export type ForkServer = (modulePath: string, args: string[], options: ServerForkOptions) => ServerChild;

export interface EmbeddedServerOptions {
  fork: ForkServer;
  /** Absolute path of the bundled server entry (`dist/server/main.js`). */
  entry: string;
  /** `<userData>/server-data`: database, uploads. Created if missing. */
  dataDir: string;
  /** Base environment (default `process.env`); connection settings are overridden. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Extra variables, e.g. a persistent JWT_SECRET. */
  extraEnv?: Record<string, string>;
  /** Seed the demo dataset into an empty database (SHILIU_DEMO=1). Default true. */
  demo?: boolean;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  stdio?: ServerForkOptions['stdio'];
  /** Last resort when the child ignores `kill()`; default `process.kill(pid, 'SIGKILL')`. */
  forceKill?: (pid: number) => void;
  /** Called when the server exits while we did not ask it to. */
  onUnexpectedExit?: (code: number) => void;
  /** Progress of the first start's demo preparation (`{ type: 'progress', ... }` messages). */
  onProgress?: (progress: ServerProgress) => void;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export type EmbeddedServerFailure = 'timeout' | 'exit' | 'spawn';

export class EmbeddedServerError extends Error {
  constructor(
    readonly reason: EmbeddedServerFailure,
    message: string,
    readonly exitCode?: number,
  ) {
    super(message);
    this.name = 'EmbeddedServerError';
  }
}

export interface RunningServer {
  port: number;
  baseUrl: string;
}

const readyMessageSchema = z.object({
  type: z.literal('ready'),
  port: z.number().int().min(1).max(65535),
});

const progressMessageSchema = z.object({
  type: z.literal('progress'),
  step: z.string().max(40),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  message: z.string().max(500),
});

export type ServerProgress = Omit<z.output<typeof progressMessageSchema>, 'type'>;

/** Parses a progress message of the child (server/main.ts ParentMessage); null for anything else. */
export function parseProgressMessage(message: unknown): ServerProgress | null {
  const parsed = progressMessageSchema.safeParse(message);
  if (!parsed.success) return null;
  const { type: _type, ...progress } = parsed.data;
  return progress;
}

/** Parses the child's handshake message; anything else is ignored. */
export function parseReadyMessage(message: unknown): { port: number } | null {
  const parsed = readyMessageSchema.safeParse(message);
  return parsed.success ? { port: parsed.data.port } : null;
}

/** Variables that would point the embedded server at something other than its own files, or open it up. */
const STRIPPED_ENV = ['DATABASE_URL', 'REDIS_URL', 'HOST', 'PORT', 'DATA_DIR', 'SHILIU_DEMO', 'NODE_OPTIONS', 'CORS_ORIGINS', 'ALLOWED_HOSTS', 'TRUST_PROXY', 'SHILIU_TEST_CAPTCHA'];

export function buildServerEnv(options: Pick<EmbeddedServerOptions, 'baseEnv' | 'extraEnv' | 'dataDir' | 'demo'>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.baseEnv ?? process.env)) {
    if (value !== undefined && !STRIPPED_ENV.includes(key)) env[key] = value;
  }
  Object.assign(env, options.extraEnv ?? {});
  env.HOST = '127.0.0.1';
  env.PORT = '0';
  // Locked to the app: API calls only from its pages (app://shiliu), only addressed to the loopback names.
  env.CORS_ORIGINS = APP_ORIGIN;
  env.ALLOWED_HOSTS = '127.0.0.1,localhost';
  env.DATA_DIR = options.dataDir;
  if (options.demo ?? true) env.SHILIU_DEMO = '1';
  env.NODE_ENV ??= 'production';
  return env;
}

function defaultForceKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

type State = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';

export class EmbeddedServer {
  private child: ServerChild | null = null;
  private state: State = 'idle';
  private exited: Promise<number> | null = null;
  private startPromise: Promise<RunningServer> | null = null;
  private stopPromise: Promise<void> | null = null;
  private running: RunningServer | null = null;

  constructor(private readonly options: EmbeddedServerOptions) {}

  get info(): RunningServer | null {
    return this.running;
  }

  get childProcess(): ServerChild | null {
    return this.child;
  }

  /** Forks the server and resolves once it reports `{ type: 'ready', port }`. */
  start(): Promise<RunningServer> {
    if (this.startPromise) return this.startPromise;
    this.startPromise = this.doStart();
    return this.startPromise;
  }

  private async doStart(): Promise<RunningServer> {
    const { fork, entry, dataDir, log = console } = this.options;
    const readyTimeoutMs = this.options.readyTimeoutMs ?? 30_000;
    if (this.state !== 'idle') throw new EmbeddedServerError('exit', 'Embedded server was already stopped');
    this.state = 'starting';
    await mkdir(dataDir, { recursive: true });
    // stop() may have been called while we created the folder.
    if (this.state !== 'starting') throw new EmbeddedServerError('exit', 'Embedded server was stopped before it started');

    let child: ServerChild;
    try {
      child = fork(entry, [], {
        env: buildServerEnv(this.options),
        cwd: dataDir,
        serviceName: 'Shiliu server',
        stdio: this.options.stdio ?? 'pipe',
      });
    } catch (error) {
      this.state = 'stopped';
      throw new EmbeddedServerError('spawn', `Cannot start the embedded server: ${String(error)}`);
    }
    this.child = child;
    this.exited = new Promise<number>((resolve) => child.once('exit', resolve));

    const port = await new Promise<number>((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        child.removeListener('message', onMessage);
        child.removeListener('exit', onExit);
      };
      const onMessage = (message: unknown): void => {
        const progress = parseProgressMessage(message);
        if (progress) this.options.onProgress?.(progress);
        const ready = parseReadyMessage(message);
        if (!ready) return;
        cleanup();
        resolve(ready.port);
      };
      const onExit = (code: number): void => {
        cleanup();
        this.state = 'stopped';
        reject(new EmbeddedServerError('exit', `Embedded server exited with code ${code} before it was ready`, code));
      };
      const timer = setTimeout(() => {
        cleanup();
        log.error(`[embedded-server] no ready message after ${readyTimeoutMs} ms; stopping it`);
        void this.stop();
        reject(new EmbeddedServerError('timeout', `Embedded server did not start within ${Math.round(readyTimeoutMs / 1000)} s`));
      }, readyTimeoutMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
    });

    if (this.state !== 'starting') {
      // stop() was called while waiting for the handshake.
      throw new EmbeddedServerError('exit', 'Embedded server was stopped before it was ready');
    }
    this.state = 'running';
    this.running = { port, baseUrl: `http://127.0.0.1:${port}` };
    child.on('exit', (code) => {
      if (this.state === 'running') {
        this.state = 'stopped';
        this.running = null;
        log.error(`[embedded-server] exited unexpectedly with code ${code}`);
        this.options.onUnexpectedExit?.(code);
      }
    });
    log.info(`[embedded-server] ready on ${this.running.baseUrl}`);
    return this.running;
  }

  /**
   * Graceful stop: `kill()` (SIGTERM on POSIX), wait up to `stopTimeoutMs`
   * for the exit, then SIGKILL. Safe to call many times and before start.
   */
  stop(): Promise<void> {
    if (this.stopPromise) return this.stopPromise;
    this.stopPromise = this.doStop();
    return this.stopPromise;
  }

  private async doStop(): Promise<void> {
    const child = this.child;
    const exited = this.exited;
    const previous = this.state;
    this.state = 'stopping';
    this.running = null;
    if (!child || !exited || previous === 'stopped') {
      this.state = 'stopped';
      return;
    }
    const stopTimeoutMs = this.options.stopTimeoutMs ?? 5_000;
    const log = this.options.log ?? console;
    child.kill();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), stopTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      log.warn(`[embedded-server] still running ${stopTimeoutMs} ms after kill(); forcing it`);
      if (child.pid !== undefined) (this.options.forceKill ?? defaultForceKill)(child.pid);
    }
    this.state = 'stopped';
  }
}

/** A value created once and kept in a private file (mode 600); recreated when the file holds something else. */
async function loadOrCreate(file: string, valid: RegExp, create: () => string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (valid.test(existing)) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = create();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, value + '\n', { encoding: 'utf8', mode: 0o600 });
  return value;
}

/**
 * A random secret kept next to the server data, so tokens stay valid across
 * restarts of the desktop app (the embedded server gets it as JWT_SECRET).
 */
export function loadOrCreateSecret(file: string): Promise<string> {
  return loadOrCreate(file, /^[0-9a-f]{64,}$/, () => randomBytes(48).toString('hex'));
}

/** Letters and digits that cannot be mistaken for one another when read off the screen. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The offline demo administrator's password, made once per installation (SHILIU_DEMO_ADMIN_PASSWORD): a
 * published password would let any web page or local user log in to the demo as its administrator.
 * 16 characters of a 55-letter alphabet, about 92 bits.
 */
export function loadOrCreateDemoAdminPassword(file: string): Promise<string> {
  return loadOrCreate(file, /^[A-Za-z0-9]{12,64}$/, () => {
    const bytes = randomBytes(64);
    let password = '';
    // Rejection sampling keeps every letter equally likely.
    for (const byte of bytes) {
      if (byte >= 220) continue;
      password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      if (password.length === 16) break;
    }
    return password;
  });
}

// @vitest-environment node
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EmbeddedServer,
  EmbeddedServerError,
  buildServerEnv,
  loadOrCreateSecret,
  parseReadyMessage,
  type ForkServer,
  type ServerChild,
  type ServerForkOptions,
} from '../../electron/main/embedded-server';

/** Stand-in for Electron's UtilityProcess: an EventEmitter with kill(). */
class FakeChild extends EventEmitter {
  readonly pid = 4242;
  readonly stdout = null;
  readonly stderr = null;
  killed = 0;
  /** What happens on kill(): exit at once (graceful), or ignore it. */
  onKill: 'exit' | 'ignore' = 'exit';
  kill(): boolean {
    this.killed++;
    if (this.onKill === 'exit') queueMicrotask(() => this.emit('exit', 0));
    return true;
  }
  ready(port: number): void {
    this.emit('message', { type: 'ready', port });
  }
}

const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

let dir: string;
let child: FakeChild;
let forkCalls: Array<{ modulePath: string; args: string[]; options: ServerForkOptions }>;
let fork: ForkServer;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-embedded-'));
  child = new FakeChild();
  forkCalls = [];
  fork = (modulePath, args, options) => {
    forkCalls.push({ modulePath, args, options });
    return child as unknown as ServerChild;
  };
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Lets the start() promise reach the point where it listens for the handshake.
 * Polls with setImmediate (never faked here), not vi.waitFor, which would move fake clocks.
 */
async function untilForked(): Promise<void> {
  for (let i = 0; forkCalls.length === 0; i++) {
    if (i > 10_000) throw new Error('fork was never called');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function makeServer(extra: Partial<ConstructorParameters<typeof EmbeddedServer>[0]> = {}): EmbeddedServer {
  return new EmbeddedServer({
    fork,
    entry: '/app/dist/server/main.js',
    dataDir: path.join(dir, 'server-data'),
    baseEnv: { PATH: '/usr/bin', DATABASE_URL: 'postgres://elsewhere', REDIS_URL: 'redis://x', PORT: '3000' },
    extraEnv: { JWT_SECRET: 'abc' },
    log: silent,
    ...extra,
  });
}

describe('parseReadyMessage', () => {
  it('accepts only { type: "ready", port } with a valid port', () => {
    expect(parseReadyMessage({ type: 'ready', port: 49321 })).toEqual({ port: 49321 });
    expect(parseReadyMessage({ type: 'ready', port: 0 })).toBeNull();
    expect(parseReadyMessage({ type: 'ready', port: 70000 })).toBeNull();
    expect(parseReadyMessage({ type: 'ready', port: '3000' })).toBeNull();
    expect(parseReadyMessage({ type: 'log', port: 3000 })).toBeNull();
    expect(parseReadyMessage('ready')).toBeNull();
  });
});

describe('buildServerEnv', () => {
  it('binds to 127.0.0.1 on a free port with its own data dir and the demo seed', () => {
    const env = buildServerEnv({ baseEnv: { PATH: '/usr/bin', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', HOST: '0.0.0.0' }, dataDir: '/u/server-data' });
    expect(env).toMatchObject({ PATH: '/usr/bin', HOST: '127.0.0.1', PORT: '0', DATA_DIR: '/u/server-data', SHILIU_DEMO: '1', NODE_ENV: 'production' });
    expect(env).not.toHaveProperty('DATABASE_URL');
    expect(env).not.toHaveProperty('REDIS_URL');
  });

  it('can leave out the demo seed', () => {
    expect(buildServerEnv({ baseEnv: {}, dataDir: '/d', demo: false })).not.toHaveProperty('SHILIU_DEMO');
  });
});

describe('EmbeddedServer', () => {
  it('forks the bundled entry with the embedded env and resolves on the ready message', async () => {
    const server = makeServer();
    const started = server.start();
    await untilForked();
    child.emit('message', { type: 'log', text: 'migrating' }); // ignored
    child.ready(49321);
    await expect(started).resolves.toEqual({ port: 49321, baseUrl: 'http://127.0.0.1:49321' });
    expect(server.info).toEqual({ port: 49321, baseUrl: 'http://127.0.0.1:49321' });

    const [call] = forkCalls;
    expect(call?.modulePath).toBe('/app/dist/server/main.js');
    expect(call?.options.cwd).toBe(path.join(dir, 'server-data'));
    expect(call?.options.env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dir, 'server-data'),
      SHILIU_DEMO: '1',
      JWT_SECRET: 'abc',
      PATH: '/usr/bin',
    });
    expect(call?.options.env).not.toHaveProperty('DATABASE_URL');
    expect((await stat(path.join(dir, 'server-data'))).isDirectory()).toBe(true);
  });

  it('start() twice forks once', async () => {
    const server = makeServer();
    const a = server.start();
    const b = server.start();
    await untilForked();
    child.ready(5000);
    expect(await a).toEqual(await b);
    expect(forkCalls).toHaveLength(1);
  });

  it('rejects with reason "timeout" and stops the child when no ready message comes', async () => {
    const server = makeServer({ readyTimeoutMs: 50 });
    const started = server.start();
    await untilForked();
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedServerError);
    expect((error as EmbeddedServerError).reason).toBe('timeout');
    expect((error as Error).message).toContain('did not start');
    expect(child.killed).toBe(1);
  });

  it('uses a 30 s handshake timeout by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = makeServer();
    const started = server.start();
    const settled = vi.fn();
    started.catch(settled);
    await untilForked();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    expect((settled.mock.calls[0]?.[0] as EmbeddedServerError).reason).toBe('timeout');
  });

  it('rejects with reason "exit" when the child dies before it is ready', async () => {
    const server = makeServer();
    const started = server.start();
    await untilForked();
    child.emit('exit', 1);
    await expect(started).rejects.toMatchObject({ reason: 'exit', exitCode: 1 });
    await server.stop(); // nothing left to stop
    expect(child.killed).toBe(0);
  });

  it('rejects with reason "spawn" when fork throws', async () => {
    const server = makeServer({
      fork: () => {
        throw new Error('ENOENT');
      },
    });
    await expect(server.start()).rejects.toMatchObject({ reason: 'spawn' });
  });

  it('stop() kills the child and waits for its exit', async () => {
    const server = makeServer();
    const started = server.start();
    await untilForked();
    child.ready(5000);
    await started;
    const exited = vi.fn();
    child.on('exit', exited);
    await server.stop();
    expect(child.killed).toBe(1);
    expect(exited).toHaveBeenCalledOnce();
    expect(server.info).toBeNull();
    await server.stop(); // idempotent
    expect(child.killed).toBe(1);
  });

  it('stop() forces the child after the grace period when kill() is ignored', async () => {
    const forceKill = vi.fn();
    const server = makeServer({ stopTimeoutMs: 30, forceKill });
    const started = server.start();
    await untilForked();
    child.ready(5000);
    await started;
    child.onKill = 'ignore';
    await server.stop();
    expect(child.killed).toBe(1);
    expect(forceKill).toHaveBeenCalledWith(4242);
  });

  it('stop() before start() is a no-op, and a later start() does not fork', async () => {
    const server = makeServer();
    await server.stop();
    await expect(server.start()).rejects.toBeInstanceOf(EmbeddedServerError);
    expect(forkCalls).toHaveLength(0);
  });

  it('stop() during the handshake kills the child and fails start()', async () => {
    const server = makeServer();
    const started = server.start();
    await untilForked();
    await server.stop();
    await expect(started).rejects.toMatchObject({ reason: 'exit' });
    expect(child.killed).toBe(1);
  });

  it('reports an unexpected exit after ready, but not an exit it asked for', async () => {
    const onUnexpectedExit = vi.fn();
    const server = makeServer({ onUnexpectedExit });
    const started = server.start();
    await untilForked();
    child.ready(5000);
    await started;
    child.emit('exit', 134);
    expect(onUnexpectedExit).toHaveBeenCalledWith(134);
    expect(server.info).toBeNull();

    const second = new FakeChild();
    const server2 = makeServer({ onUnexpectedExit, fork: () => second as unknown as ServerChild });
    const started2 = server2.start();
    while (second.listenerCount('message') === 0) await new Promise((resolve) => setImmediate(resolve));
    second.ready(5001);
    await started2;
    await server2.stop();
    expect(onUnexpectedExit).toHaveBeenCalledTimes(1);
  });
});

describe('loadOrCreateSecret', () => {
  it('creates a random secret once and returns the same one afterwards', async () => {
    const file = path.join(dir, 'secret');
    const first = await loadOrCreateSecret(file);
    expect(first).toMatch(/^[0-9a-f]{96}$/);
    expect(await loadOrCreateSecret(file)).toBe(first);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o077).toBe(0);
  });
});

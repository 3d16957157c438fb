// @vitest-environment node
/**
 * index.ts (the lifecycle) with `electron` mocked at the boundary: start-up,
 * the quit sequence that stops the embedded server, failure dialogs.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, createFakeElectron, until } from './support/fake-electron';

let dir: string;
let fake: ReturnType<typeof createFakeElectron>;
const userData = () => path.join(dir, 'userData');

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-index-'));
  await mkdir(path.join(dir, 'app', 'dist', 'renderer'), { recursive: true });
  fake = createFakeElectron({ appPath: path.join(dir, 'app'), userData: userData() });
  vi.resetModules();
  vi.doMock('electron', () => fake.electron);
});

afterEach(async () => {
  vi.doUnmock('electron');
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

async function boot() {
  await import('../../electron/main/index');
}

/** The window showing `url` (app://shiliu/...), once it exists. */
function windowAt(url: string) {
  return until(() => FakeBrowserWindow.instances.find((w) => w.loadURL.mock.calls.some((call) => call[0] === url)), url);
}

function quit() {
  const event = { preventDefault: vi.fn() };
  fake.electron.app.emit('before-quit', event);
  return event;
}

describe('main entry (index.ts)', () => {
  it('registers the app scheme before ready and takes the single-instance lock', async () => {
    await boot();
    expect(fake.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    expect(fake.electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled(); // only after ready
  });

  it('quits at once when another instance runs', async () => {
    fake = createFakeElectron({ appPath: path.join(dir, 'app'), userData: userData(), singleInstance: false });
    vi.doMock('electron', () => fake.electron);
    await boot();
    expect(fake.electron.app.quit).toHaveBeenCalled();
    expect(fake.electron.app.whenReady).not.toHaveBeenCalled();
  });

  it('starts the embedded server on ready, and stops it before quitting', async () => {
    await boot();
    fake.makeReady();
    const child = await until(() => fake.children[0], 'fork');
    child.ready(49321);
    await windowAt('app://shiliu/explore');

    const first = quit();
    expect(first.preventDefault).toHaveBeenCalled(); // held back until the server has stopped
    expect(child.kill).toHaveBeenCalledOnce();
    const again = quit(); // a second quit request while stopping is swallowed
    expect(again.preventDefault).toHaveBeenCalled();
    await until(() => fake.electron.app.quit.mock.calls.length > 0, 'app.quit');
    expect(child.kill).toHaveBeenCalledOnce();

    const final = quit(); // the real quit goes through
    expect(final.preventDefault).not.toHaveBeenCalled();
  });

  it('keeps the start-up window open with the reason when the embedded server fails to start', async () => {
    await boot();
    fake.makeReady();
    const startup = await windowAt('app://shiliu/desktop/startup');
    const child = await until(() => fake.children[0], 'fork');
    child.emit('exit', 1);
    const failed = await until(() => startup.webContents.send.mock.calls.find((call) => (call[1] as { phase?: string })?.phase === 'failed'), 'failed state');
    expect(failed[0]).toBe('shiliu:startup:state');
    expect((failed[1] as { message: string }).message).toContain('exited with code 1');
    expect((failed[1] as { logFile: string }).logFile).toBe(path.join(userData(), 'logs', 'server.log'));
    expect(fake.electron.app.quit).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances.some((w) => w.loadURL.mock.calls.some((call) => call[0] === 'app://shiliu/explore'))).toBe(false);
  });

  it('guards every new web contents', async () => {
    await boot();
    const contents = { setWindowOpenHandler: vi.fn(), on: vi.fn() };
    fake.electron.app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(contents.on.mock.calls.map((call) => call[0])).toEqual(expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']));
  });

  it('in remote mode, forks nothing and trusts a plain-http LAN server origin', async () => {
    await mkdir(userData(), { recursive: true });
    await writeFile(path.join(userData(), 'settings.json'), JSON.stringify({ version: 1, mode: 'remote', remoteUrl: 'http://10.0.0.5:3000' }));
    await boot();
    expect(fake.electron.app.commandLine.appendSwitch).toHaveBeenCalledWith('unsafely-treat-insecure-origin-as-secure', 'http://10.0.0.5:3000');
    fake.makeReady();
    await windowAt('app://shiliu/explore');
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled();
    quit();
    await until(() => fake.electron.app.quit.mock.calls.length > 0, 'app.quit');
  });

  it('reports a broken settings.json in the start-up and settings windows, starts nothing and leaves the file as it is', async () => {
    await mkdir(userData(), { recursive: true });
    await writeFile(path.join(userData(), 'settings.json'), '{ broken');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await boot();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
    fake.makeReady();
    const startup = await windowAt('app://shiliu/desktop/startup');
    await windowAt('app://shiliu/desktop/settings');
    // The start-up page asks for the current state when it loads.
    expect(startup).toBeDefined();
    const getState = fake.electron.ipcMain.handlers.get('shiliu:startup:get')!;
    expect(await getState({ senderFrame: { url: 'app://shiliu/desktop/startup' } })).toEqual({ phase: 'settings-invalid', message: expect.stringContaining('not valid JSON') });
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled();
    expect(await readFile(path.join(userData(), 'settings.json'), 'utf8')).toBe('{ broken');
    warn.mockRestore();
  });

  it('stops the embedded server when the app quits during the first start', async () => {
    await boot();
    fake.makeReady();
    const child = await until(() => fake.children[0], 'fork');
    const event = quit(); // the demo is still being prepared: no ready message yet
    expect(event.preventDefault).toHaveBeenCalled();
    expect(child.kill).toHaveBeenCalledOnce();
    await until(() => fake.electron.app.quit.mock.calls.length > 0, 'app.quit');
  });

  it('keeps a rotated main.log of the console', async () => {
    await boot();
    console.info('hello from the main process');
    expect(await readFile(path.join(userData(), 'logs', 'main.log'), 'utf8')).toMatch(/INFO hello from the main process/);
  });
});

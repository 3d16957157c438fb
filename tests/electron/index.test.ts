// @vitest-environment node
/**
 * index.ts (the lifecycle) with `electron` mocked at the boundary: start-up,
 * the quit sequence that stops the embedded server, failure dialogs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    await until(() => FakeBrowserWindow.instances[0], 'member window');

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

  it('shows an error dialog and quits when the embedded server fails to start', async () => {
    await boot();
    fake.makeReady();
    const child = await until(() => fake.children[0], 'fork');
    child.emit('exit', 1);
    await until(() => fake.electron.dialog.showErrorBox.mock.calls.length > 0, 'error dialog');
    const [title, message] = fake.electron.dialog.showErrorBox.mock.calls[0] as unknown as [string, string];
    expect(title).toContain('Shiliu could not start');
    expect(message).toContain('exited with code 1');
    expect(fake.electron.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
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
    await until(() => FakeBrowserWindow.instances[0], 'member window');
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled();
    quit();
    await until(() => fake.electron.app.quit.mock.calls.length > 0, 'app.quit');
  });

  it('falls back to embedded mode when settings.json is broken', async () => {
    await mkdir(userData(), { recursive: true });
    await writeFile(path.join(userData(), 'settings.json'), '{ broken');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await boot();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
    fake.makeReady();
    await until(() => fake.children[0], 'fork');
    warn.mockRestore();
  });
});

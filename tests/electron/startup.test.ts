// @vitest-environment node
/**
 * startup.ts with the `electron` module replaced at the boundary: the real
 * settings, protocol, IPC, window and embedded-server code runs against fakes.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { decodeBootstrapArg } from '../../electron/shared/bootstrap';
import { IPC_CHANNELS } from '../../electron/shared/constants';
import { resolveAppPaths, type AppPaths } from '../../electron/main/paths';
import type { DesktopSettings } from '../../electron/main/settings';
import type { EmbeddedServer } from '../../electron/main/embedded-server';
import { FakeBrowserWindow, createFakeElectron, until } from './support/fake-electron';

let dir: string;
let paths: AppPaths;
let fake: ReturnType<typeof createFakeElectron>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-startup-'));
  paths = resolveAppPaths(path.join(dir, 'app'), path.join(dir, 'userData'));
  await mkdir(paths.rendererDir, { recursive: true });
  await writeFile(path.join(paths.rendererDir, 'member.html'), '<title>member</title>');
  await writeFile(path.join(paths.rendererDir, 'admin.html'), '<title>admin</title>');
  fake = createFakeElectron({ appPath: path.join(dir, 'app'), userData: path.join(dir, 'userData') });
  vi.resetModules();
  vi.doMock('electron', () => fake.electron);
});

afterEach(async () => {
  vi.doUnmock('electron');
  await rm(dir, { recursive: true, force: true });
});

async function loadStartup() {
  return import('../../electron/main/startup');
}

const embedded: DesktopSettings = { version: 1, mode: 'embedded', remoteUrl: null };

describe('startDesktop in embedded mode', () => {
  it('forks the bundled server, waits for ready, then serves the renderer and opens the member window', async () => {
    const { startDesktop } = await loadStartup();
    let server: EmbeddedServer | null = null;
    const started = startDesktop({ paths, settings: embedded, onServer: (s) => (server = s) });

    const child = await until(() => fake.children[0], 'fork');
    const [modulePath, args, options] = fake.electron.utilityProcess.fork.mock.calls[0] as unknown as [string, string[], { env: Record<string, string>; cwd: string }];
    expect(modulePath).toBe(path.join(dir, 'app', 'dist', 'server', 'main.js'));
    expect(args).toEqual([]);
    expect(options.env).toMatchObject({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(dir, 'userData', 'server-data'), SHILIU_DEMO: '1' });
    expect(options.env.JWT_SECRET).toMatch(/^[0-9a-f]{96}$/);
    expect(fake.electron.protocol.handle).not.toHaveBeenCalled(); // nothing is shown before the server is ready

    child.stdout.write('listening\n');
    child.ready(49321);
    const app = await started;

    expect(app.bootstrap).toEqual({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });
    expect(server).not.toBeNull();
    expect(fake.electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();

    // app:// serves member.html for /explore with a CSP that allows the embedded server.
    expect(fake.electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const handler = fake.electron.protocol.handle.mock.calls[0]?.[1] as unknown as (r: Request) => Promise<Response>;
    const page = await handler(new Request('app://shiliu/explore'));
    expect(await page.text()).toBe('<title>member</title>');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:49321 ws://127.0.0.1:49321");

    // One member window at app://shiliu/explore, locked down, with the bootstrap argument.
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const win = FakeBrowserWindow.instances[0]!;
    expect(win.loadURL).toHaveBeenCalledWith('app://shiliu/explore');
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: paths.preload, devTools: true });
    expect(decodeBootstrapArg(prefs.additionalArguments as string[])).toEqual({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });

    // IPC is registered.
    expect([...fake.electron.ipcMain.handlers.keys()].sort()).toEqual([IPC_CHANNELS.getSettings, IPC_CHANNELS.saveSettings].sort());
    expect(fake.electron.ipcMain.listenerCount(IPC_CHANNELS.bootstrap)).toBe(1);

    // The server's output goes to <userData>/logs/server.log.
    await until(async () => (await readFile(path.join(paths.logDir, 'server.log'), 'utf8').catch(() => '')).includes('listening'));
    expect(await readFile(path.join(paths.logDir, 'server.log'), 'utf8')).toContain('listening');
  });

  it('has a menu item that opens the admin window at app://shiliu/admin (once)', async () => {
    const { startDesktop } = await loadStartup();
    const started = startDesktop({ paths, settings: embedded, onServer: () => undefined });
    (await until(() => fake.children[0])).ready(5000);
    await started;

    const template = fake.electron.Menu.buildFromTemplate.mock.calls[0]?.[0] as unknown as MenuItemConstructorOptions[];
    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    const admin = items.find((item) => item.id === 'open-admin');
    expect(admin?.accelerator).toBe('CmdOrCtrl+Shift+A');
    (admin?.click as () => void)();
    (admin?.click as () => void)();
    expect(FakeBrowserWindow.instances).toHaveLength(2);
    expect(FakeBrowserWindow.instances[1]!.loadURL).toHaveBeenCalledWith('app://shiliu/admin');
    expect(FakeBrowserWindow.instances[1]!.focus).toHaveBeenCalled();
  });

  it('fails with a StartupError naming the log when the server exits before ready', async () => {
    const { startDesktop, StartupError } = await loadStartup();
    const started = startDesktop({ paths, settings: embedded, onServer: () => undefined });
    const child = await until(() => fake.children[0]);
    child.emit('exit', 1);
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain('exited with code 1');
    expect((error as Error).message).toContain(path.join(paths.logDir, 'server.log'));
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('fails with a StartupError and kills the child when the handshake times out', async () => {
    const { startDesktop, StartupError } = await loadStartup();
    const started = startDesktop({ paths, settings: embedded, onServer: () => undefined, readyTimeoutMs: 50 });
    const child = await until(() => fake.children[0]);
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain('did not start within');
    expect(child.kill).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('offers to restart when the server dies later', async () => {
    const { startDesktop } = await loadStartup();
    const started = startDesktop({ paths, settings: embedded, onServer: () => undefined });
    const child = await until(() => fake.children[0]);
    child.ready(5000);
    await started;
    fake.electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    child.emit('exit', 139);
    await until(() => fake.electron.app.quit.mock.calls.length > 0);
    expect(fake.electron.app.relaunch).toHaveBeenCalled();
  });
});

describe('startDesktop in remote mode', () => {
  it('does not fork a server and uses the configured URL as baseUrl', async () => {
    const { startDesktop } = await loadStartup();
    const app = await startDesktop({
      paths,
      settings: { version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' },
      onServer: () => undefined,
    });
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled();
    expect(app.bootstrap).toEqual({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' });
    const prefs = FakeBrowserWindow.instances[0]!.options.webPreferences as Record<string, unknown>;
    expect(decodeBootstrapArg(prefs.additionalArguments as string[])).toEqual({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' });
  });

  it('asks to restart after the settings page switches servers', async () => {
    const { startDesktop } = await loadStartup();
    await startDesktop({ paths, settings: { version: 1, mode: 'remote', remoteUrl: 'https://a.example' }, onServer: () => undefined });
    fake.electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    const save = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.saveSettings)!;
    const reply = await save({ senderFrame: { url: 'app://shiliu/settings' }, sender: {} }, { mode: 'embedded' });
    expect(reply).toMatchObject({ ok: true, restartRequired: true });
    await until(() => fake.electron.app.quit.mock.calls.length > 0);
    expect(fake.electron.dialog.showMessageBox).toHaveBeenCalled();
    expect(fake.electron.app.relaunch).toHaveBeenCalled();
  });
});

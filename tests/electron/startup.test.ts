// @vitest-environment node
/**
 * startup.ts and connection.ts with the `electron` module replaced at the boundary: the real settings,
 * protocol, IPC, window, connection and embedded-server code runs against fakes; the campus server of the
 * switching tests is a real Shiliu server over HTTP.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { IPC_CHANNELS } from '../../electron/shared/constants';
import { resolveAppPaths, type AppPaths } from '../../electron/main/paths';
import type { LoadedSettings } from '../../electron/main/settings';
import { startTestServer, type TestServer } from '../support/server';
import { FakeBrowserWindow, FakeNotification, createFakeElectron, until } from './support/fake-electron';

let dir: string;
let paths: AppPaths;
let fake: ReturnType<typeof createFakeElectron>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-startup-'));
  paths = resolveAppPaths(path.join(dir, 'app'), path.join(dir, 'userData'));
  await mkdir(paths.rendererDir, { recursive: true });
  for (const page of ['member', 'admin', 'desktop']) await writeFile(path.join(paths.rendererDir, `${page}.html`), `<title>${page}</title>`);
  fake = createFakeElectron({ appPath: path.join(dir, 'app'), userData: path.join(dir, 'userData') });
  vi.resetModules();
  vi.doMock('electron', () => fake.electron);
});

afterEach(async () => {
  vi.doUnmock('electron');
  await rm(dir, { recursive: true, force: true });
});

const embedded: LoadedSettings = { settings: { version: 1, mode: 'embedded', remoteUrl: null } };
const ours = { senderFrame: { url: 'app://shiliu/desktop/settings' }, sender: {} };

async function start(loaded: LoadedSettings = embedded, readyTimeoutMs?: number) {
  const { startDesktop } = await import('../../electron/main/startup');
  return startDesktop({ paths, loaded, insecureOriginAtLaunch: null, ...(readyTimeoutMs ? { readyTimeoutMs } : {}) });
}

function windowAt(url: string) {
  return FakeBrowserWindow.instances.find((w) => w.loadURL.mock.calls.some((call) => call[0] === url));
}

function protocolHandler(): (request: Request) => Promise<Response> {
  return fake.electron.protocol.handle.mock.calls[0]?.[1] as unknown as (r: Request) => Promise<Response>;
}

describe('offline demo start', () => {
  it('shows the start-up window with the server\'s progress, then the member window', async () => {
    const started = start();
    const child = await until(() => fake.children[0], 'fork');
    const [modulePath, , options] = fake.electron.utilityProcess.fork.mock.calls[0] as unknown as [string, string[], { env: Record<string, string> }];
    expect(modulePath).toBe(path.join(dir, 'app', 'dist', 'server', 'main.js'));
    // Locked to the app, with this installation's own administrator password.
    expect(options.env).toMatchObject({ HOST: '127.0.0.1', PORT: '0', SHILIU_DEMO: '1', CORS_ORIGINS: 'app://shiliu', ALLOWED_HOSTS: '127.0.0.1,localhost' });
    expect(options.env.SHILIU_DEMO_ADMIN_PASSWORD).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(options.env.SHILIU_DEMO_ADMIN_PASSWORD).toBe((await readFile(paths.demoAdminPasswordFile, 'utf8')).trim());

    const startup = windowAt('app://shiliu/desktop/startup')!;
    expect(startup).toBeDefined();
    child.emit('message', { type: 'progress', step: 'database', done: 3, total: 8, message: '演示数据 users: 49' });
    expect(startup.webContents.send).toHaveBeenLastCalledWith('shiliu:startup:state', { phase: 'starting', step: 'database', done: 3, total: 8, message: '演示数据 users: 49' });

    child.stdout.write('listening\n');
    child.ready(49321);
    await started;
    expect(startup.close).toHaveBeenCalled();
    const member = windowAt('app://shiliu/explore')!;
    expect(member).toBeDefined();
    // The page reads the connection synchronously from the main process.
    const bootstrap: { senderFrame: { url: string }; returnValue?: unknown } = { senderFrame: { url: 'app://shiliu/explore' } };
    fake.electron.ipcMain.emit(IPC_CHANNELS.bootstrap, bootstrap);
    expect(bootstrap.returnValue).toEqual({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });
    // app:// serves the pages, with a CSP that follows the server in use.
    const page = await protocolHandler()(new Request('app://shiliu/explore'));
    expect(await page.text()).toBe('<title>member</title>');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:49321 ws://127.0.0.1:49321");
    expect(await (await protocolHandler()(new Request('app://shiliu/desktop/settings'))).text()).toBe('<title>desktop</title>');
    // The server's output goes to the rotated <userData>/logs/server.log.
    await until(async () => (await readFile(path.join(paths.logDir, 'server.log'), 'utf8').catch(() => '')).includes('listening'));
  });

  it('keeps the start-up window with the reason and retries on request, without restarting the app', async () => {
    const started = start();
    (await until(() => fake.children[0])).emit('exit', 1);
    await started;
    const getState = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.getStartupState)!;
    expect(await getState(ours)).toMatchObject({ phase: 'failed', message: expect.stringContaining('exited with code 1'), logFile: path.join(paths.logDir, 'server.log') });
    expect(windowAt('app://shiliu/explore')).toBeUndefined();

    fake.electron.ipcMain.emit(IPC_CHANNELS.retryStartup, ours);
    const second = await until(() => fake.children[1], 'second fork');
    second.ready(5001);
    await until(() => windowAt('app://shiliu/explore'), 'member window');
    expect(fake.electron.app.relaunch).not.toHaveBeenCalled();
  });

  it('brings the start-up window back when the server stops unexpectedly', async () => {
    const started = start();
    const child = await until(() => fake.children[0]);
    child.ready(5000);
    await started;
    const before = FakeBrowserWindow.instances.length;
    child.emit('exit', 139);
    await until(() => FakeBrowserWindow.instances.length > before, 'start-up window');
    expect(FakeBrowserWindow.instances.at(-1)!.loadURL).toHaveBeenCalledWith('app://shiliu/desktop/startup');
    expect(await fake.electron.ipcMain.handlers.get(IPC_CHANNELS.getStartupState)!(ours)).toMatchObject({ phase: 'failed', message: expect.stringContaining('139') });
  });

  it('has menu items for the admin window and the settings window; Help → About shows the demo logins', async () => {
    const started = start();
    (await until(() => fake.children[0])).ready(5000);
    await started;
    const template = fake.electron.Menu.buildFromTemplate.mock.calls[0]?.[0] as unknown as MenuItemConstructorOptions[];
    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    (items.find((item) => item.id === 'open-admin')?.click as () => void)();
    (items.find((item) => item.id === 'open-settings')?.click as () => void)();
    expect(windowAt('app://shiliu/admin')).toBeDefined();
    expect(windowAt('app://shiliu/desktop/settings')).toBeDefined();
    (items.find((item) => item.id === 'about')?.click as () => void)();
    const [options] = fake.electron.dialog.showMessageBox.mock.calls.at(-1) as unknown as [{ detail: string }];
    const password = (await readFile(paths.demoAdminPasswordFile, 'utf8')).trim();
    expect(options.detail).toContain(`admin / ${password}`);
    expect(options.detail).toContain(paths.serverDataDir);
    expect(options.detail).toContain('http://127.0.0.1:5000');
  });

  it('shows the member route an admin window asks for in the member window', async () => {
    const started = start();
    (await until(() => fake.children[0])).ready(5000);
    await started;
    const member = windowAt('app://shiliu/explore')!;
    fake.electron.ipcMain.emit(IPC_CHANNELS.openInWindow, { senderFrame: { url: 'app://shiliu/admin/users' } }, 'member', '/user/abc');
    expect(member.webContents.send).toHaveBeenCalledWith('shiliu:navigate', '/user/abc');
    expect(member.focus).toHaveBeenCalled();
  });

  it('sets the badge and notifies when unread notifications grow; a click opens the notification centre', async () => {
    const started = start();
    (await until(() => fake.children[0])).ready(5000);
    await started;
    const member = windowAt('app://shiliu/explore')!;
    const report = (total: number) => fake.electron.ipcMain.emit(IPC_CHANNELS.setUnreadCount, { senderFrame: { url: 'app://shiliu/explore' } }, { total, comments: total, likes: 0, collections: 0, follows: 0 });
    report(1);
    report(4);
    expect(fake.electron.app.setBadgeCount).toHaveBeenLastCalledWith(4);
    expect(FakeNotification.instances).toHaveLength(1);
    const notification = FakeNotification.instances[0]!;
    expect(notification.options).toMatchObject({ body: '你有3 条新评论和@' });
    expect(notification.show).toHaveBeenCalled();
    notification.emit('click');
    expect(member.webContents.send).toHaveBeenCalledWith('shiliu:navigate', '/notification');
  });
});

describe('settings', () => {
  let campus: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    campus = await startTestServer({ CORS_ORIGINS: 'app://shiliu' });
    closed = await startTestServer(); // a Shiliu server that does not let the desktop app in
  });
  afterAll(async () => {
    await campus.close();
    await closed.close();
  });

  it('switches from the offline demo to a checked campus server without restarting the app, and back', async () => {
    const started = start();
    const child = await until(() => fake.children[0]);
    child.ready(5000);
    await started;
    const member = windowAt('app://shiliu/explore')!;
    const save = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.saveSettings)!;

    const reply = await save(ours, { mode: 'remote', remoteUrl: `${campus.url}/` });
    expect(reply).toEqual({ ok: true, settings: { version: 1, mode: 'remote', remoteUrl: campus.url }, applied: 'switched' });
    expect(child.kill).toHaveBeenCalled(); // the demo server is stopped
    expect(fake.electron.session.defaultSession.clearStorageData).toHaveBeenCalledWith(expect.objectContaining({ origin: 'app://shiliu' }));
    expect(member.loadURL).toHaveBeenLastCalledWith('app://shiliu/explore'); // reloaded with the new connection
    const bootstrap: { senderFrame: { url: string }; returnValue?: unknown } = { senderFrame: { url: 'app://shiliu/explore' } };
    fake.electron.ipcMain.emit(IPC_CHANNELS.bootstrap, bootstrap);
    expect(bootstrap.returnValue).toEqual({ baseUrl: campus.url, mode: 'remote' });
    expect((await protocolHandler()(new Request('app://shiliu/explore'))).headers.get('content-security-policy')).toContain(`connect-src 'self' ${campus.url}`);
    expect(JSON.parse(await readFile(paths.settingsFile, 'utf8'))).toEqual({ version: 1, mode: 'remote', remoteUrl: campus.url });

    const back = save(ours, { mode: 'embedded', remoteUrl: campus.url });
    (await until(() => fake.children[1], 'new demo server')).ready(5002);
    expect(await back).toMatchObject({ ok: true, applied: 'switched' });
    expect(fake.electron.app.relaunch).not.toHaveBeenCalled();
  });

  it('refuses to save a URL that is not a reachable Shiliu server open to the app, and writes nothing', async () => {
    const started = start({ settings: { version: 1, mode: 'remote', remoteUrl: campus.url } });
    await started;
    const save = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.saveSettings)!;
    const check = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.checkServer)!;
    expect(await check(ours, campus.url)).toMatchObject({ ok: true, url: campus.url, insecure: false, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(await check(ours, closed.url)).toMatchObject({ ok: false, error: expect.stringContaining('CORS_ORIGINS') });
    const unused = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    expect(await check(ours, `http://127.0.0.1:${unused}`)).toMatchObject({ ok: false, error: expect.stringContaining('拒绝连接') });
    expect(await check(ours, 'ftp://campus.example.edu')).toMatchObject({ ok: false, error: expect.stringContaining('地址无效') });
    // A web server that is not Shiliu: the test server's own renderer fallback answers HTML.
    expect(await check(ours, `${campus.url}/uploads`)).toMatchObject({ ok: false, error: expect.stringContaining('不是石榴服务器') });
    const reply = await save(ours, { mode: 'remote', remoteUrl: closed.url });
    expect(reply).toMatchObject({ ok: false, errors: [{ path: 'remoteUrl', message: expect.stringContaining('CORS_ORIGINS') }] });
    await expect(readFile(paths.settingsFile, 'utf8')).rejects.toThrow(); // nothing written
  });

  it('asks for a restart for a plain-http campus server on another computer, after a confirmed warning', async () => {
    const { checkServer } = await import('../../electron/main/server-check');
    // A campus server over plain http on the LAN (a stub: this machine has no second host).
    const lanFetch = (async () => new Response(JSON.stringify({ code: 200, success: true, message: 'success', data: { status: 'ok', service: 'shiliu', version: '1.0.0' } }), { headers: { 'access-control-allow-origin': 'app://shiliu' } })) as typeof fetch;
    expect(await checkServer('http://10.0.0.5:3000', { fetch: lanFetch, appVersion: '1.2.0' })).toEqual({ ok: true, url: 'http://10.0.0.5:3000', version: '1.0.0', insecure: true });
    expect(await checkServer('http://10.0.0.5:3000', { fetch: lanFetch, appVersion: '2.0.0' })).toMatchObject({ ok: false, error: expect.stringContaining('不兼容') });
  });

  it('reports a broken settings file, backs it up before replacing it, then connects', async () => {
    await mkdir(path.dirname(paths.settingsFile), { recursive: true });
    await writeFile(paths.settingsFile, '{"mode": "cloud"}');
    const { loadSettings } = await import('../../electron/main/settings');
    const loaded = await loadSettings(paths.settingsFile);
    await start(loaded);
    expect(fake.electron.utilityProcess.fork).not.toHaveBeenCalled();
    const info = await fake.electron.ipcMain.handlers.get(IPC_CHANNELS.getInfo)!(ours);
    expect(info).toMatchObject({ settingsProblem: expect.stringContaining('mode') });
    const save = fake.electron.ipcMain.handlers.get(IPC_CHANNELS.saveSettings)!;
    const saving = save(ours, { mode: 'remote', remoteUrl: campus.url });
    expect(await saving).toMatchObject({ ok: true, applied: 'switched' });
    const files = await import('node:fs/promises').then((fs) => fs.readdir(path.dirname(paths.settingsFile)));
    const backup = files.find((f) => f.startsWith('settings.json.invalid-'));
    expect(backup).toBeDefined();
    expect(await readFile(path.join(path.dirname(paths.settingsFile), backup!), 'utf8')).toBe('{"mode": "cloud"}');
    expect(windowAt('app://shiliu/explore')).toBeDefined();
  });
});

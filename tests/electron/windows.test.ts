// @vitest-environment node
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import { decodeBootstrapArg } from '../../electron/shared/bootstrap';
import { installGracefulShutdown, type QuittableApp } from '../../electron/main/lifecycle';
import { ABOUT_MENU_ID, ADMIN_MENU_ID, SETTINGS_MENU_ID, buildMenuTemplate } from '../../electron/main/menu';
import { resolveAppPaths } from '../../electron/main/paths';
import { ADMIN_START_URL, MEMBER_START_URL, WindowManager, appUrl, windowOptions, type WindowContext } from '../../electron/main/windows';
import { WindowStateStore } from '../../electron/main/window-state';
import { FakeBrowserWindow } from './support/fake-electron';

const bootstrap = { baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' as const };

function manager() {
  FakeBrowserWindow.instances = [];
  return new WindowManager({
    BrowserWindow: FakeBrowserWindow as unknown as WindowContext['BrowserWindow'],
    preload: '/app/dist/electron/preload/index.cjs',
    bootstrap: () => bootstrap,
    devTools: false,
  });
}

describe('windowOptions', () => {
  it('gives every window the locked-down preferences and the bootstrap argument', () => {
    for (const kind of ['member', 'admin'] as const) {
      const options: BrowserWindowConstructorOptions = windowOptions(kind, { preload: '/p.cjs', bootstrap: () => bootstrap, devTools: false });
      expect(options.show).toBe(false);
      expect(options.webPreferences).toMatchObject({ preload: '/p.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, devTools: false });
      expect(decodeBootstrapArg(options.webPreferences?.additionalArguments ?? [])).toEqual(bootstrap);
    }
  });
});

describe('WindowManager', () => {
  it('opens the member window at app://shiliu/explore and the admin window at app://shiliu/admin', () => {
    const windows = manager();
    windows.openMember();
    windows.openAdmin();
    expect(MEMBER_START_URL).toBe('app://shiliu/explore');
    expect(ADMIN_START_URL).toBe('app://shiliu/admin');
    expect(FakeBrowserWindow.instances.map((w) => w.loadURL.mock.calls[0]?.[0])).toEqual([MEMBER_START_URL, ADMIN_START_URL]);
  });

  it('keeps one window per kind: opening again focuses it; closing allows a new one', () => {
    const windows = manager();
    const first = windows.openAdmin();
    expect(windows.openAdmin()).toBe(first);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect((first as unknown as FakeBrowserWindow).focus).toHaveBeenCalled();
    (first as unknown as FakeBrowserWindow).emit('closed');
    windows.openAdmin();
    expect(FakeBrowserWindow.instances).toHaveLength(2);
  });

  it('shows a window once it is ready to show', () => {
    const win = manager().openMember() as unknown as FakeBrowserWindow;
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('focusOrOpen reuses an open window or opens the member window', () => {
    const windows = manager();
    const admin = windows.openAdmin();
    expect(windows.focusOrOpen()).toBe(admin);
    (admin as unknown as FakeBrowserWindow).emit('closed');
    windows.focusOrOpen();
    expect(FakeBrowserWindow.instances.at(-1)?.loadURL).toHaveBeenCalledWith(MEMBER_START_URL);
  });

  it('shows a route in an open window by asking its page to navigate; in a new one by loading it', () => {
    const windows = manager();
    const member = windows.open('member', '/user/abc') as unknown as FakeBrowserWindow;
    expect(member.loadURL).toHaveBeenCalledWith('app://shiliu/user/abc');
    windows.open('member', '/post?id=5');
    expect(member.webContents.send).toHaveBeenCalledWith('shiliu:navigate', '/post?id=5');
    expect(member.focus).toHaveBeenCalled();
    // A page still loading cannot listen yet: it gets the URL.
    member.webContents.loading = true;
    windows.open('member', '/notification');
    expect(member.loadURL).toHaveBeenLastCalledWith('app://shiliu/notification');
    // Anything but a plain absolute path opens the start page.
    expect(appUrl('member', '//evil.example/x')).toBe(MEMBER_START_URL);
    expect(appUrl('admin', 'https://evil.example')).toBe(ADMIN_START_URL);
  });

  it('opens the settings and start-up pages of the desktop app', () => {
    const windows = manager();
    windows.open('settings');
    windows.open('startup');
    expect(FakeBrowserWindow.instances.map((w) => w.loadURL.mock.calls[0]?.[0])).toEqual(['app://shiliu/desktop/settings', 'app://shiliu/desktop/startup']);
    expect(FakeBrowserWindow.instances[1]!.options.resizable).toBe(false);
  });

  it('remembers size and position per window kind and brings them back onto the screen', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'shiliu-winstate-'));
    const file = path.join(dir, 'window-state.json');
    const make = () =>
      new WindowManager({
        BrowserWindow: FakeBrowserWindow as unknown as WindowContext['BrowserWindow'],
        preload: '/p',
        bootstrap: () => bootstrap,
        devTools: false,
        stateStore: new WindowStateStore(file),
        workAreas: () => [{ x: 0, y: 0, width: 1366, height: 728 }],
      });
    FakeBrowserWindow.instances = [];
    // First start on a 1366×768 laptop: the default 1280×860 is shrunk to fit and centred.
    const first = make().openMember() as unknown as FakeBrowserWindow;
    expect(first.options).toMatchObject({ width: 1229, height: 655, x: 69, y: 37 });
    first.getNormalBounds.mockReturnValue({ x: 100, y: 50, width: 1000, height: 600 });
    first.emit('close');
    const admin = make().openAdmin() as unknown as FakeBrowserWindow;
    admin.getNormalBounds.mockReturnValue({ x: 3000, y: 2000, width: 1300, height: 700 }); // on a monitor since unplugged
    admin.maximized = true;
    admin.emit('close');
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(saved.member).toEqual({ x: 100, y: 50, width: 1000, height: 600, maximized: false });

    const again = make();
    expect((again.openMember() as unknown as FakeBrowserWindow).options).toMatchObject({ x: 100, y: 50, width: 1000, height: 600 });
    const back = again.openAdmin() as unknown as FakeBrowserWindow;
    expect(back.options).toMatchObject({ width: 1229, height: 655, x: 69, y: 37 }); // back on the visible screen
    expect(back.maximize).toHaveBeenCalled();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs a failed page load instead of throwing', async () => {
    class FailingWindow extends FakeBrowserWindow {
      override loadURL = vi.fn(async () => {
        throw new Error('ERR_FILE_NOT_FOUND');
      });
    }
    const error = vi.fn();
    const windows = new WindowManager({ BrowserWindow: FailingWindow as unknown as WindowContext['BrowserWindow'], preload: '/p', bootstrap: () => bootstrap, devTools: false, log: { error, warn: vi.fn() } });
    expect(() => windows.openMember()).not.toThrow();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('ERR_FILE_NOT_FOUND')));
  });
});

const menuActions = () => ({ openMember: vi.fn(), openAdmin: vi.fn(), openSettings: vi.fn(), openLogFolder: vi.fn(), showAbout: vi.fn() });

describe('buildMenuTemplate', () => {
  const items = (template: MenuItemConstructorOptions[]) => template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));

  it('has an admin console item wired to openAdmin', () => {
    const openAdmin = vi.fn();
    const template = buildMenuTemplate({ ...menuActions(), openAdmin }, { isMac: false, isDev: false });
    const admin = items(template).find((item) => item.id === ADMIN_MENU_ID);
    (admin?.click as () => void)();
    expect(openAdmin).toHaveBeenCalled();
  });

  it('offers developer tools only in development', () => {
    const roles = (isDev: boolean) => items(buildMenuTemplate(menuActions(), { isMac: false, isDev })).map((i) => i.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).toContain('quit');
  });

  it('has Settings (Ctrl/Cmd+,), Help → About and the log folder, and Reload in every build', () => {
    const actions = menuActions();
    const all = items(buildMenuTemplate(actions, { isMac: false, isDev: false }));
    const settings = all.find((i) => i.id === SETTINGS_MENU_ID);
    expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    (settings?.click as () => void)();
    (all.find((i) => i.id === ABOUT_MENU_ID)?.click as () => void)();
    (all.find((i) => String(i.label).includes('Open Log Folder'))?.click as () => void)();
    expect(actions.openSettings).toHaveBeenCalledOnce();
    expect(actions.showAbout).toHaveBeenCalledOnce();
    expect(actions.openLogFolder).toHaveBeenCalledOnce();
    expect(all.map((i) => i.role)).toContain('reload');
  });

  it('uses the macOS app menu on macOS', () => {
    const template = buildMenuTemplate(menuActions(), { isMac: true, isDev: false });
    expect(template[0]?.role).toBe('appMenu');
    expect(items(template).map((i) => i.role)).not.toContain('quit');
  });
});

describe('installGracefulShutdown', () => {
  function fakeApp() {
    const app = Object.assign(new EventEmitter(), { quit: vi.fn() });
    return app as typeof app & QuittableApp;
  }
  const quitEvent = () => ({ preventDefault: vi.fn() });

  it('still quits when stopping fails', async () => {
    const app = fakeApp();
    const error = vi.fn();
    installGracefulShutdown(app, () => Promise.reject(new Error('boom')), { error });
    const event = quitEvent();
    app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(error).toHaveBeenCalledWith(expect.stringContaining('boom'));
  });

  it('calls stop once, however many times quit is requested', async () => {
    const app = fakeApp();
    let release!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    installGracefulShutdown(app, stop);
    app.emit('before-quit', quitEvent());
    app.emit('before-quit', quitEvent());
    expect(stop).toHaveBeenCalledOnce();
    expect(app.quit).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    const last = quitEvent();
    app.emit('before-quit', last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });
});

describe('resolveAppPaths', () => {
  it('puts build outputs under the app folder and state under userData', () => {
    const paths = resolveAppPaths('/opt/Shiliu/resources/app.asar', '/home/u/.config/Shiliu');
    expect(paths).toEqual({
      rendererDir: path.join('/opt/Shiliu/resources/app.asar', 'dist', 'renderer'),
      serverEntry: path.join('/opt/Shiliu/resources/app.asar', 'dist', 'server', 'main.js'),
      preload: path.join('/opt/Shiliu/resources/app.asar', 'dist', 'electron', 'preload', 'index.cjs'),
      settingsFile: path.join('/home/u/.config/Shiliu', 'settings.json'),
      serverDataDir: path.join('/home/u/.config/Shiliu', 'server-data'),
      serverSecretFile: path.join('/home/u/.config/Shiliu', 'server-secret'),
      demoAdminPasswordFile: path.join('/home/u/.config/Shiliu', 'demo-admin-password'),
      windowStateFile: path.join('/home/u/.config/Shiliu', 'window-state.json'),
      logDir: path.join('/home/u/.config/Shiliu', 'logs'),
      userDataDir: '/home/u/.config/Shiliu',
      iconFile: path.join('/opt/Shiliu/resources/app.asar', 'resources', 'icon.png'),
    });
  });
});

// @vitest-environment node
/**
 * The desktop basics behind Electron's objects: log rotation, window placement, the unread badge and OS
 * notification, recovery of a crashed or unloadable page, Help → About.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiliuAppInfo } from '../../electron/shared/bridge';
import { aboutDialog } from '../../electron/main/about';
import { RotatingLog, mirrorConsole } from '../../electron/main/log-file';
import { installRecovery, type RecoverableWindow } from '../../electron/main/recovery';
import { UnreadIndicator, describeNewUnread, unreadCountsSchema } from '../../electron/main/unread';
import { placeWindow } from '../../electron/main/window-state';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-basics-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('RotatingLog', () => {
  it('rotates at the size limit and keeps a fixed number of old files', async () => {
    const file = path.join(dir, 'logs', 'server.log');
    const log = new RotatingLog(file, { maxBytes: 100, keep: 2 });
    for (let i = 0; i < 12; i++) log.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(30)}\n`);
    expect((await readdir(path.dirname(file))).sort()).toEqual(['server.log', 'server.log.1', 'server.log.2']);
    for (const name of ['server.log', 'server.log.1', 'server.log.2']) expect((await readFile(path.join(dir, 'logs', name))).byteLength).toBeLessThanOrEqual(100);
    expect(await readFile(file, 'utf8')).toContain('line 11');
    expect(await readFile(`${file}.2`, 'utf8')).not.toContain('line 00'); // the oldest were dropped
  });

  it('continues an existing file across restarts and counts its size', async () => {
    const file = path.join(dir, 'main.log');
    new RotatingLog(file, { maxBytes: 50 }).write('a'.repeat(40));
    new RotatingLog(file, { maxBytes: 50 }).write('b'.repeat(20));
    expect(await readFile(file, 'utf8')).toBe('b'.repeat(20));
    expect(await readFile(`${file}.1`, 'utf8')).toBe('a'.repeat(40));
  });

  it('mirrors the console with a time stamp', async () => {
    const target = { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = new RotatingLog(path.join(dir, 'main.log'));
    mirrorConsole(log, target);
    target.warn('disk %s', 'full');
    expect(await readFile(path.join(dir, 'main.log'), 'utf8')).toMatch(/^\d{4}-\d\d-\d\dT.* WARN disk full\n$/);
  });
});

describe('placeWindow', () => {
  const laptop = [{ x: 0, y: 0, width: 1366, height: 728 }];
  const twoScreens = [
    { x: 0, y: 0, width: 1920, height: 1040 },
    { x: 1920, y: 0, width: 1280, height: 984 },
  ];
  it('fits the default size on a small screen, centred', () => {
    expect(placeWindow(undefined, { width: 1280, height: 860 }, laptop)).toEqual({ x: 69, y: 37, width: 1229, height: 655 });
  });
  it('keeps a saved place on the second screen, shrunk into its work area', () => {
    expect(placeWindow({ x: 2000, y: 100, width: 1400, height: 1100 }, { width: 1280, height: 860 }, twoScreens)).toEqual({ x: 1920, y: 0, width: 1280, height: 984 });
  });
  it('brings back a window saved on a screen that is gone', () => {
    expect(placeWindow({ x: 2000, y: 100, width: 800, height: 600 }, { width: 1280, height: 860 }, laptop)).toEqual({ x: 69, y: 37, width: 1229, height: 655 });
  });
  it('pulls a window hanging off the edge back in', () => {
    expect(placeWindow({ x: 1200, y: -50, width: 800, height: 600 }, { width: 1280, height: 860 }, laptop)).toEqual({ x: 566, y: 0, width: 800, height: 600 });
  });
});

describe('UnreadIndicator', () => {
  const counts = (total: number, comments = 0, likes = 0, follows = 0) => ({ total, comments, likes, collections: 0, follows });
  it('always shows the badge, and notifies only when the count grows', () => {
    const deps = { setBadge: vi.fn(), notify: vi.fn(), openNotificationCentre: vi.fn() };
    const unread = new UnreadIndicator(deps);
    unread.update(counts(3, 3));
    expect(deps.setBadge).toHaveBeenLastCalledWith(3);
    expect(deps.notify).not.toHaveBeenCalled(); // what was there at start is not news
    unread.update(counts(5, 4, 1));
    expect(deps.notify).toHaveBeenCalledWith('石榴 Shiliu', '你有1 条新评论和@、1 个新赞和收藏', expect.any(Function));
    unread.update(counts(2, 1, 1));
    expect(deps.notify).toHaveBeenCalledOnce();
    expect(deps.setBadge).toHaveBeenLastCalledWith(2);
    // Clicking the notification opens the notification centre.
    (deps.notify.mock.calls[0]![2] as () => void)();
    expect(deps.openNotificationCentre).toHaveBeenCalled();
    unread.reset();
    expect(deps.setBadge).toHaveBeenLastCalledWith(0);
  });
  it('describes what is new and validates what a page sends', () => {
    expect(describeNewUnread(null, counts(1, 0, 0, 1))).toBe('1 位新关注');
    expect(unreadCountsSchema.safeParse({ total: -1, comments: 0, likes: 0, collections: 0, follows: 0 }).success).toBe(false);
    expect(unreadCountsSchema.safeParse({ total: 'x' }).success).toBe(false);
  });
});

describe('installRecovery', () => {
  function fakeWindow() {
    const webContents = Object.assign(new EventEmitter(), { reload: vi.fn() });
    const win = Object.assign(new EventEmitter(), {
      webContents,
      loadURL: vi.fn(async () => undefined),
      isDestroyed: vi.fn(() => false),
      close: vi.fn(),
    });
    return win;
  }
  const log = { error: vi.fn(), warn: vi.fn() };

  it('offers to reload a window whose renderer crashed', async () => {
    const win = fakeWindow();
    const ask = vi.fn(async (..._args: unknown[]) => 0);
    installRecovery(win as unknown as RecoverableWindow, 'app://shiliu/explore', { ask, log });
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await vi.waitFor(() => expect(win.loadURL).toHaveBeenCalledWith('app://shiliu/explore'));
    expect(ask.mock.calls[0]![1]).toContain('crashed');
    // A clean exit (window closing) is not a crash.
    win.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(ask).toHaveBeenCalledOnce();
  });

  it('offers to retry a page that failed to load, or to close the window', async () => {
    const win = fakeWindow();
    const ask = vi.fn(async (..._args: unknown[]) => 1);
    installRecovery(win as unknown as RecoverableWindow, 'app://shiliu/admin', { ask, log });
    win.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', 'app://shiliu/admin', true); // replaced navigation: ignored
    win.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'app://shiliu/img.png', false); // a subresource: ignored
    expect(ask).not.toHaveBeenCalled();
    win.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'app://shiliu/admin/users', true);
    await vi.waitFor(() => expect(win.close).toHaveBeenCalled());
    expect(win.loadURL).not.toHaveBeenCalled();
  });

  it('offers to reload or wait when the page stops responding', async () => {
    const win = fakeWindow();
    const ask = vi.fn(async (..._args: unknown[]) => 0);
    installRecovery(win as unknown as RecoverableWindow, 'app://shiliu/explore', { ask, log });
    win.emit('unresponsive');
    await vi.waitFor(() => expect(win.webContents.reload).toHaveBeenCalled());
    expect(ask.mock.calls[0]![3]).toContain('等待 Wait');
  });
});

describe('aboutDialog', () => {
  const info: ShiliuAppInfo = {
    version: '1.2.0',
    mode: 'embedded',
    baseUrl: 'http://127.0.0.1:49321',
    webUrl: null,
    dataDir: '/home/u/.config/Shiliu/server-data',
    logDir: '/home/u/.config/Shiliu/logs',
    settingsFile: '/home/u/.config/Shiliu/settings.json',
    settingsProblem: null,
    demoAccounts: { member: { user: 'demo', password: 'demo123456' }, admin: { user: 'admin', password: 'Xk7pQ2mN9rT4vW8z' } },
  };
  it('shows version, mode, server, data and log folders, the demo logins, and a log-folder button', () => {
    const about = aboutDialog(info, 'linux x64');
    for (const text of ['1.2.0', 'Offline demo', 'http://127.0.0.1:49321', info.dataDir, info.logDir, 'admin / Xk7pQ2mN9rT4vW8z', 'demo / demo123456']) expect(about.detail).toContain(text);
    expect(about.buttons[about.openLogsButton]).toContain('Open Log Folder');
    const remote = aboutDialog({ ...info, mode: 'remote', baseUrl: 'https://shiliu.example.edu', demoAccounts: null }, 'win32 x64');
    expect(remote.detail).toContain('Campus server');
    expect(remote.detail).not.toContain('admin /');
  });
});

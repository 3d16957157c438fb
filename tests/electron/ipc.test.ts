// @vitest-environment node
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../electron/shared/constants';
import { isAppPath, isTrustedSender, registerIpc, UntrustedSenderError, type DesktopApi } from '../../electron/main/ipc';

const ours = { senderFrame: { url: 'app://shiliu/explore' } };
const foreign = { senderFrame: { url: 'https://evil.example/' } };

function setup() {
  const ipcMain = Object.assign(new EventEmitter(), {
    handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    handle: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => void ipcMain.handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => void ipcMain.handlers.delete(channel)),
  });
  const api = {
    bootstrap: vi.fn(() => ({ baseUrl: 'http://127.0.0.1:5000', mode: 'embedded' as const })),
    getSettings: vi.fn(async () => ({ version: 1 as const, mode: 'embedded' as const, remoteUrl: null })),
    checkServer: vi.fn(async (url: string) => ({ ok: false as const, url, error: 'x' })),
    saveSettings: vi.fn(async () => ({ ok: false as const, errors: [] })),
    getInfo: vi.fn(() => ({}) as ReturnType<DesktopApi['getInfo']>),
    getStartupState: vi.fn(() => ({ phase: 'starting' as const, step: 'server', done: 0, total: 1, message: '' })),
    openSettings: vi.fn(),
    openInWindow: vi.fn(),
    openExternal: vi.fn(),
    openLogFolder: vi.fn(),
    setUnreadCount: vi.fn(),
    retryStartup: vi.fn(),
    quit: vi.fn(),
    resetDemoData: vi.fn(async () => true),
  } satisfies DesktopApi;
  const warn = vi.fn();
  const unregister = registerIpc({ ipcMain: ipcMain as unknown as Parameters<typeof registerIpc>[0]['ipcMain'], api, log: { warn } });
  const send = (channel: string, event: object, ...args: unknown[]) => ipcMain.emit(channel, event, ...args);
  const invoke = (channel: string, event: object, ...args: unknown[]) => ipcMain.handlers.get(channel)!(event, ...args);
  return { ipcMain, api, warn, unregister, send, invoke };
}

describe('isTrustedSender', () => {
  it('checks the sender frame URL', () => {
    expect(isTrustedSender(ours as never)).toBe(true);
    expect(isTrustedSender(foreign as never)).toBe(false);
    expect(isTrustedSender({ senderFrame: null } as never)).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: 'app://shiliu.evil/x' } } as never)).toBe(false);
  });
});

describe('registerIpc', () => {
  it('registers every channel and removes them again', () => {
    const { ipcMain, unregister } = setup();
    const invokeChannels = [IPC_CHANNELS.getSettings, IPC_CHANNELS.checkServer, IPC_CHANNELS.saveSettings, IPC_CHANNELS.getInfo, IPC_CHANNELS.getStartupState, IPC_CHANNELS.resetDemoData];
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
    for (const channel of [IPC_CHANNELS.bootstrap, IPC_CHANNELS.openInWindow, IPC_CHANNELS.openExternal, IPC_CHANNELS.setUnreadCount, IPC_CHANNELS.quit]) expect(ipcMain.listenerCount(channel)).toBe(1);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    expect(ipcMain.eventNames()).toEqual([]);
  });

  it('answers the synchronous bootstrap request of our pages only', () => {
    const { send } = setup();
    const event: { senderFrame: { url: string }; returnValue?: unknown } = { ...ours };
    send(IPC_CHANNELS.bootstrap, event);
    expect(event.returnValue).toEqual({ baseUrl: 'http://127.0.0.1:5000', mode: 'embedded' });
    const bad: { senderFrame: { url: string }; returnValue?: unknown } = { ...foreign };
    send(IPC_CHANNELS.bootstrap, bad);
    expect(bad.returnValue).toBeNull();
  });

  it('refuses every request of a foreign page', async () => {
    const { api, send, invoke, warn } = setup();
    await expect(invoke(IPC_CHANNELS.saveSettings, foreign, { mode: 'remote' })).rejects.toBeInstanceOf(UntrustedSenderError);
    await expect(invoke(IPC_CHANNELS.resetDemoData, foreign)).rejects.toBeInstanceOf(UntrustedSenderError);
    send(IPC_CHANNELS.openExternal, foreign, 'https://example.org/');
    send(IPC_CHANNELS.quit, foreign);
    expect(api.saveSettings).not.toHaveBeenCalled();
    expect(api.resetDemoData).not.toHaveBeenCalled();
    expect(api.openExternal).not.toHaveBeenCalled();
    expect(api.quit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('evil.example'));
  });

  it('checks what pages send: window kinds and in-app paths, vetted https links, unread counts', () => {
    const { api, send } = setup();
    send(IPC_CHANNELS.openInWindow, ours, 'member', '/user/abc');
    send(IPC_CHANNELS.openInWindow, ours, 'member', '//evil.example/');
    send(IPC_CHANNELS.openInWindow, ours, 'settings', '/x');
    expect(api.openInWindow.mock.calls).toEqual([['member', '/user/abc']]);
    send(IPC_CHANNELS.openExternal, ours, 'https://example.org/a');
    for (const bad of ['http://example.org/', 'file:///etc/passwd', 'https://user:pw@example.org/', 'smb://host/share', 42]) send(IPC_CHANNELS.openExternal, ours, bad);
    expect(api.openExternal.mock.calls).toEqual([['https://example.org/a']]);
    send(IPC_CHANNELS.setUnreadCount, ours, { total: 2, comments: 1, likes: 1, collections: 0, follows: 0 });
    send(IPC_CHANNELS.setUnreadCount, ours, { total: 'lots' });
    expect(api.setUnreadCount.mock.calls).toEqual([[{ total: 2, comments: 1, likes: 1, collections: 0, follows: 0 }]]);
  });

  it('forwards the settings requests', async () => {
    const { api, invoke } = setup();
    await invoke(IPC_CHANNELS.checkServer, ours, 'https://campus.example.edu');
    expect(api.checkServer).toHaveBeenCalledWith('https://campus.example.edu');
    expect(await invoke(IPC_CHANNELS.checkServer, ours, { not: 'a string' })).toMatchObject({ ok: false });
    await invoke(IPC_CHANNELS.saveSettings, ours, { mode: 'embedded' });
    expect(api.saveSettings).toHaveBeenCalledWith({ mode: 'embedded' });
  });
});

describe('isAppPath', () => {
  it('accepts absolute in-app paths only', () => {
    expect(isAppPath('/post?id=1&targetCommentId=2')).toBe(true);
    for (const bad of ['//evil.example', 'https://x', 'user/1', '/a\\b', 7, '/'.repeat(3000)]) expect(isAppPath(bad)).toBe(false);
  });
});

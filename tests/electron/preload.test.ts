// @vitest-environment node
/**
 * The preload with `electron` mocked: it must expose exactly one object,
 * `window.shiliu`, typed as declared in electron/shared/bridge.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiliuBridge } from '../../electron/shared/bridge';
import { encodeBootstrapArg } from '../../electron/shared/bootstrap';
import { IPC_CHANNELS } from '../../electron/shared/constants';

type Bridge = ShiliuBridge;

const originalArgv = process.argv;
let exposeInMainWorld: ReturnType<typeof vi.fn<(key: string, api: unknown) => void>>;
let invoke: ReturnType<typeof vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>>;
let sendSync: ReturnType<typeof vi.fn<(channel: string) => unknown>>;
let send: ReturnType<typeof vi.fn<(channel: string, ...args: unknown[]) => void>>;
let on: ReturnType<typeof vi.fn<(channel: string, listener: unknown) => void>>;
let removeListener: ReturnType<typeof vi.fn<(channel: string, listener: unknown) => void>>;

beforeEach(() => {
  exposeInMainWorld = vi.fn();
  invoke = vi.fn(async () => ({ ok: true }));
  sendSync = vi.fn(() => null);
  send = vi.fn();
  on = vi.fn();
  removeListener = vi.fn();
  vi.resetModules();
  vi.doMock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke, sendSync, send, on, removeListener } }));
});

afterEach(() => {
  process.argv = originalArgv;
  vi.doUnmock('electron');
});

async function loadPreload(argv: string[]): Promise<void> {
  process.argv = ['/opt/Shiliu/shiliu', '--type=renderer', ...argv];
  await import('../../electron/preload/index');
}

function exposed(): Bridge {
  expect(exposeInMainWorld).toHaveBeenCalledOnce();
  const [key, api] = exposeInMainWorld.mock.calls[0]!;
  expect(key).toBe('shiliu');
  return api as Bridge;
}

const BRIDGE_KEYS = [
  'baseUrl', 'checkServer', 'getInfo', 'getSettings', 'mode', 'onNavigate', 'onStartupState', 'openExternal', 'openInWindow', 'openLogFolder',
  'openSettings', 'quit', 'resetDemoData', 'retryStartup', 'saveSettings', 'setUnreadCount',
];

describe('preload bridge', () => {
  it('exposes only window.shiliu, with baseUrl and mode read from the main process on every load', async () => {
    sendSync.mockReturnValue({ baseUrl: 'http://127.0.0.1:5000', mode: 'embedded' });
    await loadPreload([encodeBootstrapArg({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' })]);
    const bridge = exposed();
    expect(Object.keys(bridge).sort()).toEqual(BRIDGE_KEYS);
    // The main process' answer wins over the launch argument: a page reloaded after a switch gets the new server.
    expect(sendSync).toHaveBeenCalledWith(IPC_CHANNELS.bootstrap);
    expect(bridge.baseUrl).toBe('http://127.0.0.1:5000');
    expect(bridge.mode).toBe('embedded');
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('falls back to the launch argument when the main process does not answer', async () => {
    sendSync.mockImplementation(() => {
      throw new Error('no handler');
    });
    await loadPreload([encodeBootstrapArg({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' })]);
    expect(exposed()).toMatchObject({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' });
  });

  it('forwards requests to their IPC channels, passing only the data', async () => {
    await loadPreload([encodeBootstrapArg({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' })]);
    const bridge = exposed();
    await bridge.getSettings();
    await bridge.saveSettings({ mode: 'remote', remoteUrl: 'https://other.example.edu' });
    await bridge.checkServer('https://other.example.edu');
    expect(invoke.mock.calls).toEqual([
      [IPC_CHANNELS.getSettings],
      [IPC_CHANNELS.saveSettings, { mode: 'remote', remoteUrl: 'https://other.example.edu' }],
      [IPC_CHANNELS.checkServer, 'https://other.example.edu'],
    ]);
    bridge.openInWindow('member', '/user/abc');
    bridge.openExternal('https://example.org/');
    expect(send.mock.calls).toEqual([
      [IPC_CHANNELS.openInWindow, 'member', '/user/abc'],
      [IPC_CHANNELS.openExternal, 'https://example.org/'],
    ]);
  });

  it('passes main-process events to the page without the IPC event object, and unsubscribes', async () => {
    await loadPreload([]);
    const listener = vi.fn();
    const unsubscribe = exposed().onNavigate(listener);
    const [channel, wrapped] = on.mock.calls[0]!;
    expect(channel).toBe('shiliu:navigate');
    (wrapped as (event: unknown, path: unknown) => void)({ sender: 'secret' }, '/notification');
    (wrapped as (event: unknown, path: unknown) => void)({}, { not: 'a path' });
    expect(listener.mock.calls).toEqual([['/notification']]);
    unsubscribe();
    expect(removeListener).toHaveBeenCalledWith('shiliu:navigate', wrapped);
  });

  it('still exposes the bridge (empty baseUrl) to the desktop pages opened before any server is known', async () => {
    sendSync.mockReturnValue(null);
    await loadPreload([]);
    expect(exposed()).toMatchObject({ baseUrl: '', mode: 'embedded' });
  });
});

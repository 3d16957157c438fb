// @vitest-environment node
/// <reference path="../../electron/preload/index.d.ts" />
/**
 * The preload with `electron` mocked: it must expose exactly one object,
 * `window.shiliu`, typed as declared in electron/preload/index.d.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBootstrapArg } from '../../electron/shared/bootstrap';
import { IPC_CHANNELS } from '../../electron/shared/constants';

type Bridge = NonNullable<Window['shiliu']>;

const originalArgv = process.argv;
let exposeInMainWorld: ReturnType<typeof vi.fn<(key: string, api: unknown) => void>>;
let invoke: ReturnType<typeof vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>>;
let sendSync: ReturnType<typeof vi.fn<(channel: string) => unknown>>;

beforeEach(() => {
  exposeInMainWorld = vi.fn();
  invoke = vi.fn(async () => ({ ok: true }));
  sendSync = vi.fn(() => null);
  vi.resetModules();
  vi.doMock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke, sendSync } }));
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

describe('preload bridge', () => {
  it('exposes only window.shiliu with baseUrl and mode from the bootstrap argument', async () => {
    await loadPreload([encodeBootstrapArg({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' })]);
    const bridge = exposed();
    expect(Object.keys(bridge).sort()).toEqual(['baseUrl', 'getSettings', 'mode', 'saveSettings']);
    expect(bridge.baseUrl).toBe('http://127.0.0.1:49321');
    expect(bridge.mode).toBe('embedded');
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(sendSync).not.toHaveBeenCalled();
  });

  it('forwards getSettings and saveSettings to their IPC channels, passing only the data', async () => {
    await loadPreload([encodeBootstrapArg({ baseUrl: 'https://shiliu.example.edu', mode: 'remote' })]);
    const bridge = exposed();
    await bridge.getSettings();
    await bridge.saveSettings({ mode: 'remote', remoteUrl: 'https://other.example.edu' });
    expect(invoke.mock.calls).toEqual([[IPC_CHANNELS.getSettings], [IPC_CHANNELS.saveSettings, { mode: 'remote', remoteUrl: 'https://other.example.edu' }]]);
  });

  it('falls back to a synchronous IPC request when the argument is missing', async () => {
    sendSync.mockReturnValue({ baseUrl: 'http://127.0.0.1:5000', mode: 'embedded' });
    await loadPreload([]);
    expect(sendSync).toHaveBeenCalledWith(IPC_CHANNELS.bootstrap);
    expect(exposed().baseUrl).toBe('http://127.0.0.1:5000');
  });

  it('exposes nothing when no valid bootstrap data is available', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sendSync.mockReturnValue({ baseUrl: 'javascript:alert(1)', mode: 'remote' });
    await loadPreload(['--shiliu-bootstrap=garbage']);
    expect(exposeInMainWorld).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

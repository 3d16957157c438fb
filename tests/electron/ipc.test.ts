// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UntrustedSenderError, isTrustedSender, registerIpc, type IpcDeps } from '../../electron/main/ipc';
import { saveSettings, type DesktopSettings } from '../../electron/main/settings';
import { IPC_CHANNELS } from '../../electron/shared/constants';

/** ipcMain stand-in that records handlers so the test can call them like Electron would. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  return {
    handlers,
    listeners,
    handle: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
    on: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => void) => void listeners.set(channel, fn)),
    removeListener: vi.fn((channel: string) => void listeners.delete(channel)),
  };
}

const fromApp = { senderFrame: { url: 'app://shiliu/settings' }, sender: {} };
const fromElsewhere = { senderFrame: { url: 'https://evil.example/' }, sender: {} };
const fromDetachedFrame = { senderFrame: null, sender: {} };

const embedded: DesktopSettings = { version: 1, mode: 'embedded', remoteUrl: null };

let dir: string;
let settingsFile: string;
let ipc: ReturnType<typeof fakeIpcMain>;
let onRestartRequired: ReturnType<typeof vi.fn<NonNullable<IpcDeps['onRestartRequired']>>>;
let unregister: () => void;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-ipc-'));
  settingsFile = path.join(dir, 'settings.json');
  ipc = fakeIpcMain();
  onRestartRequired = vi.fn<NonNullable<IpcDeps['onRestartRequired']>>();
  unregister = registerIpc({
    ipcMain: ipc as unknown as IpcDeps['ipcMain'],
    bootstrap: { baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' },
    settingsFile,
    activeSettings: embedded,
    onRestartRequired,
    log: { warn: vi.fn() },
  });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const invoke = (channel: string, event: unknown, ...args: unknown[]) => ipc.handlers.get(channel)!(event, ...args);

describe('isTrustedSender', () => {
  it('checks the sender frame URL', () => {
    expect(isTrustedSender(fromApp as never)).toBe(true);
    expect(isTrustedSender(fromElsewhere as never)).toBe(false);
    expect(isTrustedSender(fromDetachedFrame as never)).toBe(false);
    const throwing = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed');
      },
    };
    expect(isTrustedSender(throwing as never)).toBe(false);
  });
});

describe('registerIpc', () => {
  it('registers the three channels and removes them again', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual([IPC_CHANNELS.getSettings, IPC_CHANNELS.saveSettings].sort());
    expect([...ipc.listeners.keys()]).toEqual([IPC_CHANNELS.bootstrap]);
    unregister();
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.listeners.size).toBe(0);
  });

  it('answers the synchronous bootstrap request of our pages only', () => {
    const ok: { senderFrame: unknown; returnValue?: unknown } = { ...fromApp };
    ipc.listeners.get(IPC_CHANNELS.bootstrap)!(ok);
    expect(ok.returnValue).toEqual({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });
    const bad: { senderFrame: unknown; returnValue?: unknown } = { ...fromElsewhere };
    ipc.listeners.get(IPC_CHANNELS.bootstrap)!(bad);
    expect(bad.returnValue).toBeNull();
  });

  it('getSettings returns defaults, then what is stored', async () => {
    expect(await invoke(IPC_CHANNELS.getSettings, fromApp)).toEqual(embedded);
    await saveSettings(settingsFile, { mode: 'remote', remoteUrl: 'https://shiliu.example.edu' });
    expect(await invoke(IPC_CHANNELS.getSettings, fromApp)).toEqual({ version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' });
  });

  it('refuses foreign or detached senders', async () => {
    await expect(invoke(IPC_CHANNELS.getSettings, fromElsewhere)).rejects.toBeInstanceOf(UntrustedSenderError);
    await expect(invoke(IPC_CHANNELS.saveSettings, fromDetachedFrame, { mode: 'remote', remoteUrl: 'https://evil.example' })).rejects.toBeInstanceOf(UntrustedSenderError);
    await expect(readFile(settingsFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('saveSettings returns field errors for invalid input and writes nothing', async () => {
    const reply = await invoke(IPC_CHANNELS.saveSettings, fromApp, { mode: 'remote', remoteUrl: 'file:///etc/passwd' });
    expect(reply).toEqual({ ok: false, errors: [{ path: 'remoteUrl', message: 'Server URL must start with http:// or https://' }] });
    expect(await invoke(IPC_CHANNELS.saveSettings, fromApp, 'remote')).toMatchObject({ ok: false });
    await expect(readFile(settingsFile)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(onRestartRequired).not.toHaveBeenCalled();
  });

  it('saveSettings stores the normalised settings and asks for a restart when the server changes', async () => {
    const reply = await invoke(IPC_CHANNELS.saveSettings, fromApp, { mode: 'remote', remoteUrl: 'https://shiliu.example.edu/' });
    expect(reply).toEqual({ ok: true, settings: { version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' }, restartRequired: true });
    expect(JSON.parse(await readFile(settingsFile, 'utf8'))).toEqual({ version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' });
    expect(onRestartRequired).toHaveBeenCalledWith({ version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' }, fromApp);
  });

  it('saveSettings does not ask for a restart when the connection stays the same', async () => {
    const reply = await invoke(IPC_CHANNELS.saveSettings, fromApp, { mode: 'embedded', remoteUrl: 'http://10.0.0.5:3000' });
    expect(reply).toEqual({ ok: true, settings: { version: 1, mode: 'embedded', remoteUrl: 'http://10.0.0.5:3000' }, restartRequired: false });
    expect(onRestartRequired).not.toHaveBeenCalled();
  });
});

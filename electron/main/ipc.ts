/**
 * The IPC channels behind `window.shiliu`. Every handler first checks that the sender frame shows one of
 * our pages (`app://shiliu`); anything else (a foreign page that somehow got loaded, a subframe) is refused.
 * Arguments come from pages, so each one is checked before use.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { ShiliuAppInfo, ShiliuSaveSettingsResult, ShiliuServerCheck, ShiliuStartupState, ShiliuUnreadCounts, ShiliuWindowKind } from '../shared/bridge';
import type { Bootstrap } from '../shared/bootstrap';
import { IPC_CHANNELS } from '../shared/constants';
import { isSafeExternalUrl, isTrustedSenderUrl } from './security';
import type { DesktopSettings } from './settings';
import { unreadCountsSchema } from './unread';

type SenderEvent = Pick<IpcMainEvent | IpcMainInvokeEvent, 'senderFrame'>;

export function isTrustedSender(event: SenderEvent): boolean {
  let url: string | undefined;
  try {
    // senderFrame is null when the frame navigated away or was destroyed.
    url = event.senderFrame?.url;
  } catch {
    url = undefined;
  }
  return isTrustedSenderUrl(url);
}

export class UntrustedSenderError extends Error {
  constructor() {
    super('IPC refused: sender is not a Shiliu page');
    this.name = 'UntrustedSenderError';
  }
}

/** What the pages may ask of the main process (implemented in startup.ts with the connection and windows). */
export interface DesktopApi {
  bootstrap(): Bootstrap | null;
  getSettings(): Promise<DesktopSettings>;
  checkServer(url: string): Promise<ShiliuServerCheck>;
  saveSettings(input: unknown): Promise<ShiliuSaveSettingsResult>;
  getInfo(): ShiliuAppInfo;
  getStartupState(): ShiliuStartupState;
  openSettings(): void;
  openInWindow(kind: ShiliuWindowKind, path: string): void;
  openExternal(url: string): void;
  openLogFolder(): void;
  setUnreadCount(counts: ShiliuUnreadCounts): void;
  retryStartup(): void;
  quit(): void;
  resetDemoData(): Promise<boolean>;
}

/** An in-app route: absolute path, no scheme-relative `//`, no backslash, bounded. */
export function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle' | 'on' | 'removeHandler' | 'removeListener'>;
  api: DesktopApi;
  log?: Pick<Console, 'warn'>;
}

/** Registers the handlers; returns a function that removes them. */
export function registerIpc({ ipcMain, api, log = console }: IpcDeps): () => void {
  const refuse = (channel: string, event: SenderEvent): void => {
    let url = '(none)';
    try {
      url = event.senderFrame?.url ?? '(none)';
    } catch {
      // ignore
    }
    log.warn(`[ipc] refused ${channel} from ${url}`);
  };
  const invoke = <T>(channel: string, handler: (...args: unknown[]) => Promise<T> | T) => {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event)) {
        refuse(channel, event);
        throw new UntrustedSenderError();
      }
      return handler(...args);
    });
  };
  const listeners: Array<[string, (event: IpcMainEvent, ...args: unknown[]) => void]> = [];
  const on = (channel: string, handler: (...args: unknown[]) => void) => {
    const listener = (event: IpcMainEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event)) return refuse(channel, event);
      handler(...args);
    };
    listeners.push([channel, listener]);
    ipcMain.on(channel, listener);
  };

  // Synchronous: the preload needs it before the page's scripts run.
  const onBootstrap = (event: IpcMainEvent): void => {
    if (!isTrustedSender(event)) {
      refuse(IPC_CHANNELS.bootstrap, event);
      event.returnValue = null;
      return;
    }
    event.returnValue = api.bootstrap();
  };
  ipcMain.on(IPC_CHANNELS.bootstrap, onBootstrap);

  invoke(IPC_CHANNELS.getSettings, () => api.getSettings());
  invoke(IPC_CHANNELS.checkServer, (url): Promise<ShiliuServerCheck> => (typeof url === 'string' ? api.checkServer(url) : Promise.resolve({ ok: false, url: null, error: '地址无效' })));
  invoke(IPC_CHANNELS.saveSettings, (input) => api.saveSettings(input));
  invoke(IPC_CHANNELS.getInfo, () => api.getInfo());
  invoke(IPC_CHANNELS.getStartupState, () => api.getStartupState());
  invoke(IPC_CHANNELS.resetDemoData, () => api.resetDemoData());
  on(IPC_CHANNELS.openSettings, () => api.openSettings());
  on(IPC_CHANNELS.openInWindow, (kind, path) => {
    if ((kind === 'member' || kind === 'admin') && isAppPath(path)) api.openInWindow(kind, path);
    else log.warn(`[ipc] openInWindow: bad arguments ${JSON.stringify([kind, path]).slice(0, 200)}`);
  });
  on(IPC_CHANNELS.openExternal, (url) => {
    if (typeof url === 'string' && isSafeExternalUrl(url)) api.openExternal(url);
    else log.warn(`[ipc] openExternal: not a vetted https link: ${String(url).slice(0, 200)}`);
  });
  on(IPC_CHANNELS.openLogFolder, () => api.openLogFolder());
  on(IPC_CHANNELS.setUnreadCount, (counts) => {
    const parsed = unreadCountsSchema.safeParse(counts);
    if (parsed.success) api.setUnreadCount(parsed.data);
  });
  on(IPC_CHANNELS.retryStartup, () => api.retryStartup());
  on(IPC_CHANNELS.quit, () => api.quit());

  return () => {
    ipcMain.removeListener(IPC_CHANNELS.bootstrap, onBootstrap);
    for (const channel of [IPC_CHANNELS.getSettings, IPC_CHANNELS.checkServer, IPC_CHANNELS.saveSettings, IPC_CHANNELS.getInfo, IPC_CHANNELS.getStartupState, IPC_CHANNELS.resetDemoData]) ipcMain.removeHandler(channel);
    for (const [channel, listener] of listeners) ipcMain.removeListener(channel, listener as never);
  };
}

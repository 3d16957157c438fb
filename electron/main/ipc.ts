/**
 * The three IPC channels behind `window.shiliu`. Every handler first checks
 * that the sender frame shows one of our pages (`app://shiliu`); anything else
 * (a foreign page that somehow got loaded, a subframe) is refused.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { Bootstrap } from '../shared/bootstrap';
import { IPC_CHANNELS } from '../shared/constants';
import { isTrustedSenderUrl } from './security';
import { connectionChanged, loadSettings, saveSettings, type DesktopSettings, type SettingsIssue } from './settings';

export type SaveSettingsReply =
  | { ok: true; settings: DesktopSettings; restartRequired: boolean }
  | { ok: false; errors: SettingsIssue[] };

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

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle' | 'on' | 'removeHandler' | 'removeListener'>;
  bootstrap: Bootstrap;
  settingsFile: string;
  /** The settings this run of the app was started with. */
  activeSettings: DesktopSettings;
  /** Saved settings point at another server: the app must restart to apply them. */
  onRestartRequired?: (saved: DesktopSettings, event: IpcMainInvokeEvent) => void;
  log?: Pick<Console, 'warn'>;
}

export class UntrustedSenderError extends Error {
  constructor() {
    super('IPC refused: sender is not a Shiliu page');
    this.name = 'UntrustedSenderError';
  }
}

export function createIpcHandlers(deps: Omit<IpcDeps, 'ipcMain'>) {
  const log = deps.log ?? console;
  const refuse = (channel: string, event: SenderEvent): void => {
    let url = '(none)';
    try {
      url = event.senderFrame?.url ?? '(none)';
    } catch {
      // ignore
    }
    log.warn(`[ipc] refused ${channel} from ${url}`);
  };
  return {
    bootstrap(event: IpcMainEvent): void {
      if (!isTrustedSender(event)) {
        refuse(IPC_CHANNELS.bootstrap, event);
        event.returnValue = null;
        return;
      }
      event.returnValue = { baseUrl: deps.bootstrap.baseUrl, mode: deps.bootstrap.mode };
    },
    async getSettings(event: IpcMainInvokeEvent): Promise<DesktopSettings> {
      if (!isTrustedSender(event)) {
        refuse(IPC_CHANNELS.getSettings, event);
        throw new UntrustedSenderError();
      }
      return (await loadSettings(deps.settingsFile)).settings;
    },
    async saveSettings(event: IpcMainInvokeEvent, input: unknown): Promise<SaveSettingsReply> {
      if (!isTrustedSender(event)) {
        refuse(IPC_CHANNELS.saveSettings, event);
        throw new UntrustedSenderError();
      }
      const saved = await saveSettings(deps.settingsFile, input);
      if (!saved.ok) return saved;
      const restartRequired = connectionChanged(deps.activeSettings, saved.settings);
      if (restartRequired) deps.onRestartRequired?.(saved.settings, event);
      return { ok: true, settings: saved.settings, restartRequired };
    },
  };
}

/** Registers the handlers; returns a function that removes them. */
export function registerIpc(deps: IpcDeps): () => void {
  const handlers = createIpcHandlers(deps);
  const { ipcMain } = deps;
  const onBootstrap = (event: IpcMainEvent): void => handlers.bootstrap(event);
  ipcMain.on(IPC_CHANNELS.bootstrap, onBootstrap);
  ipcMain.handle(IPC_CHANNELS.getSettings, (event) => handlers.getSettings(event));
  ipcMain.handle(IPC_CHANNELS.saveSettings, (event, input: unknown) => handlers.saveSettings(event, input));
  return () => {
    ipcMain.removeListener(IPC_CHANNELS.bootstrap, onBootstrap);
    ipcMain.removeHandler(IPC_CHANNELS.getSettings);
    ipcMain.removeHandler(IPC_CHANNELS.saveSettings);
  };
}

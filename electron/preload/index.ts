/**
 * Preload (sandboxed, bundled to CommonJS): exposes only `window.shiliu` (electron/shared/bridge.ts).
 * baseUrl and mode are read synchronously from the main process on every page load, so a page reloaded
 * after the server changed gets the new one; the launch argument (`additionalArguments`) is the fallback.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ShiliuBridge, ShiliuStartupState } from '../shared/bridge';
import { asBootstrap, decodeBootstrapArg, type Bootstrap } from '../shared/bootstrap';
import { IPC_CHANNELS, IPC_EVENTS } from '../shared/constants';

function readBootstrap(): Bootstrap | null {
  try {
    const current = asBootstrap(ipcRenderer.sendSync(IPC_CHANNELS.bootstrap));
    if (current) return current;
  } catch {
    // fall back to the launch argument
  }
  return decodeBootstrapArg(process.argv);
}

/** Subscribes to a main → page event; only plain data reaches the page, never the IPC event object. */
function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  const wrapped = (_event: IpcRendererEvent, payload: T) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => void ipcRenderer.removeListener(channel, wrapped);
}

const bootstrap = readBootstrap();

const bridge: ShiliuBridge = Object.freeze({
  // The desktop pages (start-up, settings) load before any server is known: then baseUrl is ''.
  baseUrl: bootstrap?.baseUrl ?? '',
  mode: bootstrap?.mode ?? 'embedded',
  getSettings: () => ipcRenderer.invoke(IPC_CHANNELS.getSettings),
  checkServer: (url) => ipcRenderer.invoke(IPC_CHANNELS.checkServer, url),
  saveSettings: (settings) => ipcRenderer.invoke(IPC_CHANNELS.saveSettings, settings),
  getInfo: () => ipcRenderer.invoke(IPC_CHANNELS.getInfo),
  openSettings: () => ipcRenderer.send(IPC_CHANNELS.openSettings),
  openInWindow: (kind, path) => ipcRenderer.send(IPC_CHANNELS.openInWindow, kind, path),
  openExternal: (url) => ipcRenderer.send(IPC_CHANNELS.openExternal, url),
  openLogFolder: () => ipcRenderer.send(IPC_CHANNELS.openLogFolder),
  setUnreadCount: (counts) => ipcRenderer.send(IPC_CHANNELS.setUnreadCount, counts),
  onNavigate: (listener) => subscribe<string>(IPC_EVENTS.navigate, (path) => typeof path === 'string' && listener(path)),
  onStartupState: (listener) => {
    // Every change, and the current state (the window may have opened after the last change was sent).
    const unsubscribe = subscribe<ShiliuStartupState>(IPC_EVENTS.startupState, listener);
    void ipcRenderer.invoke(IPC_CHANNELS.getStartupState).then(listener, () => undefined);
    return unsubscribe;
  },
  retryStartup: () => ipcRenderer.send(IPC_CHANNELS.retryStartup),
  quit: () => ipcRenderer.send(IPC_CHANNELS.quit),
  resetDemoData: () => ipcRenderer.invoke(IPC_CHANNELS.resetDemoData),
} satisfies ShiliuBridge);

contextBridge.exposeInMainWorld('shiliu', bridge);

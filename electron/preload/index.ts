/// <reference path="./index.d.ts" />
/**
 * Preload (sandboxed, bundled to CommonJS): exposes only `window.shiliu`.
 * baseUrl and mode are known synchronously (from `process.argv`, put there
 * by the main process with `additionalArguments`; a synchronous IPC call is
 * the fallback), so the page can build its API client on first render.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { asBootstrap, decodeBootstrapArg, type Bootstrap } from '../shared/bootstrap';
import { IPC_CHANNELS } from '../shared/constants';

type ShiliuBridge = NonNullable<Window['shiliu']>;

function readBootstrap(): Bootstrap | null {
  const fromArgv = decodeBootstrapArg(process.argv);
  if (fromArgv) return fromArgv;
  try {
    return asBootstrap(ipcRenderer.sendSync(IPC_CHANNELS.bootstrap));
  } catch {
    return null;
  }
}

const bootstrap = readBootstrap();

if (bootstrap) {
  const bridge: ShiliuBridge = Object.freeze({
    baseUrl: bootstrap.baseUrl,
    mode: bootstrap.mode,
    // Only plain data crosses the bridge; nothing from Electron leaks to the page.
    getSettings: () => ipcRenderer.invoke(IPC_CHANNELS.getSettings),
    saveSettings: (settings) => ipcRenderer.invoke(IPC_CHANNELS.saveSettings, settings),
  } satisfies ShiliuBridge);
  contextBridge.exposeInMainWorld('shiliu', bridge);
} else {
  console.error('[shiliu] preload: no connection data from the main process; window.shiliu is not available');
}

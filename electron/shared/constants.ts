/**
 * Names shared by the main process and the preload script.
 * Kept free of imports so the sandboxed preload bundle stays tiny.
 */

/** Custom scheme that serves the bundled renderer (never file://). */
export const APP_SCHEME = 'app';
/** The only host the app scheme answers for. */
export const APP_HOST = 'shiliu';
/** Origin of every page the desktop app shows. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** IPC channel names, page → main (every handler checks the sender is one of our pages). */
export const IPC_CHANNELS = {
  /** The connection in use (synchronous, read by the preload on every page load), see bootstrap.ts. */
  bootstrap: 'shiliu:bootstrap',
  getSettings: 'shiliu:settings:get',
  saveSettings: 'shiliu:settings:save',
  checkServer: 'shiliu:settings:check',
  getInfo: 'shiliu:info',
  openSettings: 'shiliu:open-settings',
  openInWindow: 'shiliu:open-in-window',
  openExternal: 'shiliu:open-external',
  openLogFolder: 'shiliu:open-log-folder',
  setUnreadCount: 'shiliu:unread',
  getStartupState: 'shiliu:startup:get',
  retryStartup: 'shiliu:startup:retry',
  quit: 'shiliu:quit',
  resetDemoData: 'shiliu:reset-demo',
} as const;

/** Events main → page. */
export const IPC_EVENTS = {
  /** Show this in-app route (string path). */
  navigate: 'shiliu:navigate',
  /** The start-up window's state (ShiliuStartupState). */
  startupState: 'shiliu:startup:state',
} as const;

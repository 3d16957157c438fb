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

/** IPC channel names (main <-> preload). */
export const IPC_CHANNELS = {
  /** Synchronous fallback for the bootstrap data, see bootstrap.ts. */
  bootstrap: 'shiliu:bootstrap',
  getSettings: 'shiliu:settings:get',
  saveSettings: 'shiliu:settings:save',
} as const;

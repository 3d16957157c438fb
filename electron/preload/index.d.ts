/**
 * The one object the desktop app gives to its pages: `window.shiliu`.
 * Absent in a normal browser (the renderer then uses the page origin as API base).
 *
 * Self-contained on purpose: the renderer may include this file in its
 * tsconfig (or with a triple-slash reference) without pulling in Electron types.
 */

export type ShiliuConnectionMode = 'embedded' | 'remote';

export interface ShiliuDesktopSettings {
  version: 1;
  /** `embedded`: the bundled server on 127.0.0.1; `remote`: `remoteUrl`. */
  mode: ShiliuConnectionMode;
  /** http(s) URL without credentials, query or fragment; kept while in embedded mode. */
  remoteUrl: string | null;
}

export interface ShiliuSettingsInput {
  mode: ShiliuConnectionMode;
  remoteUrl?: string | null;
}

export interface ShiliuSettingsIssue {
  /** Field path, e.g. `remoteUrl`. */
  path: string;
  message: string;
}

export type ShiliuSaveSettingsResult =
  | {
      ok: true;
      /** The settings as stored (URL normalised). */
      settings: ShiliuDesktopSettings;
      /** The app must restart to use them; the app itself asks the user. */
      restartRequired: boolean;
    }
  | { ok: false; errors: ShiliuSettingsIssue[] };

export interface ShiliuBridge {
  /** API base URL, e.g. `http://127.0.0.1:49321` (embedded) or `https://shiliu.example.edu`. No trailing slash. */
  readonly baseUrl: string;
  readonly mode: ShiliuConnectionMode;
  getSettings(): Promise<ShiliuDesktopSettings>;
  saveSettings(settings: ShiliuSettingsInput): Promise<ShiliuSaveSettingsResult>;
}

declare global {
  interface Window {
    shiliu?: ShiliuBridge;
  }
}

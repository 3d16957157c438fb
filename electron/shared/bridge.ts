/**
 * The one object the desktop app gives to its pages: `window.shiliu` (absent in a normal browser, where the
 * renderer uses the page origin as API base). Types only, no imports: the preload, the main process and the
 * renderer all include this file.
 */

export type ShiliuConnectionMode = 'embedded' | 'remote';
export type ShiliuWindowKind = 'member' | 'admin';

export interface ShiliuDesktopSettings {
  version: 1;
  /** `embedded`: the offline demo server on this computer; `remote`: the campus server at `remoteUrl`. */
  mode: ShiliuConnectionMode;
  /** http(s) URL without credentials, query or fragment; kept while in embedded mode. */
  remoteUrl: string | null;
}

export interface ShiliuSettingsInput {
  mode: ShiliuConnectionMode;
  remoteUrl?: string | null;
  /** The user confirmed using a plain-http campus server. */
  acceptInsecure?: boolean;
}

export interface ShiliuSettingsIssue {
  /** Field path, e.g. `remoteUrl`. */
  path: string;
  message: string;
}

/** Result of checking a campus server URL (GET <url>/api/health from the main process). */
export type ShiliuServerCheck =
  | { ok: true; url: string; version: string; insecure: boolean }
  | { ok: false; url: string | null; error: string };

export type ShiliuSaveSettingsResult =
  | {
      ok: true;
      /** The settings as stored (URL normalised). */
      settings: ShiliuDesktopSettings;
      /** `switched`: the app now uses the new server; `restart`: it asks to restart (plain-http campus server). */
      applied: 'unchanged' | 'switched' | 'restart';
    }
  | { ok: false; errors: ShiliuSettingsIssue[] };

/** What Help → About and the settings screen show. */
export interface ShiliuAppInfo {
  version: string;
  mode: ShiliuConnectionMode;
  /** The server in use ('' before it is known). */
  baseUrl: string;
  /** The campus server's web address (shareable links), null in offline demo mode. */
  webUrl: string | null;
  dataDir: string;
  logDir: string;
  settingsFile: string;
  /** The settings file exists but cannot be used; it was left as it is. */
  settingsProblem: string | null;
  /** Logins of the offline demo (the administrator's password is this installation's own). */
  demoAccounts: { member: { user: string; password: string }; admin: { user: string; password: string } } | null;
}

/** The start-up window's state: preparing the offline demo, or why it could not start. */
export type ShiliuStartupState =
  | { phase: 'starting'; step: string; done: number; total: number; message: string }
  | { phase: 'failed'; message: string; logFile: string | null }
  | { phase: 'settings-invalid'; message: string };

export interface ShiliuUnreadCounts {
  total: number;
  comments: number;
  likes: number;
  collections: number;
  follows: number;
}

export interface ShiliuBridge {
  /** API base URL, e.g. `http://127.0.0.1:49321` (embedded) or `https://shiliu.example.edu`. No trailing slash. */
  readonly baseUrl: string;
  readonly mode: ShiliuConnectionMode;
  getSettings(): Promise<ShiliuDesktopSettings>;
  checkServer(url: string): Promise<ShiliuServerCheck>;
  saveSettings(settings: ShiliuSettingsInput): Promise<ShiliuSaveSettingsResult>;
  getInfo(): Promise<ShiliuAppInfo>;
  /** Opens the settings window. */
  openSettings(): void;
  /** Shows an in-app route in the window that owns it (an admin clicking a member opens the member window). */
  openInWindow(kind: ShiliuWindowKind, path: string): void;
  /** An https link to another site, in the system browser (vetted again by the main process). */
  openExternal(url: string): void;
  openLogFolder(): void;
  /** Unread notifications: taskbar/dock badge and an OS notification when the count grows. */
  setUnreadCount(counts: ShiliuUnreadCounts): void;
  /** The main process asks this page to show a route (returns an unsubscribe function). */
  onNavigate(listener: (path: string) => void): () => void;
  onStartupState(listener: (state: ShiliuStartupState) => void): () => void;
  /** Start-up window: try again / quit. */
  retryStartup(): void;
  quit(): void;
  /** Offline demo: remove this computer's demo data and prepare it afresh (asks for confirmation first). */
  resetDemoData(): Promise<boolean>;
}

declare global {
  interface Window {
    shiliu?: ShiliuBridge;
  }
}

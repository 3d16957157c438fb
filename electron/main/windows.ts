/**
 * The app's windows, at most one of each kind: member (app://shiliu/explore), admin (app://shiliu/admin),
 * settings and start-up (app://shiliu/desktop/...). Asking again focuses the window (and shows the route
 * asked for). Member, admin and settings windows remember their size and position (window-state.ts); every
 * window gets the crash/failed-load recovery (recovery.ts).
 */
import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron';
import { encodeBootstrapArg, type Bootstrap } from '../shared/bootstrap';
import { APP_ORIGIN, IPC_EVENTS } from '../shared/constants';
import { installRecovery, type RecoverableWindow, type RecoveryDeps } from './recovery';
import { secureWebPreferences } from './security';
import { placeWindow, type Rect, type WindowStateStore } from './window-state';

export const MEMBER_START_URL = `${APP_ORIGIN}/explore`;
export const ADMIN_START_URL = `${APP_ORIGIN}/admin`;

export type WindowKind = 'member' | 'admin' | 'settings' | 'startup';

interface WindowSpec {
  path: string;
  title: string;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  remember: boolean;
  resizable: boolean;
}

/** Default sizes fit a 1366×768 laptop once clamped (placeWindow); minimums fit it outright. */
export const WINDOW_SPECS: Readonly<Record<WindowKind, WindowSpec>> = {
  member: { path: '/explore', title: '石榴 Shiliu', width: 1280, height: 860, minWidth: 960, minHeight: 600, remember: true, resizable: true },
  admin: { path: '/admin', title: '石榴 管理后台', width: 1360, height: 860, minWidth: 960, minHeight: 600, remember: true, resizable: true },
  settings: { path: '/desktop/settings', title: '石榴 设置 Settings', width: 640, height: 760, minWidth: 480, minHeight: 480, remember: true, resizable: true },
  startup: { path: '/desktop/startup', title: '石榴 Shiliu', width: 520, height: 400, minWidth: 420, minHeight: 320, remember: false, resizable: false },
};

export interface WindowContext {
  /** Electron's BrowserWindow class (passed in so this module stays testable). */
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindowType;
  preload: string;
  /** The connection in use when a window opens (null before there is one: start-up and settings windows). */
  bootstrap: () => Bootstrap | null;
  devTools: boolean;
  icon?: string;
  /** Remembered bounds; none in tests that do not care. */
  stateStore?: WindowStateStore;
  /** Work areas of the displays, primary first (screen.getAllDisplays()). */
  workAreas?: () => Rect[];
  recovery?: RecoveryDeps;
  log?: Pick<Console, 'error' | 'warn'>;
}

export function windowOptions(kind: WindowKind, ctx: Pick<WindowContext, 'preload' | 'bootstrap' | 'devTools' | 'icon'>, bounds?: Rect): BrowserWindowConstructorOptions {
  const spec = WINDOW_SPECS[kind];
  const bootstrap = ctx.bootstrap();
  return {
    title: spec.title,
    ...(bounds ?? { width: spec.width, height: spec.height }),
    minWidth: spec.minWidth,
    minHeight: spec.minHeight,
    resizable: spec.resizable,
    show: false,
    backgroundColor: '#ffffff',
    ...(ctx.icon ? { icon: ctx.icon } : {}),
    webPreferences: {
      ...secureWebPreferences(ctx.preload, bootstrap ? [encodeBootstrapArg(bootstrap)] : []),
      devTools: ctx.devTools,
    },
  };
}

/** `app://shiliu` + an in-app path; anything that is not a plain absolute path falls back to the start page. */
export function appUrl(kind: WindowKind, path?: string): string {
  const safe = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
  return `${APP_ORIGIN}${safe ? path : WINDOW_SPECS[kind].path}`;
}

export class WindowManager {
  private readonly windows = new Map<WindowKind, BrowserWindowType>();

  constructor(private readonly ctx: WindowContext) {}

  openMember(): BrowserWindowType {
    return this.open('member');
  }

  openAdmin(): BrowserWindowType {
    return this.open('admin');
  }

  /** Focuses any open app window, or opens the member window. */
  focusOrOpen(): BrowserWindowType {
    const existing = this.windows.get('member') ?? this.windows.get('admin') ?? this.windows.get('settings') ?? this.windows.get('startup');
    if (existing) {
      this.focus(existing);
      return existing;
    }
    return this.openMember();
  }

  get(kind: WindowKind): BrowserWindowType | undefined {
    return this.windows.get(kind);
  }

  /** Member and admin windows that are open (they show the server's data). */
  appWindows(): BrowserWindowType[] {
    return (['member', 'admin'] as const).map((kind) => this.windows.get(kind)).filter((w): w is BrowserWindowType => w !== undefined && !w.isDestroyed());
  }

  close(kind: WindowKind): void {
    const win = this.windows.get(kind);
    if (win && !win.isDestroyed()) win.close();
  }

  /** Sends an event to a window's page (if open). */
  send(kind: WindowKind, channel: string, payload: unknown): boolean {
    const win = this.windows.get(kind);
    if (!win || win.isDestroyed()) return false;
    win.webContents.send(channel, payload);
    return true;
  }

  /**
   * Opens (or focuses) the window of `kind`; with `path`, shows that route: an open window's page is asked to
   * navigate (keeping its state), a window still loading gets the URL.
   */
  open(kind: WindowKind, path?: string): BrowserWindowType {
    const existing = this.windows.get(kind);
    if (existing && !existing.isDestroyed()) {
      if (path !== undefined) {
        if (existing.webContents.isLoading()) this.load(existing, appUrl(kind, path));
        else existing.webContents.send(IPC_EVENTS.navigate, appUrl(kind, path).slice(APP_ORIGIN.length));
      }
      this.focus(existing);
      return existing;
    }
    const spec = WINDOW_SPECS[kind];
    const areas = this.ctx.workAreas?.() ?? [];
    const saved = spec.remember ? this.ctx.stateStore?.get(kind) : undefined;
    const bounds = areas.length > 0 ? placeWindow(saved, spec, areas) : undefined;
    const win = new this.ctx.BrowserWindow(windowOptions(kind, this.ctx, bounds));
    this.windows.set(kind, win);
    if (saved?.maximized) win.maximize();
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.windows.get(kind) === win) this.windows.delete(kind);
    });
    if (spec.remember && this.ctx.stateStore) this.remember(kind, win, this.ctx.stateStore);
    const url = appUrl(kind, path);
    if (this.ctx.recovery) installRecovery(win as unknown as RecoverableWindow, url, this.ctx.recovery);
    this.load(win, url);
    return win;
  }

  /** Loads the start page again (after the server changed: the preload reads the new connection). */
  restart(win: BrowserWindowType, kind: WindowKind): void {
    this.load(win, appUrl(kind));
  }

  private load(win: BrowserWindowType, url: string): void {
    win.loadURL(url).catch((error: unknown) => (this.ctx.log ?? console).error(`[windows] cannot load ${url}: ${String(error)}`));
  }

  private focus(win: BrowserWindowType): void {
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  private remember(kind: WindowKind, win: BrowserWindowType, store: WindowStateStore): void {
    let timer: NodeJS.Timeout | undefined;
    const save = () => {
      clearTimeout(timer);
      if (win.isDestroyed()) return;
      store.set(kind, { ...win.getNormalBounds(), maximized: win.isMaximized() });
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 500);
    };
    for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event as 'resize', later);
    win.on('close', save);
  }
}

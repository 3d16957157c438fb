/**
 * The member window (app://shiliu/explore) and the admin window
 * (app://shiliu/admin). At most one of each; asking again focuses it.
 */
import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron';
import { encodeBootstrapArg, type Bootstrap } from '../shared/bootstrap';
import { APP_ORIGIN } from '../shared/constants';
import { secureWebPreferences } from './security';

export const MEMBER_START_URL = `${APP_ORIGIN}/explore`;
export const ADMIN_START_URL = `${APP_ORIGIN}/admin`;

export type WindowKind = 'member' | 'admin';

export interface WindowContext {
  /** Electron's BrowserWindow class (passed in so this module stays testable). */
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindowType;
  preload: string;
  bootstrap: Bootstrap;
  devTools: boolean;
  icon?: string;
  log?: Pick<Console, 'error'>;
}

export function windowOptions(kind: WindowKind, ctx: Pick<WindowContext, 'preload' | 'bootstrap' | 'devTools' | 'icon'>): BrowserWindowConstructorOptions {
  return {
    title: kind === 'admin' ? '石榴 管理后台' : '石榴 Shiliu',
    width: kind === 'admin' ? 1360 : 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    show: false,
    backgroundColor: '#ffffff',
    ...(ctx.icon ? { icon: ctx.icon } : {}),
    webPreferences: {
      ...secureWebPreferences(ctx.preload, [encodeBootstrapArg(ctx.bootstrap)]),
      devTools: ctx.devTools,
    },
  };
}

export class WindowManager {
  private readonly windows = new Map<WindowKind, BrowserWindowType>();

  constructor(private readonly ctx: WindowContext) {}

  openMember(): BrowserWindowType {
    return this.open('member', MEMBER_START_URL);
  }

  openAdmin(): BrowserWindowType {
    return this.open('admin', ADMIN_START_URL);
  }

  /** Focuses any open window, or opens the member window. */
  focusOrOpen(): BrowserWindowType {
    const existing = this.windows.get('member') ?? this.windows.get('admin');
    if (existing) {
      this.focus(existing);
      return existing;
    }
    return this.openMember();
  }

  get(kind: WindowKind): BrowserWindowType | undefined {
    return this.windows.get(kind);
  }

  private focus(win: BrowserWindowType): void {
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  private open(kind: WindowKind, url: string): BrowserWindowType {
    const existing = this.windows.get(kind);
    if (existing && !existing.isDestroyed()) {
      this.focus(existing);
      return existing;
    }
    const win = new this.ctx.BrowserWindow(windowOptions(kind, this.ctx));
    this.windows.set(kind, win);
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.windows.get(kind) === win) this.windows.delete(kind);
    });
    win.loadURL(url).catch((error: unknown) => (this.ctx.log ?? console).error(`[windows] cannot load ${url}: ${String(error)}`));
    return win;
  }
}

/**
 * A stand-in for the `electron` module, for tests that load main-process
 * wiring (startup.ts, index.ts) with `vi.doMock('electron', () => fake)`.
 * Only the surface our code touches; every call is a vi.fn to assert on.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { vi } from 'vitest';

/** UtilityProcess stand-in: posts messages and exits when told. */
export class FakeUtilityProcess extends EventEmitter {
  readonly pid = 31337;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  kill = vi.fn(() => {
    queueMicrotask(() => this.emit('exit', 0));
    return true;
  });
  ready(port: number): void {
    this.emit('message', { type: 'ready', port });
  }
}

export class FakeWebContents extends EventEmitter {
  url = '';
  loading = false;
  send = vi.fn();
  reload = vi.fn();
  getURL(): string {
    return this.url;
  }
  isLoading(): boolean {
    return this.loading;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static fromWebContents = vi.fn(() => null);
  static getFocusedWindow = vi.fn(() => null);
  readonly webContents = new FakeWebContents();
  destroyed = false;
  loadURL = vi.fn(async (url: string) => {
    this.webContents.url = url;
  });
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = vi.fn(() => false);
  isDestroyed = vi.fn(() => this.destroyed);
  maximized = false;
  maximize = vi.fn(() => void (this.maximized = true));
  isMaximized = vi.fn(() => this.maximized);
  getNormalBounds = vi.fn(() => ({ x: Number(this.options.x ?? 0), y: Number(this.options.y ?? 0), width: Number(this.options.width), height: Number(this.options.height) }));
  close = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  setOverlayIcon = vi.fn();
  flashFrame = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
}

/** Notification stand-in: remembers every notification made. */
export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static isSupported = vi.fn(() => true);
  show = vi.fn();
  constructor(readonly options: { title: string; body: string }) {
    super();
    FakeNotification.instances.push(this);
  }
}

export interface FakeElectronOptions {
  appPath: string;
  userData: string;
  singleInstance?: boolean;
}

export function createFakeElectron(options: FakeElectronOptions) {
  FakeBrowserWindow.instances = [];
  FakeNotification.instances = [];
  const children: FakeUtilityProcess[] = [];
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    commandLine: { appendSwitch: vi.fn() },
    requestSingleInstanceLock: vi.fn(() => options.singleInstance ?? true),
    getAppPath: vi.fn(() => options.appPath),
    getPath: vi.fn((name: string) => (name === 'userData' ? options.userData : `/tmp/${name}`)),
    whenReady: vi.fn(() => ready),
    getVersion: vi.fn(() => '1.2.0'),
    setBadgeCount: vi.fn(() => true),
    relaunch: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
  });

  const ipcMain = Object.assign(new EventEmitter(), {
    handlers: new Map<string, (...args: unknown[]) => unknown>(),
    handle: vi.fn((channel: string, fn: (...args: unknown[]) => unknown) => void ipcMain.handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => void ipcMain.handlers.delete(channel)),
  });

  const electron = {
    app,
    ipcMain,
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate: vi.fn((template: unknown) => ({ template })),
      setApplicationMenu: vi.fn(),
    },
    dialog: {
      showErrorBox: vi.fn(),
      showMessageBox: vi.fn(async () => ({ response: 1, checkboxChecked: false })),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: vi.fn(),
    },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), clearStorageData: vi.fn(async () => undefined) },
    },
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
    screen: {
      getPrimaryDisplay: vi.fn(() => ({ id: 1, workArea: { x: 0, y: 0, width: 1366, height: 728 } })),
      getAllDisplays: vi.fn(() => [{ id: 1, workArea: { x: 0, y: 0, width: 1366, height: 728 } }]),
    },
    nativeImage: {
      createFromPath: vi.fn(() => ({ isEmpty: () => true, resize: () => ({}) })),
    },
    clipboard: { writeText: vi.fn() },
    Notification: FakeNotification,
    utilityProcess: {
      fork: vi.fn(() => {
        const child = new FakeUtilityProcess();
        children.push(child);
        return child;
      }),
    },
  };

  return {
    electron,
    children,
    /** Emits `ready` as Electron would. */
    makeReady: () => resolveReady(),
  };
}

/** Polls with setImmediate (never faked) until `check` is truthy; gives up after 5 s. */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, what = 'condition'): Promise<T> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

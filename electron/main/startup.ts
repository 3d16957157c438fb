/**
 * What happens once the app is ready: serve the renderer on app://shiliu, build the windows, the
 * connection (connection.ts), IPC, menu, badge; then connect (which opens the start-up window for the
 * offline demo, or the member window). This is the one place that touches Electron's objects; the logic
 * sits in modules that take them as parameters.
 */
import path from 'node:path';
import { BrowserWindow, Menu, Notification, app, clipboard, dialog, ipcMain, nativeImage, protocol, screen, session, shell, utilityProcess } from 'electron';
import type { BaseWindow, MessageBoxOptions } from 'electron';
import { APP_ORIGIN } from '../shared/constants';
import { aboutDialog } from './about';
import { Connection } from './connection';
import type { ServerChild } from './embedded-server';
import { registerIpc } from './ipc';
import { RotatingLog } from './log-file';
import { buildMenuTemplate } from './menu';
import type { AppPaths } from './paths';
import { handleAppProtocol } from './protocol';
import { buildContentSecurityPolicy, guardSession } from './security';
import { loadSettings, type LoadedSettings } from './settings';
import { UnreadIndicator } from './unread';
import { WindowStateStore } from './window-state';
import { WindowManager } from './windows';

export interface StartupContext {
  paths: AppPaths;
  loaded: LoadedSettings;
  /** The plain-http origin trusted at launch (index.ts sets the Chromium switch). */
  insecureOriginAtLaunch: string | null;
  readyTimeoutMs?: number;
  /** Called as soon as the app is wired, before connecting (which may take a first start's minute). */
  onStarted?: (started: StartedApp) => void;
}

export interface StartedApp {
  connection: Connection;
  windows: WindowManager;
}

/** The embedded server's stdout/stderr into the rotating `server.log` (and the console in development). */
function captureServerOutput(child: ServerChild, log: RotatingLog, mirror: boolean): void {
  log.write(`\n--- ${new Date().toISOString()} embedded server starting ---\n`);
  for (const [stream, console$] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (mirror) console$.write(chunk);
    });
  }
}

function ask(parent: BaseWindow | undefined, options: MessageBoxOptions): Promise<number> {
  return (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)).then(({ response }) => response);
}

/** Starts everything after `app.ready`. */
export async function startDesktop(ctx: StartupContext): Promise<StartedApp> {
  const { paths } = ctx;
  guardSession(session.defaultSession);
  const serverLog = new RotatingLog(path.join(paths.logDir, 'server.log'));
  const icon = nativeImage.createFromPath(paths.iconFile);

  let connection: Connection | null = null;
  handleAppProtocol(protocol, {
    rootDir: paths.rendererDir,
    contentSecurityPolicy: () => buildContentSecurityPolicy(connection?.bootstrap()?.baseUrl ?? ''),
  });

  const windows = new WindowManager({
    BrowserWindow,
    preload: paths.preload,
    bootstrap: () => connection?.bootstrap() ?? null,
    devTools: !app.isPackaged,
    ...(icon.isEmpty() ? {} : { icon: paths.iconFile }),
    stateStore: new WindowStateStore(paths.windowStateFile),
    workAreas: () => {
      const primary = screen.getPrimaryDisplay();
      return [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
    },
    recovery: {
      ask: (win, message, detail, buttons) => ask(win as unknown as BaseWindow, { type: 'warning', title: 'Shiliu', message, detail, buttons, defaultId: 0, cancelId: 1 }),
    },
  });

  const unread = new UnreadIndicator({
    setBadge: (count) => {
      app.setBadgeCount(count);
      // Windows has no badge count: an overlay icon on the taskbar button of the member window.
      if (process.platform === 'win32') windows.get('member')?.setOverlayIcon(count > 0 && !icon.isEmpty() ? icon.resize({ width: 16, height: 16 }) : null, count > 0 ? `${count} 条未读通知` : '');
    },
    notify: (title, body, onClick) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body, ...(icon.isEmpty() ? {} : { icon }) });
      notification.on('click', onClick);
      notification.show();
      windows.get('member')?.flashFrame(true);
    },
    openNotificationCentre: () => windows.open('member', '/notification'),
  });

  connection = new Connection({
    paths,
    windows,
    fork: (modulePath, args, options) => {
      const child = utilityProcess.fork(modulePath, args, options);
      captureServerOutput(child, serverLog, !app.isPackaged);
      return child;
    },
    appVersion: app.getVersion(),
    fetch: (input, init) => fetch(input, init),
    clearSiteData: () => session.defaultSession.clearStorageData({ origin: APP_ORIGIN, storages: ['localstorage', 'indexdb', 'cachestorage', 'serviceworkers'] }),
    insecureOriginAtLaunch: ctx.insecureOriginAtLaunch,
    ask: (message, detail, buttons) => ask(BrowserWindow.getFocusedWindow() ?? undefined, { type: 'question', title: 'Shiliu', message, detail, buttons, defaultId: 0, cancelId: buttons.length - 1 }),
    relaunch: () => {
      app.relaunch();
      app.quit();
    },
    unread,
    serverLogFile: serverLog.file,
    ...(ctx.readyTimeoutMs !== undefined ? { readyTimeoutMs: ctx.readyTimeoutMs } : {}),
  });
  const conn = connection;

  const openLogFolder = () => void shell.openPath(paths.logDir);
  const showAbout = () => {
    const about = aboutDialog(conn.info(), `${process.platform} ${process.arch}`);
    void ask(BrowserWindow.getFocusedWindow() ?? undefined, { type: 'info', title: 'Shiliu', message: about.message, detail: about.detail, buttons: about.buttons, defaultId: 0, cancelId: 0, ...(icon.isEmpty() ? {} : { icon }) }).then(
      (choice) => {
        if (choice === about.openLogsButton) openLogFolder();
        if (choice === about.copyButton) clipboard.writeText(about.detail);
      },
    );
  };

  registerIpc({
    ipcMain,
    api: {
      bootstrap: () => conn.bootstrap(),
      getSettings: async () => {
        const loaded = await loadSettings(paths.settingsFile);
        return loaded.problem ? conn.currentSettings() : loaded.settings;
      },
      checkServer: (url) => conn.check(url),
      saveSettings: (input) => conn.apply(input),
      getInfo: () => conn.info(),
      getStartupState: () => conn.startupState(),
      openSettings: () => void windows.open('settings'),
      openInWindow: (kind, route) => void windows.open(kind, route),
      openExternal: (url) => void shell.openExternal(url).catch(() => undefined),
      openLogFolder,
      setUnreadCount: (counts) => unread.update(counts),
      retryStartup: () => void conn.retry(),
      quit: () => app.quit(),
      resetDemoData: () => conn.resetDemo(),
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        { openMember: () => windows.openMember(), openAdmin: () => windows.openAdmin(), openSettings: () => windows.open('settings'), openLogFolder, showAbout },
        { isMac: process.platform === 'darwin', isDev: !app.isPackaged },
      ),
    ),
  );

  const started: StartedApp = { connection: conn, windows };
  // From here on, quitting stops the embedded server, also while it prepares the demo.
  ctx.onStarted?.(started);
  await conn.start(ctx.loaded);
  return started;
}

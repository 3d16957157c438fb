/**
 * What happens once the app is ready: pick the server (embedded or remote),
 * serve the renderer on app://shiliu, register IPC, build the menu, open the
 * member window. Failures to start show a dialog and quit.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, session, utilityProcess } from 'electron';
import type { IpcMainInvokeEvent, MessageBoxOptions } from 'electron';
import type { Bootstrap } from '../shared/bootstrap';
import { EmbeddedServer, loadOrCreateSecret, type ServerChild } from './embedded-server';
import { registerIpc } from './ipc';
import { buildMenuTemplate } from './menu';
import type { AppPaths } from './paths';
import { handleAppProtocol } from './protocol';
import { buildContentSecurityPolicy, guardSession } from './security';
import type { DesktopSettings } from './settings';
import { WindowManager } from './windows';

export interface StartupContext {
  paths: AppPaths;
  settings: DesktopSettings;
  /** Receives the embedded server so the quit handler can stop it. */
  onServer: (server: EmbeddedServer) => void;
  readyTimeoutMs?: number;
}

export interface StartedApp {
  bootstrap: Bootstrap;
  windows: WindowManager;
}

/** Appends the child's stdout/stderr to `<logDir>/server.log` (and the console in development). */
function captureServerOutput(child: ServerChild, logDir: string, mirror: boolean): string {
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, 'server.log');
  const sink = createWriteStream(logFile, { flags: 'a' });
  sink.on('error', () => undefined);
  sink.write(`\n--- ${new Date().toISOString()} embedded server starting ---\n`);
  for (const [stream, console$] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    stream.pipe(sink, { end: false });
    if (mirror) stream.on('data', (chunk: Buffer) => console$.write(chunk));
  }
  return logFile;
}

async function startEmbedded(ctx: StartupContext): Promise<string> {
  const { paths } = ctx;
  let logFile = path.join(paths.logDir, 'server.log');
  const secret = await loadOrCreateSecret(paths.serverSecretFile);
  const server = new EmbeddedServer({
    fork: (modulePath, args, options) => {
      const child = utilityProcess.fork(modulePath, args, options);
      logFile = captureServerOutput(child, paths.logDir, !app.isPackaged);
      return child;
    },
    entry: paths.serverEntry,
    dataDir: paths.serverDataDir,
    extraEnv: { JWT_SECRET: secret },
    demo: true,
    readyTimeoutMs: ctx.readyTimeoutMs ?? 30_000,
    onUnexpectedExit: (code) => {
      void dialog
        .showMessageBox({
          type: 'error',
          title: 'Shiliu',
          message: '内置服务器意外停止 The embedded server stopped unexpectedly',
          detail: `Exit code ${code}. Log: ${logFile}`,
          buttons: ['重新启动 Restart', '退出 Quit'],
          defaultId: 0,
          cancelId: 1,
        })
        .then(({ response }) => {
          if (response === 0) app.relaunch();
          app.quit();
        });
    },
  });
  ctx.onServer(server);
  try {
    return (await server.start()).baseUrl;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new StartupError(`${detail}\n\nServer: ${paths.serverEntry}\nLog: ${logFile}`);
  }
}

export class StartupError extends Error {
  override name = 'StartupError';
}

function askToRestart(event: IpcMainInvokeEvent): void {
  const parent = BrowserWindow.fromWebContents(event.sender);
  const options: MessageBoxOptions = {
    type: 'question',
    title: 'Shiliu',
    message: '设置已保存 Settings saved',
    detail: '需要重新启动石榴才能连接到新的服务器。Shiliu must restart to connect to the new server.',
    buttons: ['立即重启 Restart now', '稍后 Later'],
    defaultId: 0,
    cancelId: 1,
  };
  void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)).then(({ response }) => {
    if (response !== 0) return;
    app.relaunch();
    app.quit();
  });
}

/** Starts everything after `app.ready`. Throws StartupError when the server cannot be reached/started. */
export async function startDesktop(ctx: StartupContext): Promise<StartedApp> {
  const { paths, settings } = ctx;
  guardSession(session.defaultSession);

  let baseUrl: string;
  if (settings.mode === 'remote' && settings.remoteUrl) {
    baseUrl = settings.remoteUrl;
  } else {
    baseUrl = await startEmbedded(ctx);
  }
  const bootstrap: Bootstrap = { baseUrl, mode: settings.mode };

  handleAppProtocol(protocol, {
    rootDir: paths.rendererDir,
    contentSecurityPolicy: buildContentSecurityPolicy(baseUrl),
  });

  registerIpc({
    ipcMain,
    bootstrap,
    settingsFile: paths.settingsFile,
    activeSettings: settings,
    onRestartRequired: (_saved, event) => askToRestart(event),
  });

  const windows = new WindowManager({
    BrowserWindow,
    preload: paths.preload,
    bootstrap,
    devTools: !app.isPackaged,
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        { openMember: () => windows.openMember(), openAdmin: () => windows.openAdmin() },
        { isMac: process.platform === 'darwin', isDev: !app.isPackaged },
      ),
    ),
  );
  windows.openMember();
  return { bootstrap, windows };
}

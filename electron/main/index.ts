/**
 * Electron main entry: app lifecycle only. The work is done in startup.ts
 * (protocol, windows, connection, IPC); security.ts guards every web page.
 */
import path from 'node:path';
import { app, dialog, protocol, shell } from 'electron';
import { installGracefulShutdown } from './lifecycle';
import { RotatingLog, mirrorConsole } from './log-file';
import { resolveAppPaths } from './paths';
import { registerAppScheme } from './protocol';
import { guardWebContents, insecureOriginToAllow } from './security';
import { loadSettingsSync } from './settings';
import { startDesktop, type StartedApp } from './startup';

// Must happen before `ready`.
registerAppScheme(protocol);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  run();
}

function run(): void {
  const paths = resolveAppPaths(app.getAppPath(), app.getPath('userData'));
  mirrorConsole(new RotatingLog(path.join(paths.logDir, 'main.log')));
  const loaded = loadSettingsSync(paths.settingsFile);
  // Reported in the start-up and settings windows; the file is left as it is.
  if (loaded.problem) console.warn(`[settings] ${loaded.problem}`);

  // A plain-http campus server on the LAN: let the secure app:// pages talk to it (see security.ts).
  // Chromium reads this switch once, before `ready`: switching to such a server later needs a restart.
  let insecureOriginAtLaunch: string | null = null;
  if (!loaded.problem && loaded.settings.mode === 'remote' && loaded.settings.remoteUrl) {
    insecureOriginAtLaunch = insecureOriginToAllow(loaded.settings.remoteUrl);
    if (insecureOriginAtLaunch) app.commandLine.appendSwitch('unsafely-treat-insecure-origin-as-secure', insecureOriginAtLaunch);
  }

  let started: StartedApp | null = null;

  installGracefulShutdown(app, () => started?.connection.stop() ?? Promise.resolve());

  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, { openExternal: (url) => shell.openExternal(url) });
  });

  app.on('second-instance', () => started?.windows.focusOrOpen());

  app.on('activate', () => started?.windows.focusOrOpen());

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());

  app
    .whenReady()
    .then(async () => {
      await startDesktop({ paths, loaded, insecureOriginAtLaunch, onStarted: (app) => (started = app) });
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[startup] ${message}`);
      dialog.showErrorBox('石榴无法启动 Shiliu could not start', `${message}\n\nLog: ${paths.logDir}`);
      app.quit();
    });
}

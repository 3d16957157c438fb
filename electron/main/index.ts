/**
 * Electron main entry: app lifecycle only. The work is done in startup.ts
 * (server, protocol, IPC, windows); security.ts guards every web page.
 */
import { app, dialog, protocol, shell } from 'electron';
import { installGracefulShutdown } from './lifecycle';
import { resolveAppPaths } from './paths';
import { registerAppScheme } from './protocol';
import { guardWebContents, insecureOriginToAllow } from './security';
import { loadSettingsSync } from './settings';
import { StartupError, startDesktop, type StartedApp } from './startup';
import type { EmbeddedServer } from './embedded-server';

// Must happen before `ready`.
registerAppScheme(protocol);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  run();
}

function run(): void {
  const paths = resolveAppPaths(app.getAppPath(), app.getPath('userData'));
  const { settings, problem } = loadSettingsSync(paths.settingsFile);
  if (problem) console.warn(`[settings] ${problem}`);

  // A plain-http remote server on the LAN: let the secure app:// pages talk to it (see security.ts).
  if (settings.mode === 'remote' && settings.remoteUrl) {
    const origin = insecureOriginToAllow(settings.remoteUrl);
    if (origin) app.commandLine.appendSwitch('unsafely-treat-insecure-origin-as-secure', origin);
  }

  let server: EmbeddedServer | null = null;
  let started: StartedApp | null = null;

  installGracefulShutdown(app, () => server?.stop() ?? Promise.resolve());

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
      started = await startDesktop({ paths, settings, onServer: (s) => (server = s) });
    })
    .catch((error: unknown) => {
      const message = error instanceof StartupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[startup] ${message}`);
      dialog.showErrorBox('石榴无法启动 Shiliu could not start', message);
      app.quit();
    });
}

/**
 * A way back when a window's page dies: the renderer process crashes or is killed, the page cannot be
 * loaded, or it stops responding. The user is asked (reload or close) instead of being left with a blank or
 * frozen window.
 */

export interface RecoverableContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string; exitCode: number }) => void): unknown;
  on(event: 'did-fail-load', listener: (event: unknown, errorCode: number, errorDescription: string, url: string, isMainFrame: boolean) => void): unknown;
  reload(): void;
}

export interface RecoverableWindow {
  readonly webContents: RecoverableContents;
  on(event: 'unresponsive', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  close(): void;
}

export interface RecoveryDeps {
  /** Shows a message box; resolves with the index of the button chosen. */
  ask(window: RecoverableWindow, message: string, detail: string, buttons: string[]): Promise<number>;
  log?: Pick<Console, 'error' | 'warn'>;
}

/** Chromium's "aborted" (a navigation replaced by another): not a failure. */
const ERR_ABORTED = -3;

export function installRecovery(win: RecoverableWindow, startUrl: string, deps: RecoveryDeps): void {
  const log = deps.log ?? console;
  let asking = false;
  const offer = async (message: string, detail: string, retry: () => void, waitLabel?: string): Promise<void> => {
    if (asking || win.isDestroyed()) return;
    asking = true;
    try {
      const buttons = ['重新载入 Reload', '关闭窗口 Close', ...(waitLabel ? [waitLabel] : [])];
      const choice = await deps.ask(win, message, detail, buttons);
      if (win.isDestroyed()) return;
      if (choice === 0) retry();
      else if (choice === 1) win.close();
    } finally {
      asking = false;
    }
  };

  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    log.error(`[recovery] renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    void offer('页面崩溃了 The page crashed', `原因 Reason: ${details.reason}`, () => void win.loadURL(startUrl).catch(() => undefined));
  });

  win.webContents.on('did-fail-load', (_event, errorCode, errorDescription, url, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    log.error(`[recovery] cannot load ${url}: ${errorDescription} (${errorCode})`);
    void offer('页面无法载入 The page could not be loaded', `${errorDescription} (${errorCode})\n${url}`, () => void win.loadURL(url || startUrl).catch(() => undefined));
  });

  win.on('unresponsive', () => {
    log.warn('[recovery] window unresponsive');
    void offer('页面没有响应 The page is not responding', '可以等待，或重新载入。You can wait or reload.', () => win.webContents.reload(), '等待 Wait');
  });
}

/**
 * Which server the app talks to, and switching it while the app runs.
 *
 * - Offline demo: the start-up window shows the embedded server's progress (the first start prepares the
 *   demo data), then the member window opens. A failed start stays in the start-up window with retry,
 *   settings, log folder and quit; an unexpected stop of the server brings it back.
 * - Campus server: the member window opens at once; the page's indicator says when it cannot be reached.
 * - A settings file that cannot be used is reported (start-up and settings windows), never replaced silently.
 * - Saving other settings: a campus URL is checked first (server-check.ts); then the embedded server is
 *   started or stopped as needed, the pages' stored logins are cleared and the open windows reload, without
 *   restarting the app. Only a plain-http campus server needs a restart (a Chromium switch, see security.ts).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ShiliuAppInfo, ShiliuSaveSettingsResult, ShiliuServerCheck, ShiliuSettingsInput, ShiliuStartupState } from '../shared/bridge';
import type { Bootstrap } from '../shared/bootstrap';
import { IPC_EVENTS } from '../shared/constants';
import { EmbeddedServer, loadOrCreateDemoAdminPassword, loadOrCreateSecret, type ForkServer } from './embedded-server';
import type { AppPaths } from './paths';
import { insecureOriginToAllow } from './security';
import { checkServer } from './server-check';
import { connectionChanged, parseSettings, saveSettings, type DesktopSettings, type LoadedSettings } from './settings';
import type { UnreadIndicator } from './unread';
import type { WindowManager } from './windows';

export const DEMO_MEMBER_LOGIN = { user: 'demo', password: 'demo123456' } as const;

export interface ConnectionDeps {
  paths: AppPaths;
  windows: WindowManager;
  fork: ForkServer;
  appVersion: string;
  fetch: typeof fetch;
  /** Forgets what the pages stored (logins) when the server changes. */
  clearSiteData: () => Promise<void>;
  /** The plain-http origin Chromium was told to trust at launch (it cannot change while running). */
  insecureOriginAtLaunch: string | null;
  /** Asks the user; resolves with the index of the button chosen. */
  ask: (message: string, detail: string, buttons: string[]) => Promise<number>;
  relaunch: () => void;
  unread: Pick<UnreadIndicator, 'reset'>;
  serverLogFile: string;
  readyTimeoutMs?: number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export class Connection {
  private settings: DesktopSettings = { version: 1, mode: 'embedded', remoteUrl: null };
  private settingsProblem: string | null = null;
  private current: Bootstrap | null = null;
  private server: EmbeddedServer | null = null;
  private startup: ShiliuStartupState = { phase: 'starting', step: 'server', done: 0, total: 1, message: '' };
  private demoAdminPassword: string | null = null;
  private connecting: Promise<boolean> | null = null;

  constructor(private readonly deps: ConnectionDeps) {}

  /** The connection in use (null while starting, after a failure, or when the settings file is invalid). */
  bootstrap(): Bootstrap | null {
    return this.current;
  }

  startupState(): ShiliuStartupState {
    return this.startup;
  }

  async start(loaded: LoadedSettings): Promise<void> {
    this.settings = loaded.settings;
    if (loaded.problem) {
      this.settingsProblem = loaded.problem;
      this.setStartup({ phase: 'settings-invalid', message: loaded.problem });
      this.deps.windows.open('startup');
      this.deps.windows.open('settings');
      return;
    }
    await this.connect(loaded.settings);
  }

  /** Start-up window's retry: connect again with the current settings. */
  retry(): Promise<boolean> {
    return this.connect(this.settings);
  }

  private connect(settings: DesktopSettings): Promise<boolean> {
    // One attempt at a time; a second request while connecting gets the same outcome.
    this.connecting ??= this.doConnect(settings).finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async doConnect(settings: DesktopSettings): Promise<boolean> {
    this.settings = settings;
    if (settings.mode === 'remote' && settings.remoteUrl) {
      this.current = { baseUrl: settings.remoteUrl, mode: 'remote' };
      this.showAppWindows();
      this.deps.windows.close('startup');
      return true;
    }
    this.setStartup({ phase: 'starting', step: 'server', done: 0, total: 1, message: '' });
    this.deps.windows.open('startup');
    try {
      const [secret, password] = await Promise.all([loadOrCreateSecret(this.deps.paths.serverSecretFile), loadOrCreateDemoAdminPassword(this.deps.paths.demoAdminPasswordFile)]);
      this.demoAdminPassword = password;
      const server = new EmbeddedServer({
        fork: this.deps.fork,
        entry: this.deps.paths.serverEntry,
        dataDir: this.deps.paths.serverDataDir,
        extraEnv: { JWT_SECRET: secret, SHILIU_DEMO_ADMIN_PASSWORD: password },
        demo: true,
        readyTimeoutMs: this.deps.readyTimeoutMs ?? 120_000,
        onProgress: (progress) => this.setStartup({ phase: 'starting', ...progress }),
        onUnexpectedExit: (code) => this.serverStopped(code),
      });
      this.server = server;
      const running = await server.start();
      this.current = { baseUrl: running.baseUrl, mode: 'embedded' };
    } catch (error) {
      this.server = null;
      this.current = null;
      const message = error instanceof Error ? error.message : String(error);
      (this.deps.log ?? console).error(`[connection] embedded server failed: ${message}`);
      this.setStartup({ phase: 'failed', message: `本机服务器无法启动 The offline demo server could not start.\n${message}`, logFile: this.deps.serverLogFile });
      return false;
    }
    // The app window first: closing the last window would quit the app (window-all-closed).
    this.showAppWindows();
    this.deps.windows.close('startup');
    return true;
  }

  private serverStopped(code: number): void {
    this.server = null;
    this.current = null;
    this.setStartup({ phase: 'failed', message: `本机服务器意外停止（退出码 ${code}）The offline demo server stopped unexpectedly.`, logFile: this.deps.serverLogFile });
    this.deps.windows.open('startup');
  }

  /** Open app windows reload with the new connection; without any, the member window opens. */
  private showAppWindows(): void {
    const open = (['member', 'admin'] as const).filter((kind) => {
      const win = this.deps.windows.get(kind);
      return win !== undefined && !win.isDestroyed();
    });
    if (open.length === 0) {
      this.deps.windows.openMember();
      return;
    }
    for (const kind of open) this.deps.windows.restart(this.deps.windows.get(kind)!, kind);
  }

  private setStartup(state: ShiliuStartupState): void {
    this.startup = state;
    this.deps.windows.send('startup', IPC_EVENTS.startupState, state);
  }

  check(url: unknown): Promise<ShiliuServerCheck> {
    if (typeof url !== 'string' || url.length > 2048) return Promise.resolve({ ok: false, url: null, error: '地址无效' });
    return checkServer(url, { fetch: this.deps.fetch, appVersion: this.deps.appVersion });
  }

  /** Saves settings from the settings window and applies them (see the file comment). */
  async apply(input: unknown): Promise<ShiliuSaveSettingsResult> {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Partial<ShiliuSettingsInput>;
    const parsed = parseSettings({ version: 1, mode: raw.mode, remoteUrl: raw.remoteUrl ?? null });
    if (!parsed.ok) return parsed;
    const next = parsed.settings;
    if (next.mode === 'remote' && next.remoteUrl) {
      const checked = await this.check(next.remoteUrl);
      if (!checked.ok) return { ok: false, errors: [{ path: 'remoteUrl', message: checked.error }] };
      if (checked.insecure && raw.acceptInsecure !== true) {
        return { ok: false, errors: [{ path: 'remoteUrl', message: '这是明文 http:// 地址：请确认你了解风险后再保存' }] };
      }
    }
    const saved = await saveSettings(this.deps.paths.settingsFile, next);
    if (!saved.ok) return saved;
    const settings = saved.settings;
    const wasBroken = this.settingsProblem !== null;
    this.settingsProblem = null;
    if (!wasBroken && this.current && !connectionChanged(this.settings, settings)) {
      this.settings = settings;
      return { ok: true, settings, applied: 'unchanged' };
    }
    const insecure = settings.mode === 'remote' && settings.remoteUrl ? insecureOriginToAllow(settings.remoteUrl) : null;
    if (insecure && insecure !== this.deps.insecureOriginAtLaunch) {
      void this.deps
        .ask('需要重新启动 Restart required', '连接明文 http:// 服务器需要重新启动石榴。Shiliu must restart to use a plain-http server.', ['立即重启 Restart now', '稍后 Later'])
        .then((choice) => choice === 0 && this.deps.relaunch());
      return { ok: true, settings, applied: 'restart' };
    }
    await this.disconnect();
    await this.connect(settings);
    return { ok: true, settings, applied: 'switched' };
  }

  /** Stops the embedded server (if any) and forgets the pages' logins: they belong to the old server. */
  private async disconnect(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.current = null;
    this.deps.unread.reset();
    await server?.stop();
    await this.deps.clearSiteData().catch((error: unknown) => (this.deps.log ?? console).warn(`[connection] cannot clear site data: ${String(error)}`));
  }

  /** Offline demo: after confirmation, set the demo data aside and prepare it afresh. */
  async resetDemo(): Promise<boolean> {
    if (this.settings.mode !== 'embedded') return false;
    const choice = await this.deps.ask(
      '重置演示数据？Reset the demo data?',
      '这台电脑上的演示数据（包括你发布的笔记和上传的图片）会被删除，并重新生成。The offline demo data on this computer is removed and prepared again.',
      ['重置 Reset', '取消 Cancel'],
    );
    if (choice !== 0) return false;
    await this.disconnect();
    const dataDir = this.deps.paths.serverDataDir;
    const aside = `${dataDir}.removed-${Date.now()}`;
    // Rename first (instant, and the next start cannot see half-deleted data), then delete.
    await mkdir(path.dirname(dataDir), { recursive: true });
    await rename(dataDir, aside).catch(() => undefined);
    await rm(aside, { recursive: true, force: true });
    return this.connect(this.settings);
  }

  info(): ShiliuAppInfo {
    const { paths } = this.deps;
    const embedded = this.settings.mode === 'embedded';
    return {
      version: this.deps.appVersion,
      mode: this.settings.mode,
      baseUrl: this.current?.baseUrl ?? '',
      webUrl: this.current?.mode === 'remote' ? this.current.baseUrl : null,
      dataDir: embedded ? paths.serverDataDir : paths.userDataDir,
      logDir: paths.logDir,
      settingsFile: paths.settingsFile,
      settingsProblem: this.settingsProblem,
      demoAccounts: embedded && this.demoAdminPassword ? { member: { ...DEMO_MEMBER_LOGIN }, admin: { user: 'admin', password: this.demoAdminPassword } } : null,
    };
  }

  currentSettings(): DesktopSettings {
    return { ...this.settings };
  }

  /** On quit. */
  async stop(): Promise<void> {
    await this.server?.stop();
  }
}

/**
 * Lock-down of every web page the app shows (Electron security checklist):
 * - pages come only from `app://shiliu`; navigation elsewhere is blocked;
 * - no new windows (window.open, target=_blank): vetted https links go to the
 *   system browser through `shell.openExternal`, everything else is dropped;
 * - no <webview>; permissions denied except a short allow-list for our origin;
 * - IPC only from frames of our origin;
 * - a strict CSP on our pages that can talk only to the API base URL.
 *
 * The checks are pure functions; the wiring takes Electron objects as parameters.
 */
import type { Session, WebContents, WebPreferences } from 'electron';
import { APP_HOST, APP_SCHEME } from '../shared/constants';

function parse(url: string | null | undefined): URL | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `app://shiliu/...` (and nothing that merely looks like it). */
export function isAppUrl(url: string | null | undefined): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === `${APP_SCHEME}:` && parsed.hostname === APP_HOST && parsed.port === '' && parsed.username === '' && parsed.password === '';
}

/** In-app navigation (history routing, reloads, member ↔ admin) stays on our origin. */
export function isAllowedNavigation(url: string | null | undefined): boolean {
  return isAppUrl(url);
}

/**
 * A link we are willing to hand to the operating system: https only, a real
 * host name, no credentials. (http, file:, smb:, custom schemes, javascript:
 * … can start programs or leak credentials, so they are never opened.)
 */
export function isSafeExternalUrl(url: string | null | undefined): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false;
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.hostname !== '' && !parsed.hostname.includes('%');
}

/** IPC is served only to frames showing our own pages. */
export function isTrustedSenderUrl(url: string | null | undefined): boolean {
  return isAppUrl(url);
}

/**
 * Permissions our pages may get. Local-network ones are needed to fetch the
 * embedded server on 127.0.0.1 (Chromium's Local Network Access); clipboard
 * writing for "copy link"; fullscreen for videos. All else is refused.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'clipboard-sanitized-write',
  'fullscreen',
  'local-network-access',
  'local-network',
  'loopback-network',
]);

export function isPermissionAllowed(permission: string, requestingUrl: string | null | undefined): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Our pages are a secure context (`app://` is registered `secure`), so Chromium
 * blocks plain-http requests as mixed content, except to loopback. When the
 * user configured a remote server over plain http (a campus LAN), that one
 * origin is declared trustworthy with Chromium's
 * `--unsafely-treat-insecure-origin-as-secure`; returns that origin, or null.
 */
export function insecureOriginToAllow(baseUrl: string): string | null {
  const parsed = parse(baseUrl);
  if (!parsed || parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return null;
  return parsed.origin;
}

/** CSP of our pages: scripts only from the app, network only to the API server. */
export function buildContentSecurityPolicy(baseUrl: string): string {
  const parsed = parse(baseUrl);
  const api: string[] = [];
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
    api.push(parsed.origin);
    api.push(`${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}`);
  }
  const apiOrigin = api.slice(0, 1);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // React/CSS-in-JS set inline styles; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...apiOrigin]],
    ['media-src', ["'self'", 'blob:', ...apiOrigin]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...api]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** webPreferences of every window: isolated, sandboxed, no Node, web security on. */
export function secureWebPreferences(preload: string, additionalArguments: string[]): WebPreferences {
  return {
    preload,
    additionalArguments,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** What the guards need from a WebContents (structural, so tests can pass a fake). */
export interface GuardedContents {
  setWindowOpenHandler: WebContents['setWindowOpenHandler'];
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url?: string }, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

export interface GuardDeps {
  openExternal: (url: string) => Promise<void> | void;
  log?: Pick<Console, 'warn'>;
}

function openIfSafe(url: string, deps: GuardDeps): void {
  const log = deps.log ?? console;
  if (!isSafeExternalUrl(url)) {
    log.warn(`[security] blocked ${url}`);
    return;
  }
  Promise.resolve(deps.openExternal(url)).catch((error: unknown) => log.warn(`[security] openExternal failed: ${String(error)}`));
}

/** Denies new windows, foreign navigation and <webview> on one WebContents. */
export function guardWebContents(contents: GuardedContents, deps: GuardDeps): void {
  contents.setWindowOpenHandler(({ url }) => {
    // In-app links that ask for a new window just do nothing; vetted https goes to the browser.
    if (!isAppUrl(url)) openIfSafe(url, deps);
    return { action: 'deny' };
  });
  const onNavigate = (event: { preventDefault(): void; url?: string }, legacyUrl?: string): void => {
    const url = event.url ?? legacyUrl ?? '';
    if (isAllowedNavigation(url)) return;
    event.preventDefault();
    openIfSafe(url, deps);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', (event, legacyUrl) => {
    const url = event.url ?? legacyUrl ?? '';
    if (!isAllowedNavigation(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Permission handlers of a session: allow-list for our origin, deny the rest. */
export function guardSession(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  session.setPermissionRequestHandler((webContents, permission, callback, details) => {
    const requestingUrl = details.requestingUrl || webContents.getURL();
    callback(isPermissionAllowed(permission, requestingUrl));
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin),
  );
}

// @vitest-environment node
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  buildContentSecurityPolicy,
  guardSession,
  guardWebContents,
  insecureOriginToAllow,
  isAllowedNavigation,
  isAppUrl,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSenderUrl,
  secureWebPreferences,
  type GuardedContents,
} from '../../electron/main/security';

describe('URL allow-lists', () => {
  it('isAppUrl accepts only app://shiliu', () => {
    expect(isAppUrl('app://shiliu/explore')).toBe(true);
    expect(isAppUrl('app://shiliu')).toBe(true);
    expect(isAppUrl('app://shiliu/admin/users?page=2#x')).toBe(true);
    for (const url of ['app://evil/explore', 'app://shiliu.evil.com/', 'app://shiliu:8080/', 'app://user@shiliu/', 'http://shiliu/', 'file:///shiliu', 'https://127.0.0.1/', '', 'not a url', null, undefined]) {
      expect(isAppUrl(url), String(url)).toBe(false);
    }
  });

  it('allows navigation only inside the app', () => {
    expect(isAllowedNavigation('app://shiliu/note/1')).toBe(true);
    expect(isAllowedNavigation('app://shiliu/admin')).toBe(true);
    expect(isAllowedNavigation('https://shiliu.example.edu/')).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:3000/')).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd')).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)')).toBe(false);
    expect(isAllowedNavigation('data:text/html,<script>1</script>')).toBe(false);
  });

  it('opens externally only vetted https URLs', () => {
    expect(isSafeExternalUrl('https://www.example.com/page?q=石榴')).toBe(true);
    for (const url of [
      'http://www.example.com/',
      'file:///C:/Windows/System32/calc.exe',
      'smb://server/share',
      'javascript:alert(1)',
      'ms-msdt:/id PCWDiagnostic',
      'https://user:pass@example.com/',
      'app://shiliu/explore',
      'https://',
      `https://example.com/${'a'.repeat(3000)}`,
      '',
      null,
    ]) {
      expect(isSafeExternalUrl(url), String(url)).toBe(false);
    }
  });

  it('trusts IPC only from app://shiliu frames', () => {
    expect(isTrustedSenderUrl('app://shiliu/explore')).toBe(true);
    expect(isTrustedSenderUrl('https://evil.example/')).toBe(false);
    expect(isTrustedSenderUrl('about:blank')).toBe(false);
    expect(isTrustedSenderUrl(undefined)).toBe(false);
  });
});

describe('permissions', () => {
  it('grants the short allow-list to our origin only', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://shiliu/note/1')).toBe(true);
    expect(isPermissionAllowed('local-network-access', 'app://shiliu')).toBe(true);
    expect(isPermissionAllowed('fullscreen', 'app://shiliu/')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'usb', 'serial']) {
      expect(isPermissionAllowed(permission, 'app://shiliu/explore'), permission).toBe(false);
    }
  });

  it('guardSession installs request and check handlers using the allow-list', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    guardSession(session as never);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (...args: unknown[]) => void;
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    const contents = { getURL: () => 'app://shiliu/explore' };
    const callback = vi.fn();
    request(contents, 'media', callback, { requestingUrl: 'app://shiliu/explore' });
    request(contents, 'fullscreen', callback, { requestingUrl: '' });
    expect(callback.mock.calls).toEqual([[false], [true]]);
    expect(check(null, 'clipboard-sanitized-write', 'app://shiliu', {})).toBe(true);
    expect(check(null, 'geolocation', 'app://shiliu', {})).toBe(false);
  });
});

describe('buildContentSecurityPolicy', () => {
  it('lets pages connect to the embedded server and nothing else', () => {
    const csp = buildContentSecurityPolicy('http://127.0.0.1:49321');
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:49321', 'ws://127.0.0.1:49321']);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:49321']);
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'http://127.0.0.1:49321']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
  });

  it('uses the origin of a remote https server (and wss)', () => {
    const csp = buildContentSecurityPolicy('https://shiliu.example.edu/campus');
    expect(csp).toContain("connect-src 'self' https://shiliu.example.edu wss://shiliu.example.edu;");
    expect(csp).toContain("img-src 'self' data: blob: https://shiliu.example.edu;");
  });
});

describe('insecureOriginToAllow', () => {
  it('returns the origin of a plain-http remote server on another host', () => {
    expect(insecureOriginToAllow('http://10.0.0.5:3000/shiliu')).toBe('http://10.0.0.5:3000');
    expect(insecureOriginToAllow('http://shiliu.campus.lan')).toBe('http://shiliu.campus.lan');
  });
  it('returns null for https and for loopback (already trustworthy)', () => {
    expect(insecureOriginToAllow('https://shiliu.example.edu')).toBeNull();
    expect(insecureOriginToAllow('http://127.0.0.1:49321')).toBeNull();
    expect(insecureOriginToAllow('http://localhost:3000')).toBeNull();
    expect(insecureOriginToAllow('http://[::1]:3000')).toBeNull();
  });
});

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and disables Node in pages', () => {
    const prefs = secureWebPreferences('/app/dist/electron/preload/index.cjs', ['--shiliu-bootstrap=x']);
    expect(prefs).toMatchObject({
      preload: '/app/dist/electron/preload/index.cjs',
      additionalArguments: ['--shiliu-bootstrap=x'],
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

/** A WebContents stand-in: records the window-open handler, emits navigation events. */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
  navigate(event: string, url: string, legacyArg = true): { prevented: boolean } {
    const result = { prevented: false };
    const evt = { url, preventDefault: () => (result.prevented = true) };
    if (legacyArg) this.emit(event, evt, url);
    else this.emit(event, evt);
    return result;
  }
}

function guarded() {
  const contents = new FakeContents();
  const openExternal = vi.fn(async () => undefined);
  const warn = vi.fn();
  guardWebContents(contents as unknown as GuardedContents, { openExternal, log: { warn } });
  return { contents, openExternal, warn };
}

describe('guardWebContents', () => {
  it('denies every new window, sending vetted https links to the browser', () => {
    const { contents, openExternal } = guarded();
    expect(contents.openHandler?.({ url: 'https://www.example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'http://www.example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://shiliu/admin' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://www.example.com/']]);
  });

  it('lets in-app navigation through and blocks the rest', () => {
    const { contents, openExternal } = guarded();
    expect(contents.navigate('will-navigate', 'app://shiliu/note/7').prevented).toBe(false);
    expect(contents.navigate('will-navigate', 'https://www.example.com/').prevented).toBe(true);
    expect(contents.navigate('will-navigate', 'file:///etc/passwd', false).prevented).toBe(true);
    expect(contents.navigate('will-navigate', 'http://127.0.0.1:3000/api/x').prevented).toBe(true);
    expect(openExternal.mock.calls).toEqual([['https://www.example.com/']]);
  });

  it('blocks redirects away from the app and never opens them', () => {
    const { contents, openExternal } = guarded();
    expect(contents.navigate('will-redirect', 'https://www.example.com/').prevented).toBe(true);
    expect(contents.navigate('will-redirect', 'app://shiliu/explore').prevented).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses <webview>', () => {
    const { contents } = guarded();
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('logs, and survives, a failing openExternal', async () => {
    const contents = new FakeContents();
    const warn = vi.fn();
    guardWebContents(contents as unknown as GuardedContents, { openExternal: () => Promise.reject(new Error('no browser')), log: { warn } });
    contents.openHandler?.({ url: 'https://www.example.com/' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('no browser')));
  });
});

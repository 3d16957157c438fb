// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  handleAppProtocol,
  isInside,
  mimeTypeFor,
  registerAppScheme,
  resolveAppRequest,
} from '../../electron/main/protocol';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'shiliu-protocol-'));
  root = path.join(base, 'dist', 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'member.html'), '<!doctype html><title>member</title>');
  await writeFile(path.join(root, 'admin.html'), '<!doctype html><title>admin</title>');
  await writeFile(path.join(root, 'assets', 'member-abc123.js'), 'console.log("member")');
  await writeFile(path.join(root, 'assets', 'style.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(root, 'assets', '石榴 icon.svg'), '<svg/>');
  // Files next to the renderer folder that must never be served.
  await writeFile(path.join(base, 'dist', 'secret.txt'), 'secret');
  await mkdir(path.join(base, 'dist', 'renderer-evil'), { recursive: true });
  await writeFile(path.join(base, 'dist', 'renderer-evil', 'x.js'), 'evil');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const resolve = (url: string) => resolveAppRequest(url, root);
const fileOf = (name: string) => path.join(root, name);

describe('resolveAppRequest', () => {
  it('serves existing files as they are', async () => {
    expect(await resolve('app://shiliu/assets/member-abc123.js')).toEqual({ kind: 'file', filePath: fileOf('assets/member-abc123.js'), spaFallback: false });
    expect(await resolve('app://shiliu/admin.html')).toEqual({ kind: 'file', filePath: fileOf('admin.html'), spaFallback: false });
    expect(await resolve('app://shiliu/assets/%E7%9F%B3%E6%A6%B4%20icon.svg')).toEqual({ kind: 'file', filePath: fileOf('assets/石榴 icon.svg'), spaFallback: false });
    expect(await resolve('app://shiliu/assets/style.css?v=2#x')).toMatchObject({ kind: 'file', filePath: fileOf('assets/style.css') });
  });

  it('falls back to member.html for / and member routes', async () => {
    for (const url of ['app://shiliu', 'app://shiliu/', 'app://shiliu/explore', 'app://shiliu/note/42', 'app://shiliu/user/10001?tab=notes', 'app://shiliu/assets', 'app://shiliu/administrator']) {
      expect(await resolve(url), url).toEqual({ kind: 'file', filePath: fileOf('member.html'), spaFallback: true });
    }
  });

  it('falls back to admin.html for /admin and everything under it', async () => {
    for (const url of ['app://shiliu/admin', 'app://shiliu/admin/', 'app://shiliu/admin/users/3', 'app://shiliu/admin/audit?page=2']) {
      expect(await resolve(url), url).toEqual({ kind: 'file', filePath: fileOf('admin.html'), spaFallback: true });
    }
  });

  it('answers 404 for a missing asset instead of sending HTML', async () => {
    expect(await resolve('app://shiliu/assets/missing.js')).toEqual({ kind: 'not-found' });
    expect(await resolve('app://shiliu/admin/missing.css')).toEqual({ kind: 'not-found' });
    expect(await resolve('app://shiliu/favicon.ico')).toEqual({ kind: 'not-found' });
  });

  it('refuses path traversal in every spelling', async () => {
    const attempts = [
      'app://shiliu/%2e%2e/secret.txt',
      'app://shiliu/assets/%2E%2E/%2E%2E/secret.txt',
      'app://shiliu/..%2fsecret.txt',
      'app://shiliu/assets/..%2F..%2Fsecret.txt',
      'app://shiliu/..%5csecret.txt',
      'app://shiliu/assets%5c..%5c..%5csecret.txt',
      'app://shiliu/%2e%2e/renderer-evil/x.js',
    ];
    for (const url of attempts) {
      const result = await resolve(url);
      expect(result.kind, url).not.toBe('file');
      // WHATWG URL parsing already removes plain/encoded dot segments; the rest is refused by us.
      if (result.kind === 'file') expect(isInside(root, result.filePath)).toBe(true);
    }
    expect((await resolve('app://shiliu/..%2fsecret.txt')).kind).toBe('forbidden');
    expect((await resolve('app://shiliu/..%5csecret.txt')).kind).toBe('forbidden');
  });

  it('never resolves outside the root, even when the URL parser removed the dots', async () => {
    // `app://shiliu/../secret.txt` parses to `/secret.txt`: it is looked up inside the root (and missing there).
    expect(await resolve('app://shiliu/../secret.txt')).toEqual({ kind: 'not-found' });
    expect(await resolve('app://shiliu/../../dist/secret.txt')).toEqual({ kind: 'not-found' });
    expect(await resolve('app://shiliu/../renderer-evil/x.js')).toEqual({ kind: 'not-found' });
  });

  it('rejects NUL bytes and broken percent-encoding', async () => {
    expect(await resolve('app://shiliu/member.html%00.png')).toMatchObject({ kind: 'bad-request' });
    expect(await resolve('app://shiliu/%E0%A4%A')).toMatchObject({ kind: 'bad-request' });
  });

  it('serves only the shiliu host of the app scheme', async () => {
    expect(await resolve('app://other/member.html')).toEqual({ kind: 'not-found' });
    expect(await resolve('https://shiliu/member.html')).toEqual({ kind: 'not-found' });
  });

  it('uses the injected file check', async () => {
    const isFile = vi.fn(async () => true);
    expect(await resolveAppRequest('app://shiliu/virtual.js', '/srv/r', isFile)).toEqual({ kind: 'file', filePath: path.resolve('/srv/r/virtual.js'), spaFallback: false });
    expect(isFile).toHaveBeenCalledWith(path.resolve('/srv/r/virtual.js'));
  });
});

describe('isInside', () => {
  it('compares whole path segments', () => {
    expect(isInside('/a/renderer', '/a/renderer/x.js')).toBe(true);
    expect(isInside('/a/renderer', '/a/renderer')).toBe(true);
    expect(isInside('/a/renderer', '/a/renderer-evil/x.js')).toBe(false);
    expect(isInside('/a/renderer', '/a/secret.txt')).toBe(false);
  });
});

describe('mimeTypeFor', () => {
  it('knows the types of a vite build', () => {
    expect(mimeTypeFor('a/member.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeFor('a/x.js')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('a/x.CSS')).toBe('text/css; charset=utf-8');
    expect(mimeTypeFor('a/x.svg')).toBe('image/svg+xml');
    expect(mimeTypeFor('a/x.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('a/x.webp')).toBe('image/webp');
    expect(mimeTypeFor('a/x.unknown')).toBe('application/octet-stream');
  });
});

describe('createAppProtocolHandler', () => {
  const csp = "default-src 'self'; connect-src 'self' http://127.0.0.1:49321";
  const handler = () => createAppProtocolHandler({ rootDir: root, contentSecurityPolicy: csp, log: { warn: vi.fn() } });

  it('serves a route as member.html with the CSP header', async () => {
    const response = await handler()(new Request('app://shiliu/explore'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>member</title>');
  });

  it('serves /admin/... as admin.html', async () => {
    const response = await handler()(new Request('app://shiliu/admin/notes'));
    expect(await response.text()).toContain('<title>admin</title>');
  });

  it('serves assets with their MIME type and no CSP', async () => {
    const js = await handler()(new Request('app://shiliu/assets/member-abc123.js'));
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBeNull();
    expect(await js.text()).toBe('console.log("member")');
    const png = await handler()(new Request('app://shiliu/assets/logo.png'));
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('answers 403 for traversal, 404 for missing assets, 400 for bad paths', async () => {
    expect((await handler()(new Request('app://shiliu/..%2fsecret.txt'))).status).toBe(403);
    expect((await handler()(new Request('app://shiliu/assets/nope.js'))).status).toBe(404);
    expect((await handler()(new Request('app://shiliu/%E0%A4%A'))).status).toBe(400);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await handler()(new Request('app://shiliu/explore', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handler()(new Request('app://shiliu/explore', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 404 when the renderer has not been built', async () => {
    const missing = createAppProtocolHandler({ rootDir: path.join(base, 'nowhere'), contentSecurityPolicy: csp });
    expect((await missing(new Request('app://shiliu/explore'))).status).toBe(404);
  });
});

describe('scheme registration', () => {
  it('registers app:// as a privileged, secure, standard scheme', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
    ]);
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP');
  });

  it('installs the handler on the app scheme', async () => {
    const protocol = { handle: vi.fn() };
    handleAppProtocol(protocol, { rootDir: root, contentSecurityPolicy: "default-src 'self'" });
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const installed = protocol.handle.mock.calls[0]?.[1] as (r: Request) => Promise<Response>;
    expect((await installed(new Request('app://shiliu/'))).status).toBe(200);
  });
});

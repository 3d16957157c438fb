/**
 * `app://shiliu/...`: serves the bundled renderer (`dist/renderer`) to the
 * windows. Never file://: a privileged standard scheme gives the pages a real
 * origin (`app://shiliu`), working history routing and a CSP header.
 *
 * Resolution rules (see resolveAppRequest):
 * - only host `shiliu`, only GET/HEAD;
 * - the decoded path must stay inside the renderer folder (no `..`, no `\`, no NUL);
 * - an existing file is served as is, with its MIME type;
 * - `/` and unknown routes → member.html, `/admin` and `/admin/...` → admin.html,
 *   `/desktop/...` → desktop.html (SPA fallback), but a missing asset (a known static extension) is a 404.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../shared/constants';

export const MEMBER_ENTRY = 'member.html';
export const ADMIN_ENTRY = 'admin.html';
/** The desktop app's own pages (start-up, settings). */
export const DESKTOP_ENTRY = 'desktop.html';

export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
};

export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type AppPathResolution =
  | { kind: 'file'; filePath: string; spaFallback: boolean }
  | { kind: 'not-found' }
  | { kind: 'forbidden'; reason: string }
  | { kind: 'bad-request'; reason: string };

export type IsFile = (absolutePath: string) => Promise<boolean>;

export const isRegularFile: IsFile = async (absolutePath) => {
  try {
    return (await stat(absolutePath)).isFile();
  } catch {
    return false;
  }
};

/** True when `candidate` is `root` itself or inside it (after resolution). */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function isAdminPath(decodedPath: string): boolean {
  return decodedPath === '/admin' || decodedPath.startsWith('/admin/');
}

export function isDesktopPath(decodedPath: string): boolean {
  return decodedPath === '/desktop' || decodedPath.startsWith('/desktop/');
}

/** Maps an `app://shiliu/...` URL to a file of the renderer build. Pure apart from `isFile`. */
export async function resolveAppRequest(requestUrl: string, rootDir: string, isFile: IsFile = isRegularFile): Promise<AppPathResolution> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'bad-request', reason: 'invalid URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) return { kind: 'not-found' };

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'bad-request', reason: 'malformed percent-encoding' };
  }
  if (decoded === '') decoded = '/';
  if (decoded.includes('\0')) return { kind: 'bad-request', reason: 'NUL in path' };
  if (decoded.includes('\\')) return { kind: 'forbidden', reason: 'backslash in path' };
  if (decoded.split('/').some((segment) => segment === '..')) return { kind: 'forbidden', reason: 'path traversal' };

  const root = path.resolve(rootDir);
  const candidate = path.resolve(root, '.' + path.posix.normalize(decoded));
  if (!isInside(root, candidate)) return { kind: 'forbidden', reason: 'path outside the renderer folder' };

  if (decoded !== '/' && (await isFile(candidate))) return { kind: 'file', filePath: candidate, spaFallback: false };

  const extension = path.posix.extname(decoded).toLowerCase();
  if (extension !== '' && extension !== '.html' && extension in MIME_TYPES) return { kind: 'not-found' };
  if (isAdminPath(decoded)) return { kind: 'file', filePath: path.join(root, ADMIN_ENTRY), spaFallback: true };
  if (isDesktopPath(decoded)) return { kind: 'file', filePath: path.join(root, DESKTOP_ENTRY), spaFallback: true };
  return { kind: 'file', filePath: path.join(root, MEMBER_ENTRY), spaFallback: true };
}

export interface AppProtocolHandlerOptions {
  /** `dist/renderer` (absolute). */
  rootDir: string;
  /** Content-Security-Policy header sent with every HTML page (a function: it follows the server in use). */
  contentSecurityPolicy: string | (() => string);
  isFile?: IsFile;
  readFile?: (absolutePath: string) => Promise<Uint8Array>;
  log?: Pick<Console, 'warn'>;
}

function textResponse(status: number, body: string, method: string): Response {
  return new Response(method === 'HEAD' ? null : body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Builds the `protocol.handle('app', ...)` handler. Uses only web-standard Request/Response. */
export function createAppProtocolHandler(options: AppProtocolHandlerOptions): (request: Request) => Promise<Response> {
  const read = options.readFile ?? ((p: string) => readFile(p));
  const log = options.log ?? console;
  return async (request) => {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const resolved = await resolveAppRequest(request.url, options.rootDir, options.isFile);
    switch (resolved.kind) {
      case 'bad-request':
        return textResponse(400, 'Bad request', method);
      case 'forbidden':
        log.warn(`[app-protocol] refused ${request.url}: ${resolved.reason}`);
        return textResponse(403, 'Forbidden', method);
      case 'not-found':
        return textResponse(404, 'Not found', method);
      case 'file':
        break;
    }
    let body: Uint8Array;
    try {
      body = await read(resolved.filePath);
    } catch {
      return textResponse(404, 'Not found', method);
    }
    const contentType = mimeTypeFor(resolved.filePath);
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'Content-Length': String(body.byteLength),
      'X-Content-Type-Options': 'nosniff',
    };
    if (contentType.startsWith('text/html')) {
      headers['Content-Security-Policy'] = typeof options.contentSecurityPolicy === 'function' ? options.contentSecurityPolicy() : options.contentSecurityPolicy;
      headers['Cache-Control'] = 'no-cache';
    }
    return new Response(method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}

/** Privileges of the app scheme; must be registered before `app.ready`. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  // vite emits <script type="module" crossorigin>: CORS-mode requests to our own scheme must be allowed.
  // Other origins still cannot read app:// responses (they carry no Access-Control-Allow-Origin).
  corsEnabled: true,
  stream: true,
  codeCache: true,
} as const;

export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, options: AppProtocolHandlerOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}

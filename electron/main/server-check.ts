/**
 * Checks a campus server URL before it is saved: reachable, a Shiliu server (`/api/health` answers with our
 * envelope, `service: 'shiliu'` and a version), a release this app can talk to (same major version), and
 * open to the desktop app (its CORS allow-list includes app://shiliu, or the app's pages could not call it).
 * Runs in the main process; `fetch` is passed in so tests can use a real server or a stub.
 */
import { z } from 'zod';
import type { ShiliuServerCheck } from '../shared/bridge';
import { APP_ORIGIN } from '../shared/constants';
import { insecureOriginToAllow } from './security';
import { normalizeServerUrl } from './settings';

const healthSchema = z.object({
  code: z.literal(200),
  success: z.literal(true),
  data: z.object({
    status: z.string(),
    service: z.literal('shiliu'),
    version: z.string().regex(/^\d+\.\d+\.\d+/),
  }),
});

export interface ServerCheckDeps {
  fetch: typeof fetch;
  /** This app's version (package.json): the server must have the same major version. */
  appVersion: string;
  timeoutMs?: number;
}

function major(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

/** The system error code behind a failed fetch (undici nests it, sometimes in an AggregateError). */
function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; errors?: Array<{ code?: string }> } } | null)?.cause;
  return cause?.code ?? cause?.errors?.find((e) => e.code)?.code;
}

function describeNetworkError(error: unknown): string {
  const cause = errorCode(error);
  if ((error as Error | null)?.name === 'TimeoutError' || (error as Error | null)?.name === 'AbortError') return '连接超时：服务器没有在规定时间内响应';
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return '找不到这个服务器：请检查地址拼写和网络连接';
  if (cause === 'ECONNREFUSED') return '服务器拒绝连接：地址或端口可能不对，或服务器没有运行';
  if (cause && /CERT|SSL|TLS/.test(cause)) return `服务器的 HTTPS 证书无效（${cause}）`;
  return `无法连接服务器（${cause ?? (error instanceof Error ? error.message : String(error))}）`;
}

export async function checkServer(input: string, deps: ServerCheckDeps): Promise<ShiliuServerCheck> {
  const normalized = normalizeServerUrl(input);
  if (!normalized.ok) return { ok: false, url: null, error: `地址无效：${normalized.error}` };
  const url = normalized.url;
  let res: Response;
  try {
    res = await deps.fetch(`${url}/api/health`, {
      headers: { Accept: 'application/json', Origin: APP_ORIGIN },
      redirect: 'error',
      signal: AbortSignal.timeout(deps.timeoutMs ?? 8_000),
    });
  } catch (error) {
    return { ok: false, url, error: describeNetworkError(error) };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { ok: false, url, error: `这不是石榴服务器：${url}/api/health 没有返回 JSON（HTTP ${res.status}）` };
  }
  if (res.status === 403 && (body as { code?: unknown } | null)?.code === 403) {
    return { ok: false, url, error: `服务器没有允许桌面应用访问：请管理员在服务器的 CORS_ORIGINS 中加入 ${APP_ORIGIN}` };
  }
  const health = healthSchema.safeParse(body);
  if (!health.success) return { ok: false, url, error: `这不是石榴服务器，或版本太旧：${url}/api/health 的回复不是石榴的格式（HTTP ${res.status}）` };
  const { version } = health.data.data;
  if (major(version) !== major(deps.appVersion)) {
    return { ok: false, url, error: `服务器版本 ${version} 与桌面应用 ${deps.appVersion} 不兼容（主版本号不同）` };
  }
  const allowed = res.headers.get('access-control-allow-origin');
  if (allowed !== APP_ORIGIN && allowed !== '*') {
    return { ok: false, url, error: `服务器没有允许桌面应用访问：请管理员在服务器的 CORS_ORIGINS 中加入 ${APP_ORIGIN}` };
  }
  // Plain http to another computer: readable and changeable by anyone on the network (loopback is fine).
  return { ok: true, url, version, insecure: insecureOriginToAllow(url) !== null };
}

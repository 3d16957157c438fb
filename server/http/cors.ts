import type { Context, Next } from 'koa'
import type { AppConfig } from '../config'
import { Forbidden, AppError } from '../errors'

/**
 * Who may call the API from a web page.
 *
 * The API authenticates with bearer tokens, never cookies, but a well-known login (the offline demo's) or a
 * server on the user's own computer is still worth protecting from other sites the user visits. So:
 * - pages of this server itself (the member and admin apps it serves) always may: same origin;
 * - pages of the origins in CORS_ORIGINS may, and get CORS headers (the desktop app's `app://shiliu`; none by
 *   default, `*` for any);
 * - any other browser request (it carries an Origin, or Sec-Fetch-Site says cross-site) is refused with 403
 *   before it reaches a handler: for a simple POST, CORS alone would only hide the reply, not stop the write;
 * - clients that are not browsers (no Origin, no Sec-Fetch-Site: curl, scripts, other servers) are unaffected.
 */
export type OriginVerdict = { kind: 'same-origin' } | { kind: 'allowed'; origin: string } | { kind: 'no-origin' } | { kind: 'refused'; reason: string }

const CROSS_SITE = new Set(['cross-site', 'same-site'])

/** The request's Origin (or its absence) judged against the allow-list. Pure, for tests. */
export function judgeOrigin(headers: { origin?: string; secFetchSite?: string; host: string }, corsOrigins: readonly string[]): OriginVerdict {
  const origin = headers.origin?.trim().toLowerCase()
  if (!origin) {
    // Browsers leave out Origin on same-origin GETs and on <img>/<script>/navigations; the latter say cross-site.
    if (headers.secFetchSite && CROSS_SITE.has(headers.secFetchSite)) return { kind: 'refused', reason: `cross-site request (${headers.secFetchSite}) without an Origin` }
    return { kind: 'no-origin' }
  }
  if (corsOrigins.includes('*') || corsOrigins.includes(origin)) return { kind: 'allowed', origin }
  if (headers.secFetchSite === 'same-origin') return { kind: 'same-origin' }
  if (origin !== 'null' && authorityOf(origin) === headers.host.toLowerCase()) return { kind: 'same-origin' }
  return { kind: 'refused', reason: `origin ${origin} is not allowed` }
}

function authorityOf(origin: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)$/.exec(origin)
  return match ? match[1]! : null
}

/** CORS headers for an allowed cross-origin caller (none for same-origin pages and non-browser clients). */
export function corsHeaders(origin: string | undefined, corsOrigins: readonly string[]): Record<string, string> {
  if (!origin) return {}
  const lower = origin.toLowerCase()
  if (corsOrigins.includes('*')) return { 'Access-Control-Allow-Origin': '*' }
  if (corsOrigins.includes(lower)) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
  return {}
}

const REFUSED_MESSAGE = '不允许从其他网站调用此接口'

/**
 * Where another site sends the browser on purpose: an identity provider's redirect back to the sign-in callback
 * (issue 39) is a cross-site top-level GET. Only a GET without an Origin (a navigation, not a script's call) may
 * come this way. The callback guards itself: its single-use state is bound to the browser that started the
 * sign-in by a SameSite=Lax cookie, which a cross-site image or frame does not carry, so such a request is
 * refused there (400) and changes nothing.
 */
const CROSS_SITE_NAVIGATIONS = [/^\/api\/auth\/oidc\/[a-z0-9_-]+\/callback$/]

function crossSiteNavigation(ctx: Context): boolean {
  return ctx.method === 'GET' && !ctx.get('Origin') && CROSS_SITE_NAVIGATIONS.some((p) => p.test(ctx.path))
}

/** The origin policy of /api (see above), with CORS preflights. */
export function cors(config: Pick<AppConfig, 'corsOrigins'>) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next()
    const verdict = judgeOrigin({ origin: ctx.get('Origin') || undefined, secFetchSite: ctx.get('Sec-Fetch-Site') || undefined, host: ctx.host }, config.corsOrigins)
    if (verdict.kind === 'refused' && !crossSiteNavigation(ctx)) {
      ctx.state.originRefused = verdict.reason
      throw Forbidden(REFUSED_MESSAGE)
    }
    if (verdict.kind === 'allowed') {
      ctx.set(corsHeaders(verdict.origin, config.corsOrigins))
      ctx.set('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id')
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
        ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id')
        ctx.set('Access-Control-Max-Age', '86400')
        ctx.status = 204
        return
      }
    }
    await next()
  }
}

/**
 * ALLOWED_HOSTS: the server answers only requests addressed to these host names. The desktop app's server
 * lists 127.0.0.1 and localhost, so a web page that rebinds its own domain name to 127.0.0.1 (DNS rebinding,
 * which would make its requests "same-origin") is refused.
 */
export function hostGuard(config: Pick<AppConfig, 'allowedHosts'>) {
  const allowed = new Set(config.allowedHosts)
  return async (ctx: Context, next: Next) => {
    if (allowed.size > 0 && !allowed.has(ctx.hostname.toLowerCase())) throw new AppError(403, '不允许的主机名')
    await next()
  }
}

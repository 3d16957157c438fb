import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'
import type { Context, Middleware, Next } from 'koa'

/*
 * Security headers of every reply (HTML pages, API, media, errors), set before anything else runs, so an
 * error reply carries them too. See docs/security.md "HTTP headers". helmet builds them; since none depends
 * on the request, each policy's set is built once at start and copied onto every reply (running helmet's
 * middleware per request cost ~15 % of a bare route's CPU, issue #19).
 */

type Directives = Record<string, string[] | null>

/** What both apps need: their own scripts, styles and API; nothing may frame them. */
const APP_BASE: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets `style={{…}}` through the CSSOM (element.style), which CSP does not govern; the built pages
  // have no <style> element or style attribute, so no 'unsafe-inline' is needed.
  styleSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // A campus server may well be plain http on the LAN: upgrading its requests would break it.
  upgradeInsecureRequests: null,
}

/**
 * The member app also shows previews of files being uploaded (blob:), the captcha and image placeholders
 * (data:) and plays videos, previews included.
 */
export const MEMBER_CSP: Directives = { ...APP_BASE, imgSrc: ["'self'", 'data:', 'blob:'], mediaSrc: ["'self'", 'blob:'] }

/** The admin app shows stored media and its own data: placeholders; it makes no blob: previews. */
export const ADMIN_CSP: Directives = { ...APP_BASE, imgSrc: ["'self'", 'data:'], mediaSrc: ["'self'"] }

/** API replies and media are never documents to render: opened directly they get no powers at all. */
export const RESOURCE_CSP: Directives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [], upgradeInsecureRequests: null }

const common = helmet({
  contentSecurityPolicy: false,
  strictTransportSecurity: false, // the TLS front (docs/deployment.md) decides; over plain http browsers ignore it
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Media replies override this with cross-origin (server/http/static.ts): the desktop app (app://shiliu) shows them.
  crossOriginResourcePolicy: { policy: 'same-origin' },
})

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void

/** The headers a helmet middleware sets, captured once. */
function headersOf(...middlewares: NodeMiddleware[]): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const res = { setHeader: (name: string, value: string | number) => (headers[name] = String(value)), removeHeader: (name: string) => delete headers[name] }
  for (const middleware of middlewares) middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined)
  return Object.freeze(headers)
}

const csp = (directives: Directives) => headersOf(common, helmet.contentSecurityPolicy({ useDefaults: false, directives }))
const policies = { member: csp(MEMBER_CSP), admin: csp(ADMIN_CSP), resource: csp(RESOURCE_CSP) }

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function policyFor(path: string): keyof typeof policies {
  if (isUnder(path, '/api') || isUnder(path, '/uploads')) return 'resource'
  return isUnder(path, '/admin') || path === '/admin.html' ? 'admin' : 'member'
}

export function securityHeaders(): Middleware {
  return (ctx: Context, next: Next) => {
    ctx.set(policies[policyFor(ctx.path)])
    return next()
  }
}

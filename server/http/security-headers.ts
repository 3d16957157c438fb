import type { Context, Middleware, Next } from 'koa'
import helmet from 'koa-helmet'

/*
 * Security headers of every reply (HTML pages, API, media, errors), set by helmet before anything else runs,
 * so an error reply carries them too. See docs/security.md "HTTP headers".
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

const csp = (directives: Directives) => helmet.contentSecurityPolicy({ useDefaults: false, directives })
const policies = { member: csp(MEMBER_CSP), admin: csp(ADMIN_CSP), resource: csp(RESOURCE_CSP) }

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function policyFor(path: string): keyof typeof policies {
  if (isUnder(path, '/api') || isUnder(path, '/uploads')) return 'resource'
  return isUnder(path, '/admin') || path === '/admin.html' ? 'admin' : 'member'
}

export function securityHeaders(): Middleware {
  return async (ctx: Context, next: Next) => {
    await common(ctx, async () => {})
    await policies[policyFor(ctx.path)](ctx, async () => {})
    await next()
  }
}

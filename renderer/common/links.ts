/**
 * The one place that decides where a link goes (authors, tags, @mentions, notification senders, user cards,
 * admin table links, monitor items, links inside notes).
 *
 * - In a browser the spec's behaviour stays: these links open in a new tab.
 * - In the desktop app new windows are refused (electron/main/security.ts), so a link must never rely on
 *   one: an in-app destination is shown in the window that owns the route (the same window, or, for an admin
 *   clicking a member, the member window), a vetted https link to another site goes to the system browser,
 *   anything else is not opened.
 */
import { apiBase } from './api/env'
import { desktopBridge, type ShiliuWindowKind } from './desktop/bridge'

export type LinkDecision =
  | { kind: 'in-app'; app: ShiliuWindowKind; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'blocked'; reason: string }

export interface LinkContext {
  /** Origin of the page (`app://shiliu` in the desktop app). */
  pageOrigin: string
  /** The desktop app's API base; its web links (shared links of a campus server) open in the app too. */
  desktopBase: string | null
}

/** `/admin` and below belong to the admin app, every other route to the member app. */
export function appOfPath(pathname: string): ShiliuWindowKind {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'member'
}

/** Protocol and host, compared directly: `URL.origin` is "null" for custom schemes such as app://. */
function sameSite(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host
}

function inApp(pathname: string, rest: string): LinkDecision {
  const path = (pathname.startsWith('/') ? pathname : `/${pathname}`) + rest
  return { kind: 'in-app', app: appOfPath(pathname), path }
}

/** Where `href` goes. Pure: the context is passed in. */
export function decideLink(href: string, context: LinkContext): LinkDecision {
  const base = new URL(`${context.pageOrigin}/`)
  let url: URL
  try {
    url = new URL(href, base)
  } catch {
    return { kind: 'blocked', reason: 'invalid URL' }
  }
  if (sameSite(url, base)) return inApp(url.pathname, url.search + url.hash)
  if (context.desktopBase) {
    const server = new URL(`${context.desktopBase}/`)
    const prefix = server.pathname.replace(/\/$/, '')
    if (sameSite(url, server) && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
      const route = url.pathname.slice(prefix.length) || '/'
      if (!route.startsWith('/api/') && !route.startsWith('/uploads/')) return inApp(route, url.search + url.hash)
    }
  }
  if (url.username !== '' || url.password !== '') return { kind: 'blocked', reason: 'credentials in URL' }
  if (url.protocol === 'https:') return { kind: 'external', url: url.href }
  // Plain http is the browser's business; the desktop app hands only https to the operating system.
  if (url.protocol === 'http:' && !context.desktopBase) return { kind: 'external', url: url.href }
  return { kind: 'blocked', reason: `${url.protocol} links are not opened` }
}

/** The context of this page. */
export function currentLinkContext(): LinkContext {
  const bridge = desktopBridge()
  const { protocol, host } = window.location
  return { pageOrigin: `${protocol}//${host}`, desktopBase: bridge ? apiBase() : null }
}

export type Navigate = (path: string) => void

/**
 * Follows a link: a new tab in a browser (as the spec says); in the desktop app, `navigate` for a route of
 * this window's app, the owning window for the other app, the system browser for vetted https links.
 * Returns what it did.
 */
export function followLink(href: string, navigate: Navigate): LinkDecision {
  const decision = decideLink(href, currentLinkContext())
  const bridge = desktopBridge()
  if (!bridge) {
    if (decision.kind !== 'blocked') window.open(decision.kind === 'in-app' ? decision.path : decision.url, '_blank', 'noopener,noreferrer')
    return decision
  }
  if (decision.kind === 'in-app') {
    if (decision.app === appOfPath(window.location.pathname)) navigate(decision.path)
    else bridge.openInWindow(decision.app, decision.path)
  } else if (decision.kind === 'external') {
    bridge.openExternal(decision.url)
  } else {
    console.warn(`[links] not opened: ${href} (${decision.reason})`)
  }
  return decision
}

/**
 * The link others can open: the member app's route on the server's web address. Null in the offline demo
 * (the server runs on this computer only, nobody else can open it).
 */
export function shareableLink(path: string): string | null {
  const bridge = desktopBridge()
  if (!bridge) return `${window.location.origin}${path}`
  if (bridge.mode !== 'remote') return null
  return `${apiBase()}${path}`
}

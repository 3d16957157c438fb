// `window.shiliu` (the Electron preload's bridge) is declared in electron/shared/bridge.ts.
export type { ShiliuBridge } from '../desktop/bridge'

/** API origin: the Electron bridge's server, or the page's own origin when served by the headless server. */
export function apiBase(): string {
  const bridged = typeof window !== 'undefined' ? window.shiliu?.baseUrl : undefined
  return (bridged ?? '').replace(/\/+$/, '')
}

/** Media paths in replies are server-relative ("/uploads/..."); make them loadable from any origin. */
export function mediaUrl(path: string | null | undefined): string {
  if (!path) return ''
  if (/^(https?:|data:|blob:)/i.test(path)) return path
  return `${apiBase()}${path.startsWith('/') ? '' : '/'}${path}`
}

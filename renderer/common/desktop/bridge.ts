/**
 * The desktop app's bridge (`window.shiliu`, set by the Electron preload); null in a browser.
 * The types are shared with the preload and the main process (electron/shared/bridge.ts).
 */
import type { ShiliuBridge } from '../../../electron/shared/bridge'

export type { ShiliuAppInfo, ShiliuBridge, ShiliuServerCheck, ShiliuStartupState, ShiliuUnreadCounts, ShiliuWindowKind } from '../../../electron/shared/bridge'

export function desktopBridge(): ShiliuBridge | null {
  return typeof window !== 'undefined' ? (window.shiliu ?? null) : null
}

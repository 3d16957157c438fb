import { lazy, Suspense, type ComponentProps } from 'react'
import { desktopBridge } from './bridge'
import type { DesktopConnector } from './DesktopConnector'
import type { DesktopStatus } from './DesktopStatus'

/*
 * The desktop app's own parts of the member and admin apps, loaded with import() only where the Electron
 * preload's bridge (`window.shiliu`) exists: a browser renders nothing here and never downloads their code.
 */
const Status = lazy(async () => ({ default: (await import('./DesktopStatus')).DesktopStatus }))
const Connector = lazy(async () => ({ default: (await import('./DesktopConnector')).DesktopConnector }))

/** Which server this window talks to (desktop app only). */
export function DesktopStatusSlot(props: ComponentProps<typeof DesktopStatus>) {
  if (!desktopBridge()) return null
  return (
    <Suspense fallback={null}>
      <Status {...props} />
    </Suspense>
  )
}

/** Routes asked for by the main process and the unread badge (desktop app only). */
export function DesktopConnectorSlot(props: ComponentProps<typeof DesktopConnector>) {
  if (!desktopBridge()) return null
  return (
    <Suspense fallback={null}>
      <Connector {...props} />
    </Suspense>
  )
}

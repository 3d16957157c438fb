import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import type { MoreDialog } from './MorePanel'

type Dialog = MoreDialog | null

// The panel loads the first time the menu opens (or when the browser is idle); the first screen only shows the trigger.
const loadPanel = () => import('./MorePanel')
const MorePanel = lazy(async () => ({ default: (await loadPanel()).MorePanel }))
// Loaded on demand: it brings the shared contract (zod) along.
// The menu's dialogs load when they are opened (none is on the first screen).
const AboutModal = lazy(async () => ({ default: (await import('../features/account/AboutModal')).AboutModal }))
const ShortcutsModal = lazy(async () => ({ default: (await import('../features/account/ShortcutsModal')).ShortcutsModal }))
const AccountModal = lazy(async () => ({ default: (await import('../features/account/AccountModal')).AccountModal }))
const VerificationModal = lazy(async () => ({ default: (await import('../features/account/VerificationModal')).VerificationModal }))

/** More menu: its trigger, the panel (MorePanel.tsx) while open, and the dialogs the panel opens. */
export function MoreMenu({ placement = 'up', trigger }: { placement?: 'up' | 'down'; trigger: (open: boolean, toggle: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<Dialog>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  // fetch the panel's code ahead of the first click, once the first screen is done
  useEffect(() => {
    const timer = setTimeout(() => void loadPanel().catch(() => {}), 3000)
    return () => clearTimeout(timer)
  }, [])

  const pick = (d: Dialog) => {
    setOpen(false)
    setDialog(d)
  }

  return (
    <div className="more" ref={ref}>
      {trigger(open, () => setOpen((o) => !o))}
      {open && (
        <Suspense fallback={null}>
          <MorePanel placement={placement} onPick={pick} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'about' && <AboutModal open onClose={() => setDialog(null)} />}
          {dialog === 'shortcuts' && <ShortcutsModal open onClose={() => setDialog(null)} />}
          {dialog === 'account' && <AccountModal open onClose={() => setDialog(null)} />}
          {dialog === 'verify' && <VerificationModal open onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </div>
  )
}

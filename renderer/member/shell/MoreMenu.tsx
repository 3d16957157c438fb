import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { moveFocus } from '../../common/hooks/menuKeys'
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

  const triggerEl = () => ref.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]') ?? null
  const pick = (d: Dialog) => {
    // the item goes away with the menu: the trigger is what the dialog gives focus back to
    triggerEl()?.focus()
    setOpen(false)
    setDialog(d)
  }

  // menu keys (WAI-ARIA menu button): arrows move among the items, Escape closes and returns to the trigger, Tab
  // leaves (from the trigger, so focus goes on to what follows it)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return
    const panel = ref.current?.querySelector<HTMLElement>('[role="menu"]')
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault()
      triggerEl()?.focus()
      setOpen(false)
    } else if (panel && moveFocus(panel, '[role^="menuitem"]', e.key)) e.preventDefault()
  }

  return (
    <div className="more" ref={ref} onKeyDown={onKeyDown}>
      {trigger(open, () => setOpen((o) => !o))}
      {open && (
        <Suspense fallback={null}>
          <MorePanel
            placement={placement}
            onPick={pick}
            onClose={() => {
              // 登录 / 注册 opens the sign-in dialog after this: it gives focus back to the trigger, not to a lost item
              triggerEl()?.focus()
              setOpen(false)
            }}
          />
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

import { useLayoutEffect, useRef } from 'react'

/**
 * Keeps a live region (the toasts) above modal dialogs: a modal `<dialog>` sits in the top layer and makes the rest of
 * the page inert, so a toast shown while one is open would be hidden under it. The host is a manual popover, shown
 * again whenever its content changes, which puts it on top of whatever entered the top layer since.
 */
export function useTopLayer<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || typeof el.showPopover !== 'function') return
    if (el.matches(':popover-open')) el.hidePopover()
    el.showPopover()
  }, [key])
  return ref
}

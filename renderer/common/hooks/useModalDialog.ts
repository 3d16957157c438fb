import { useCallback, useLayoutEffect, useRef } from 'react'
import { isTopModal, popModal, pushModal } from './modalStack'
import { lockScroll } from './scrollLock'
// Every full-screen dialog's box (the class dialog-cover), loaded with the mechanism every dialog uses.
import './modal-dialog.css'

/**
 * The one mechanism behind every dialog and overlay of both apps (issue 41 §2): the platform's modal `<dialog>`.
 * `showModal()` puts the dialog in the top layer, makes the rest of the page inert (no focus, no clicks, hidden from
 * screen readers) and moves focus in; Escape fires `cancel`, which we turn into the owner's `onClose` so React stays
 * the one that decides what is open. On close, focus goes back to the element that had it when the dialog opened.
 *
 * The modal stack and the counted scroll lock stay: a few keyboard handlers (note shortcuts, the image viewer's
 * arrows) still ask whether their dialog is the topmost one, and `<dialog>` does not stop the page from scrolling.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  const idRef = useRef(0)
  const onCloseRef = useRef(onClose)
  useLayoutEffect(() => {
    onCloseRef.current = onClose
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    const id = pushModal()
    idRef.current = id
    const unlock = lockScroll()
    let closing = false
    // Escape: keep the dialog open here and let the owner close it (it may animate, confirm or navigate first)
    const onCancel = (e: Event) => {
      e.preventDefault()
      onCloseRef.current()
    }
    // the browser may still close it itself (a second Escape without user activation): follow along
    const onNativeClose = () => {
      if (!closing) onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onNativeClose)
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    // React's autoFocus runs before the dialog is shown (and so finds nothing focusable): a marked field wins
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      closing = true
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onNativeClose)
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close()
        else dialog.removeAttribute('open')
      }
      popModal(id)
      unlock()
      // give focus back to what opened the dialog, if it is still on the page
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [open])

  const isTop = useCallback(() => isTopModal(idRef.current), [])
  const modalId = useCallback(() => idRef.current, [])
  return { ref, isTop, modalId }
}

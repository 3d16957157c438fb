import { useEffect, useRef } from 'react'
import { isTopModal, openModalCount } from '../../../common/hooks/modalStack'

export interface NoteShortcutHandlers {
  prev: () => void
  next: () => void
  close?: () => void
  like: () => void
  collect: () => void
}

/** True while the user types in a field (shortcuts are then ignored). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable
}

/**
 * Note detail shortcuts (spec §2.2): ←/→ images, Esc closes, S collects, D likes.
 * `modalId` is the detail's own modal id: shortcuts only work while it is the topmost modal.
 */
export function useNoteShortcuts(handlers: NoteShortcutHandlers, enabled: boolean, modalId?: () => number) {
  const ref = useRef(handlers)
  ref.current = handlers
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      // in the viewer: only while it is the topmost dialog; on the note page: not while any dialog is open over it
      // (Escape there belongs to the dialog, and must not also leave the page)
      if (modalId ? !isTopModal(modalId()) : openModalCount() > 0) return
      if (isTyping(e.target)) return
      const h = ref.current
      if (e.key === 'ArrowLeft') h.prev()
      else if (e.key === 'ArrowRight') h.next()
      else if (e.key === 'Escape' && h.close) h.close()
      else if (e.key === 's' || e.key === 'S') h.collect()
      else if (e.key === 'd' || e.key === 'D') h.like()
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [enabled, modalId])
}

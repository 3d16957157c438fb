import { useCallback, useRef, type RefObject } from 'react'

/** Insert text at the caret of a textarea/input whose value is React state. */
export function useTextInsert<T extends HTMLTextAreaElement | HTMLInputElement>(value: string, setValue: (v: string) => void, max?: number): { ref: RefObject<T | null>; insert: (text: string) => void } {
  const ref = useRef<T>(null)
  const insert = useCallback(
    (text: string) => {
      const el = ref.current
      const start = el?.selectionStart ?? value.length
      const end = el?.selectionEnd ?? value.length
      const next = value.slice(0, start) + text + value.slice(end)
      if (max !== undefined && next.length > max) return
      setValue(next)
      requestAnimationFrame(() => {
        if (!el) return
        el.focus()
        const caret = start + text.length
        el.setSelectionRange(caret, caret)
      })
    },
    [value, setValue, max],
  )
  return { ref, insert }
}

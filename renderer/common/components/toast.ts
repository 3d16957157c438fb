/** Message toasts: a tiny store that any module can call (no React context needed). */
export type ToastKind = 'success' | 'error' | 'info' | 'warning'

export interface ToastItem {
  id: number
  kind: ToastKind
  message: string
  duration: number
}

type Listener = (items: readonly ToastItem[]) => void

let items: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<Listener>()
let defaultDuration = 2000

function emit() {
  for (const l of listeners) l(items)
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  listener(items)
  return () => listeners.delete(listener)
}

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id)
  emit()
}

/** The spec's default is 2 s; the notification page uses 3 s. */
export function setDefaultToastDuration(ms: number): void {
  defaultDuration = ms
}

function show(kind: ToastKind, message: string, duration?: number): number {
  const id = nextId++
  const item: ToastItem = { id, kind, message, duration: duration ?? defaultDuration }
  items = [...items.slice(-3), item]
  emit()
  setTimeout(() => dismissToast(id), item.duration)
  return id
}

export const toast = {
  success: (message: string, duration?: number) => show('success', message, duration),
  error: (message: string, duration?: number) => show('error', message, duration),
  info: (message: string, duration?: number) => show('info', message, duration),
  warning: (message: string, duration?: number) => show('warning', message, duration),
}

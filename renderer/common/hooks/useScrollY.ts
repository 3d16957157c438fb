import { useSyncExternalStore } from 'react'

function subscribe(cb: () => void) {
  window.addEventListener('scroll', cb, { passive: true })
  return () => window.removeEventListener('scroll', cb)
}

/** Re-renders only when "scrolled past `threshold`" flips, not on every scroll event. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold, () => false)
}

import { useSyncExternalStore } from 'react'

/** Breakpoints of the spec (§9): 695, 768, 900, 960 px. */
export const BREAKPOINTS = { search: 695, mobile: 768, narrow: 900, sidebar: 960 } as const

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const mq = window.matchMedia(query)
      mq.addEventListener('change', cb)
      return () => mq.removeEventListener('change', cb)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  )
}

/** True at `px` or less. */
export function useMaxWidth(px: number): boolean {
  return useMediaQuery(`(max-width: ${px}px)`)
}

function subscribeResize(cb: () => void) {
  window.addEventListener('resize', cb)
  return () => window.removeEventListener('resize', cb)
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeResize, () => window.innerWidth, () => 1440)
}

import { useEffect, useRef } from 'react'

/**
 * Calls `load` when the page is scrolled within `distance` px of the bottom (spec: 200 px, 200 ms debounce).
 * Also checks after each render, so a short first page that does not fill the screen keeps loading.
 */
export function useInfiniteScroll(load: () => void, enabled: boolean, distance = 200, debounce = 200) {
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    if (!enabled) return
    let timer: ReturnType<typeof setTimeout> | null = null
    const check = () => {
      const doc = document.documentElement
      if (window.innerHeight + window.scrollY >= doc.scrollHeight - distance) loadRef.current()
    }
    const onScroll = () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(check, debounce)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    onScroll()
    return () => {
      if (timer) clearTimeout(timer)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
    }
  })
}

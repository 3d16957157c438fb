/** Page scroll lock counted across open modals: the page scrolls again only when the last one closes. */
let count = 0
let savedPadding = ''

export function lockScroll(): () => void {
  count += 1
  if (count === 1 && typeof document !== 'undefined') {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth
    savedPadding = document.body.style.paddingRight
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`
    document.body.classList.add('scroll-locked')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    count = Math.max(0, count - 1)
    if (count === 0 && typeof document !== 'undefined') {
      document.body.classList.remove('scroll-locked')
      document.body.style.paddingRight = savedPadding
    }
  }
}

export function scrollLockCount(): number {
  return count
}

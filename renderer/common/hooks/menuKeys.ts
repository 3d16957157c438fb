/**
 * Arrow-key movement among the items of a menu or list (WAI-ARIA menu pattern): ArrowDown/ArrowUp go to the next or
 * previous item and wrap, Home/End to the first or last. Returns true when the key was one of these (the caller then
 * prevents the default scroll).
 */
export function moveFocus(container: HTMLElement, selector: string, key: string): boolean {
  const items = [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => !el.hasAttribute('disabled'))
  if (items.length === 0) return false
  const at = items.indexOf(document.activeElement as HTMLElement)
  let next: number
  if (key === 'ArrowDown') next = at < 0 ? 0 : (at + 1) % items.length
  else if (key === 'ArrowUp') next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length
  else if (key === 'Home') next = 0
  else if (key === 'End') next = items.length - 1
  else return false
  items[next]?.focus()
  return true
}

/** Index of the next active option in a list of `count` for an arrow key (the combobox pattern), or null. */
export function nextIndex(current: number, count: number, key: string): number | null {
  if (count === 0) return null
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count
  if (key === 'ArrowUp') return current < 0 ? count - 1 : (current - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

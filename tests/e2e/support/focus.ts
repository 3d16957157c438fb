/**
 * Keyboard focus check (WCAG 2.4.7, issue 22 §6): presses Tab through a screen and asserts that every element that
 * takes the focus shows it: the element or one of its two nearest ancestors (a field's wrapper, :focus-within) looks
 * different focused than unfocused (outline, ring, border, background or underline), transitions switched off.
 */
import { expect, type Page } from '@playwright/test'

// In the page: how an element and its two nearest ancestors look (what a focus style can change).
const SIGNATURE = `const signature = (el) => {
  const parts = []
  for (let e = el, i = 0; e && i < 3; e = e.parentElement, i++) {
    const s = getComputedStyle(e)
    parts.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor, s.textDecorationLine].join(' '))
  }
  return parts.join(' | ')
}`

/**
 * In the page: turns transitions off (so a style is read in its final state) and records how every focusable element
 * looks unfocused.
 */
const RECORD_UNFOCUSED = `(() => {
  ${SIGNATURE}
  const style = document.createElement('style')
  style.id = 'focus-check-no-transitions'
  style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
  document.head.appendChild(style)
  document.activeElement && document.activeElement.blur()
  const base = new Map()
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable]')) base.set(el, signature(el))
  window.__unfocused = base
})()`

/**
 * In the page: describes document.activeElement and whether its focus is visible: it (or its field wrapper) looks
 * different from unfocused; for an element that appeared since (no record), an outline or a ring of its own.
 */
const INSPECT_FOCUS = `(() => {
  ${SIGNATURE}
  const el = document.activeElement
  if (!el || el === document.body) return null
  const s = getComputedStyle(el)
  const before = window.__unfocused && window.__unfocused.get(el)
  const visible = before !== undefined ? before !== signature(el) : (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
  const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().slice(0, 30)
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).join('.') : ''
  const what = el.tagName.toLowerCase() + (cls ? '.' + cls : '') + (name ? ' "' + name + '"' : '')
  return { visible, what: visible ? what : what + ' (unfocused: ' + (before ?? 'not recorded') + '; focused: ' + signature(el) + ')' }
})()`

interface Focused {
  visible: boolean
  what: string
}

/**
 * Tabs `stops` times from the top of the page (or until the focus leaves the document) and soft-fails on each
 * focused element without a visible indicator. Returns how many elements took the focus.
 */
export async function checkFocusVisible(page: Page, label: string, stops = 30): Promise<number> {
  await page.evaluate(RECORD_UNFOCUSED)
  const invisible: string[] = []
  let reached = 0
  try {
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab')
      const focused = (await page.evaluate(INSPECT_FOCUS)) as Focused | null
      if (!focused) break
      reached++
      if (!focused.visible) invisible.push(focused.what)
    }
  } finally {
    await page.evaluate("document.getElementById('focus-check-no-transitions')?.remove(); document.activeElement?.blur()")
  }
  expect.soft(invisible, `${label}: focused without a visible indicator`).toEqual([])
  return reached
}

/**
 * Keyboard focus check (WCAG 2.4.7, issue 22 §6): presses Tab through a screen and asserts that every element that
 * takes the focus shows it: an outline, a box-shadow ring (its own or its field wrapper's, :focus-within), or a border
 * that changes colour when focused (text fields).
 */
import { expect, type Page } from '@playwright/test'

/** Runs in the page: describes document.activeElement and whether its focus is visible. */
const INSPECT_FOCUS = `(() => {
  const el = document.activeElement
  if (!el || el === document.body) return null
  const css = (e) => getComputedStyle(e)
  const ring = (s) => (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== 'none')
  let visible = ring(css(el)) || (el.parentElement && ring(css(el.parentElement)))
  if (!visible && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) {
    const focused = css(el).borderColor + css(el).backgroundColor
    el.blur()
    const blurred = css(el).borderColor + css(el).backgroundColor
    el.focus()
    visible = focused !== blurred
  }
  const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().slice(0, 30)
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).join('.') : ''
  return { visible: Boolean(visible), what: el.tagName.toLowerCase() + (cls ? '.' + cls : '') + (name ? ' "' + name + '"' : '') }
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
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  const invisible: string[] = []
  let reached = 0
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab')
    const focused = (await page.evaluate(INSPECT_FOCUS)) as Focused | null
    if (!focused) break
    reached++
    if (!focused.visible) invisible.push(focused.what)
  }
  expect.soft(invisible, `${label}: focused without a visible indicator`).toEqual([])
  return reached
}

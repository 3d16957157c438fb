/** Keyboard-only paths (issue 41 §2): Tab until an element has focus, as someone without a mouse would. */
import { expect, type Locator, type Page } from '@playwright/test'

/** What these checks read of an element in the page (the e2e tsconfig has no DOM types). */
export interface FocusNode {
  ownerDocument: { activeElement: unknown; body: unknown }
  contains(other: unknown): boolean
}

/** Whether the element `target` points at has focus (false while it is not on the page). */
export async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false
  // (the function runs in the page: casts only, no helpers from here)
  return target.evaluate((el) => el === (el as unknown as FocusNode).ownerDocument.activeElement)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus and returns how many presses it took; fails after `max`.
 * Inside a modal dialog, `within` is checked at every stop: focus never lands outside it (the page behind is inert;
 * between the last and the first element it may rest on the document itself).
 */
export async function tabTo(page: Page, target: Locator, { max = 120, back = false, within }: { max?: number; back?: boolean; within?: Locator } = {}): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (within) {
      const inside = await within.evaluate((el) => {
        const d = el as unknown as FocusNode
        const active = d.ownerDocument.activeElement
        return active === null || active === d.ownerDocument.body || d.contains(active)
      })
      expect(inside, `focus stays inside the dialog (press ${i})`).toBe(true)
    }
    if (await hasFocus(target)) return i
  }
  throw new Error(`not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'} presses: ${target}`)
}

/** Focus is somewhere inside `dialog`. */
export async function expectFocusInside(dialog: Locator, message: string): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => (el as unknown as FocusNode).contains((el as unknown as FocusNode).ownerDocument.activeElement)), { message }).toBe(true)
}

/**
 * The dialog sweeps (issue 41 §2): the page sweeps never open a dialog, a menu or an overlay, so these open each one
 * and run the same axe check there (support/axe.ts: serious or critical fails), in both colour schemes, then close
 * it with Escape and check that focus went back to what opened it.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { checkAxe, COLOUR_RULES } from './axe'
import type { FocusNode } from './keyboard'
import { SCHEMES, setScheme } from './sweep'

/**
 * axe on the page with `open` showing: every rule in light, the colour rules in dark. No <h1> count: the page behind
 * was checked by the page sweeps, the dialog is what is new.
 */
export async function checkOpen(page: Page, open: Locator, label: string): Promise<void> {
  await expect(open, `${label}: open`).toBeVisible()
  for (const scheme of SCHEMES) {
    await setScheme(page, scheme)
    await expect(open).toBeVisible()
    if (scheme === SCHEMES[0]) await checkAxe(page, { label: `${label} ${scheme}`, headings: false })
    else await checkAxe(page, { label: `${label} ${scheme}`, rules: COLOUR_RULES, headings: false })
  }
  await setScheme(page, SCHEMES[0])
}

/** Whether the element focused now is the one `target` points at. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === (el as unknown as FocusNode).ownerDocument.activeElement)
}

/** Closes with Escape and checks the dialog is gone and focus is back on its opener. */
export async function escapeBackTo(page: Page, open: Locator, opener: Locator, label: string): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(open, `${label}: Escape closes it`).toBeHidden()
  await expect.poll(() => isFocused(opener), { message: `${label}: focus goes back to what opened it` }).toBe(true)
}

import { expect, test, type Page } from '@playwright/test'
import { cards } from './helpers'

const WIDTHS = [
  { width: 375, height: 812, columns: 2, sidebar: false },
  { width: 800, height: 1000, columns: 3, sidebar: false },
  { width: 1440, height: 900, columns: 5, sidebar: true },
] as const

async function columnCount(page: Page) {
  return page.locator('.waterfall-column').count()
}

for (const w of WIDTHS) {
  test(`layout at ${w.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: w.width, height: w.height })
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    expect(await columnCount(page)).toBe(w.columns)
    await expect(page.locator('.sidebar')).toBeVisible({ visible: w.sidebar })
    await expect(page.locator('.bottom-bar')).toBeVisible({ visible: !w.sidebar })
    await expect(page.locator('.logo')).toHaveText('石榴')
    if (w.width <= 695) {
      await expect(page.getByRole('combobox', { name: '搜索' })).toBeHidden()
      await page.getByRole('button', { name: '搜索' }).click()
      await expect(page.getByRole('combobox', { name: '搜索' })).toBeVisible()
    } else await expect(page.getByRole('combobox', { name: '搜索' })).toBeVisible()
    // no horizontal scrolling
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
    expect(overflow).toBeLessThanOrEqual(1)
  })
}

import { expect, test, type Page } from '@playwright/test'
import { cards, DEMO, login } from './helpers'

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
      await expect(page.getByRole('searchbox')).toBeHidden()
      await page.getByRole('button', { name: '搜索' }).click()
      await expect(page.getByRole('searchbox')).toBeVisible()
    } else await expect(page.getByRole('searchbox')).toBeVisible()
    // no horizontal scrolling
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
    expect(overflow).toBeLessThanOrEqual(1)
  })
}

test('screenshots of the main screens at three widths', async ({ page }) => {
  test.setTimeout(180_000)
  const shot = async (name: string, width: number) => {
    await page.waitForTimeout(700)
    await page.screenshot({ path: `docs/screenshots/${name}-${width}.png` })
  }
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height })
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    await page.evaluate('Promise.all([...document.images].slice(0, 12).map((i) => (i.complete ? null : new Promise((r) => (i.onload = i.onerror = r)))))')
    await shot('explore', w.width)
    await cards(page).first().locator('.note-cover').click()
    await expect(page.locator('.note-detail')).toBeVisible()
    await shot('detail', w.width)
    await page.keyboard.press('Escape')
    await expect(page.locator('.note-detail')).toBeHidden()
    await page.goto('/search_result/all?keyword=学习')
    await expect(cards(page).first().or(page.getByText('没有找到相关内容'))).toBeVisible()
    await shot('search', w.width)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/explore')
  await login(page, DEMO.userId, DEMO.password)
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height })
    await page.goto('/publish')
    await expect(page.getByRole('tab', { name: '上传图文' })).toBeVisible()
    await shot('publish', w.width)
    await page.goto('/user')
    await expect(page.locator('.profile-header')).toBeVisible()
    await shot('profile', w.width)
    await page.goto('/notification')
    await expect(page.getByRole('tab', { name: '评论和@' })).toBeVisible()
    await shot('notifications', w.width)
  }
  await page.evaluate("localStorage.setItem('theme', 'dark')")
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/explore')
  await expect(cards(page).first()).toBeVisible()
  await shot('explore-dark', 1440)
})

/**
 * Keyboard focus on the admin app (issue 22 §6): on a table, the monitor and the API document, every element
 * reached with Tab shows its focus (support/focus.ts), light and dark.
 */
import { expect, test } from '@playwright/test'
import { checkFocusVisible } from '../support/focus'
import { SCHEMES, setScheme } from '../support/sweep'
import { loginAsAdmin } from './helpers'
import { ADMIN_ROUTES, openAdminRoute } from './routes'

test('every element reached with Tab shows its focus (admin, 1440 px, light and dark)', async ({ page }) => {
  test.setTimeout(120_000)
  await loginAsAdmin(page)
  await page.evaluate("localStorage.setItem('admin_theme', 'system')")
  for (const route of ADMIN_ROUTES.filter((r) => ['users', 'monitor', 'api-docs'].includes(r.name))) {
    await openAdminRoute(page, route)
    for (const scheme of SCHEMES) {
      await setScheme(page, scheme)
      const reached = await checkFocusVisible(page, `admin/${route.name} ${scheme}`)
      expect(reached, `admin/${route.name}: Tab reaches the screen's controls`).toBeGreaterThan(5)
    }
    await setScheme(page, 'light')
  }
})

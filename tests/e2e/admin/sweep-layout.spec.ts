/**
 * Admin layout sweep (issue 13): every admin route at 320–1440 px, light and dark: no horizontal overflow, the
 * header, toolbar and first-row actions inside the viewport; axe at 375 and 1440 px in both schemes (support/axe.ts). One browser context per width, signed in once;
 * routes are opened inside the app (no reload; the shared sweepRoutes reloads every route). Screenshots, to
 * test-results/sweep/: each screen that fails a check, or every one with SWEEP_SCREENSHOTS=1. The README gallery is
 * `npm run screenshots` (tests/screenshots/).
 */
import { test } from '@playwright/test'
import { SCHEMES, SWEEP_WIDTHS, checkLayout, forEachWidth, screenshotPath, setScheme, settleImages, signedInState, wantScreenshot, type StorageState, type SweepWidth } from '../support/sweep'
import { axeAt, checkAxeInScheme } from '../support/axe'
import { loginAsAdmin } from './helpers'
import { ADMIN_ROUTES, adminPrimary, openAdminRoute } from './routes'

const widths = (process.env.SWEEP_WIDTHS?.split(',').map(Number) ?? SWEEP_WIDTHS) as readonly SweepWidth[]

let storageState: StorageState
test.beforeAll(async ({ browser }) => {
  storageState = await signedInState(browser, async (page) => {
    await loginAsAdmin(page)
    // 'system' (also the default with nothing stored) makes it follow the emulated colour scheme (renderer/admin/layout/theme.ts)
    await page.evaluate("localStorage.setItem('admin_theme', 'system')")
  })
})

for (const width of widths) {
  test(`admin routes at ${width} px, light and dark`, async ({ browser }) => {
    // axe (375 and 1440 px) costs about as much as the layout checks on the long tables and the API document
    test.setTimeout(axeAt(width) ? 420_000 : 240_000)
    await forEachWidth(browser, { storageState, widths: [width] }, async (page) => {
      let first = true
      for (const route of ADMIN_ROUTES) {
        const t0 = Date.now()
        await setScheme(page, 'light')
        await openAdminRoute(page, route, { reload: first })
        first = false
        const primary = await adminPrimary(page, route, width)
        for (const scheme of SCHEMES) {
          await setScheme(page, scheme)
          const errorsBefore = test.info().errors.length
          const label = `admin/${route.name} ${width} ${scheme}`
          await checkLayout(page, { primary, label })
          if (axeAt(width)) await checkAxeInScheme(page, label, scheme === SCHEMES[0])
          if (wantScreenshot(errorsBefore)) {
            await page.evaluate('window.scrollTo(0, 0)')
            await settleImages(page)
            await page.screenshot({ path: screenshotPath('admin', route.name, width, scheme) })
          }
        }
        if (process.env.SWEEP_TIMING) console.log(route.name, width, Date.now() - t0)
      }
    })
  })
}

/**
 * Admin layout sweep (issue 13): every admin route at 320–1440 px, light and dark: no horizontal overflow, the
 * header, toolbar and first-row actions inside the viewport. One browser context per width, signed in once;
 * routes are opened inside the app (no reload). Screenshots: only a small selection, to test-results/sweep/ (users,
 * posts and monitor at the phone / tablet / desktop widths); the shared sweepRoutes would write one per route, width
 * and scheme, and reloads every route. The README gallery is `npm run screenshots` (tests/screenshots/).
 */
import { test } from '@playwright/test'
import { SCHEMES, SWEEP_WIDTHS, checkLayout, forEachWidth, screenshotPath, setScheme, settleImages, signedInState, type StorageState, type SweepWidth } from '../support/sweep'
import { loginAsAdmin } from './helpers'
import { ADMIN_ROUTES, adminPrimary, openAdminRoute } from './routes'

const SHOT_ROUTES = new Set(['users', 'posts', 'monitor'])
const SHOT_WIDTHS: readonly SweepWidth[] = [375, 768, 1440]
const widths = (process.env.SWEEP_WIDTHS?.split(',').map(Number) ?? SWEEP_WIDTHS) as readonly SweepWidth[]

let storageState: StorageState
test.beforeAll(async ({ browser }) => {
  storageState = await signedInState(browser, loginAsAdmin)
})

for (const width of widths) {
  test(`admin routes at ${width} px, light and dark`, async ({ browser }) => {
    test.setTimeout(240_000)
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
          await checkLayout(page, { primary, label: `admin/${route.name} ${width} ${scheme}` })
          if (SHOT_ROUTES.has(route.name) && SHOT_WIDTHS.includes(width)) {
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

/**
 * Admin layout sweep (issue 13): every admin route at 320–1440 px, light and dark: no horizontal overflow, the
 * header, toolbar and first-row actions inside the viewport. One browser context per width, signed in once.
 * Screenshots: only a small selection goes to docs/screenshots (README gallery: users, posts and monitor at the
 * phone / tablet / desktop widths); the shared sweepRoutes would write one per route, width and scheme.
 */
import { test } from '@playwright/test'
import { GALLERY_WIDTHS, SCHEMES, checkLayout, forEachWidth, screenshotPath, setScheme, settleImages, signedInState, type SweepWidth } from '../support/sweep'
import { loginAsAdmin } from './helpers'
import { ADMIN_ROUTES, adminPrimary, openAdminRoute } from './routes'

const GALLERY_ROUTES = new Set(['users', 'posts', 'monitor'])
const isGalleryWidth = (width: SweepWidth) => (Object.values(GALLERY_WIDTHS) as number[]).includes(width)

test('admin routes at every width, light and dark', async ({ browser }) => {
  test.setTimeout(420_000)
  const storageState = await signedInState(browser, loginAsAdmin)
  const widths = process.env.SWEEP_WIDTHS?.split(',').map(Number) as never
  await forEachWidth(browser, { storageState, widths }, async (page, width) => {
    for (const route of ADMIN_ROUTES) {
      const t0 = Date.now()
      await setScheme(page, 'light')
      await openAdminRoute(page, route)
      const primary = await adminPrimary(page, route, width)
      for (const scheme of SCHEMES) {
        await setScheme(page, scheme)
        await checkLayout(page, { primary, label: `admin/${route.name} ${width} ${scheme}` })
        if (GALLERY_ROUTES.has(route.name) && isGalleryWidth(width)) {
          await page.evaluate('window.scrollTo(0, 0)')
          await settleImages(page)
          await page.screenshot({ path: screenshotPath('admin', route.name, width, scheme) })
        }
      }
      if (process.env.SWEEP_TIMING) console.log(route.name, width, Date.now() - t0)
    }
  })
})

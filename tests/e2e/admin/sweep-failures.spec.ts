/**
 * Failure sweep (issue 13): every admin screen that loads data, with its call failing as a 500, a timeout and
 * offline, shows a message with 重试 (never an endless spinner or a silent 暂无数据); after a 500, restoring
 * the call and pressing 重试 brings the data back. One context, signed in once.
 */
import { expect, test, type Page } from '@playwright/test'
import { FAIL_MODES, expectErrorWithRetry, failCalls, signedInState } from '../support/sweep'
import { loginAsAdmin } from './helpers'
import { ADMIN_ROUTES, type AdminRoute } from './routes'

/** The call that loads the screen's data (a table's list GET has a query string; its filter loaders differ). */
function dataCall(route: AdminRoute): RegExp {
  if (route.kind === 'docs') return /\/api\/openapi\.json$/
  if (route.kind === 'monitor') return /\/api\/admin\/monitor\/activities(\?|$)/
  return new RegExp(`/api/admin/${route.name}\\?`)
}

function loaded(page: Page, route: AdminRoute) {
  if (route.kind === 'docs') return page.locator('.endpoint').first()
  if (route.kind === 'monitor') return page.locator('.feed-item').first()
  return page.locator('table.data-table tbody tr:not(:has(.load-error))').first()
}

test('every admin data screen fails visibly with a retry (500, timeout, offline)', async ({ browser }) => {
  test.setTimeout(300_000)
  const context = await browser.newContext({ storageState: await signedInState(browser, loginAsAdmin) })
  const page = await context.newPage()
  for (const mode of FAIL_MODES) {
    for (const route of ADMIN_ROUTES) {
      const restore = await failCalls(page, dataCall(route), mode)
      await page.goto(route.path)
      await expect(page.getByText('暂无数据')).toHaveCount(0)
      // Restoring and retrying once per screen is enough to prove the retry works (the 500 round).
      await expectErrorWithRetry(page, mode === '500' ? { restore, recovered: loaded(page, route) } : {})
      if (mode !== '500') await restore()
    }
  }
  await context.close()
})

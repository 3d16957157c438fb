/**
 * Dialog sweep of the back-office (issue 41 §2): every kind of admin dialog and the phone menu drawer opened at 375
 * and 1440 px, axe in light and dark (support/dialogs.ts, serious or critical fails), closed with Escape and focus
 * back on what opened it. The page sweeps (sweep-layout.spec.ts) cover the screens behind.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { checkOpen, escapeBackTo } from '../support/dialogs'
import { forEachWidth, signedInState, type StorageState, type SweepWidth } from '../support/sweep'
import { loginAsAdmin, rows } from './helpers'
import { ADMIN_ROUTES, MOBILE_MAX, openAdminRoute } from './routes'

const WIDTHS: readonly SweepWidth[] = [375, 1440]

let storageState: StorageState
test.beforeAll(async ({ browser }) => {
  storageState = await signedInState(browser, loginAsAdmin)
})

const route = (name: string) => ADMIN_ROUTES.find((r) => r.name === name)!

/** Opens the dialog `opener` leads to, checks it, closes it with Escape back to `opener`. */
async function sweepDialog(page: Page, opener: Locator, label: string): Promise<void> {
  await opener.click()
  const dialog = page.getByRole('dialog')
  await checkOpen(page, dialog, label)
  await escapeBackTo(page, dialog, opener, label)
}

for (const width of WIDTHS) {
  test(`admin dialogs at ${width} px, light and dark`, async ({ browser }) => {
    test.setTimeout(300_000)
    await forEachWidth(browser, { storageState, widths: [width] }, async (page) => {
      const at = `admin ${width}`
      await openAdminRoute(page, route('users'))
      if (width <= MOBILE_MAX) await sweepDialog(page, page.getByRole('button', { name: '打开菜单' }), `${at} menu drawer`)
      const name = page.locator('button.admin-name')
      if (await name.isVisible()) await sweepDialog(page, name, `${at} password`)
      await sweepDialog(page, page.getByRole('button', { name: '新增用户' }), `${at} new user`)
      await sweepDialog(page, rows(page).first().getByRole('button', { name: '编辑' }), `${at} edit user`)
      await sweepDialog(page, rows(page).nth(1).getByRole('button', { name: '封禁用户' }), `${at} ban confirmation`)

      await openAdminRoute(page, route('posts'), { reload: false })
      await sweepDialog(page, rows(page).first().getByRole('button', { name: '编辑' }), `${at} edit note`)
      const gallery = page.locator('button.gallery-btn').first()
      if (await gallery.count()) await sweepDialog(page, gallery, `${at} note images`)
      const more = page.locator('table.data-table tbody button.link-btn').first()
      if (await more.count()) await sweepDialog(page, more, `${at} note content`)
      await expect(page.getByRole('dialog')).toHaveCount(0)
    })
  })
}

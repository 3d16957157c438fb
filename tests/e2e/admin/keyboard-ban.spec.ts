/**
 * Keyboard-only path of the back-office (issue 41 §2): ban a member without a mouse. The confirmation is a modal
 * dialog (common/hooks/useModalDialog.ts): it takes focus, keeps it, and gives it back to the row's button.
 */
import { expect, test } from '@playwright/test'
import { registerMember } from '../member/api'
import { uniqueId } from '../member/helpers'
import { expectFocusInside, hasFocus, tabTo } from '../support/keyboard'
import { loginAsAdmin, rows } from './helpers'

test('ban a member from the back-office with the keyboard only', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('kbban'))
  await loginAsAdmin(page)
  await page.goto('/admin/users')
  await expect(rows(page).first()).toBeVisible()

  // find the member with the table's 小石榴号 filter, by keyboard (Enter submits the filter form)
  await tabTo(page, page.getByRole('textbox', { name: '小石榴号' }))
  await page.keyboard.type(member.userId)
  await page.keyboard.press('Enter')
  const row = rows(page).filter({ hasText: member.userId })
  await expect(rows(page)).toHaveCount(1)
  await expect(row.locator('td[data-label="状态"]')).toHaveText('正常')

  const ban = row.getByRole('button', { name: '封禁用户' })
  await tabTo(page, ban)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('确定要封禁用户')
  await expectFocusInside(dialog, 'the confirmation takes focus')
  await tabTo(page, dialog.getByRole('button', { name: '确定' }), { within: dialog, max: 10 })
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(row.locator('td[data-label="状态"]')).toHaveText('已封禁')
  // focus went back to the row's action (now 解封用户), not to the top of the page
  await expect.poll(() => hasFocus(row.getByRole('button', { name: '解封用户' })), { message: 'focus back on the row' }).toBe(true)
})

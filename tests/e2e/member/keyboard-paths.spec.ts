/**
 * Keyboard-only paths of the member app (issue 41 §2): no mouse from the first key on. Dialogs take focus when they
 * open, keep it while open, close on Escape and give it back (renderer/common/hooks/useModalDialog.ts). Before,
 * from explore, the login form and the viewer's like and comment were not reachable in 300 Tab presses.
 */
import { expect, test } from '@playwright/test'
import { registerMember, type Member } from './api'
import { cards, login, uniqueId } from './helpers'
import { solidPng } from './images'
import { expectFocusInside, hasFocus, tabTo } from '../support/keyboard'

let member: Member
test.beforeAll(async ({ request }) => {
  member = await registerMember(request, uniqueId('kb'))
})

test('sign in from explore with the keyboard only', async ({ page }) => {
  await page.goto('/explore')
  await expect(cards(page).first()).toBeVisible()
  const opener = page.locator('.side-login')
  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '登录石榴' })
  await expect(dialog).toBeVisible()
  await expectFocusInside(dialog, 'the sign-in dialog takes focus')
  // focus stays in the dialog: a full round of Tab never reaches the page behind
  await tabTo(page, dialog.getByPlaceholder('请输入石榴号'), { within: dialog, max: 30 })
  await page.keyboard.type(member.userId)
  await tabTo(page, dialog.getByPlaceholder('请输入密码'), { within: dialog, max: 5 })
  await page.keyboard.type(member.password)
  await page.keyboard.press('Enter')
  await expect(page.getByText('登录成功')).toBeVisible()
  await expect(dialog).toBeHidden()
})

test('like and comment from the note viewer with the keyboard only', async ({ page }) => {
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await page.goto('/explore')
  await expect(cards(page).first()).toBeVisible()
  const cover = cards(page).first().locator('a.note-cover')
  await tabTo(page, cover)
  await page.keyboard.press('Enter')
  const viewer = page.locator('dialog.note-overlay')
  await expect(viewer.locator('.note-detail')).toBeVisible()
  await expectFocusInside(viewer, 'the note viewer takes focus')

  // the actions sit at the end of the card: backwards from the first stop is the short way
  const like = viewer.getByRole('button', { name: /^点赞/ })
  await tabTo(page, like, { within: viewer, back: true })
  await page.keyboard.press('Enter')
  await expect(like).toHaveAttribute('aria-pressed', 'true')

  await tabTo(page, viewer.getByRole('button', { name: '说点什么...' }), { within: viewer, back: true, max: 10 })
  await page.keyboard.press('Enter')
  const box = viewer.getByPlaceholder('说点什么...（Shift+Enter 发送）')
  await expect.poll(() => hasFocus(box), { message: 'the comment field takes focus' }).toBe(true)
  const text = `键盘评论 ${uniqueId('c')}`
  await page.keyboard.type(text)
  await page.keyboard.press('Shift+Enter')
  await expect(viewer.getByText(text)).toBeVisible()

  // Escape closes the viewer and focus goes back to the card that opened it
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect.poll(() => hasFocus(cover), { message: 'focus back on the card' }).toBe(true)
})

test('publish a note with an image with the keyboard only', async ({ page }) => {
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await tabTo(page, page.locator('.sidebar').getByRole('link', { name: '发布' }).first())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/publish$/)

  await tabTo(page, page.getByRole('button', { name: /添加图片/ }))
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'kb.png', mimeType: 'image/png', buffer: solidPng(64, 96, [80, 160, 120]) })
  await expect(page.locator('.image-item')).toHaveCount(1)

  const title = `键盘发布 ${uniqueId('t')}`
  await tabTo(page, page.getByLabel('标题'))
  await page.keyboard.type(title)
  await tabTo(page, page.getByLabel('内容'))
  await page.keyboard.type('只用键盘发布的笔记。')
  await tabTo(page, page.getByLabel('分类'))
  await page.keyboard.press('ArrowDown')
  await expect(page.getByLabel('分类')).not.toHaveValue('')

  const publish = page.locator('.publish-submit').getByRole('button', { name: '发布', exact: true })
  await expect(publish).toBeEnabled()
  await tabTo(page, publish)
  await page.keyboard.press('Enter')
  await expect(page.getByText('发布成功')).toBeVisible()
  await expect(page).toHaveURL(/\/post-management$/)
  await expect(page.getByText(title)).toBeVisible()
})

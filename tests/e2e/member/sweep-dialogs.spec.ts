/**
 * Dialog sweep of the member app (issue 41 §2): every dialog, menu and overlay opened, at 375 and 1440 px, signed out
 * and signed in, axe in light and dark (support/dialogs.ts, serious or critical fails), closed with Escape and focus
 * back on what opened it. The page sweeps (sweep-layout.spec.ts) cover the screens behind.
 */
import { expect, test, type Page } from '@playwright/test'
import { checkOpen, escapeBackTo, isFocused } from '../support/dialogs'
import { forEachWidth, signedInState, type StorageState, type SweepWidth } from '../support/sweep'
import { cards, DEMO, login, uniqueId } from './helpers'

const WIDTHS: readonly SweepWidth[] = [375, 1440]

let storageState: StorageState
let otherPost: { id: number; user_id: string }

test.beforeAll(async ({ browser, request }) => {
  const feed = (await (await request.get('/api/posts?page=1&limit=20')).json()) as { data: { posts: { id: number; user_id: string }[] } }
  const post = feed.data.posts.find((p) => p.user_id !== DEMO.userId)
  expect(post, 'a demo note by another member').toBeTruthy()
  otherPost = post!
  storageState = await signedInState(browser, async (page) => {
    await page.goto('/explore')
    await login(page, DEMO.userId, DEMO.password)
  })
})

/** The shell's 更多 (the header's below 960 px, the sidebar's above). */
const moreTrigger = (page: Page) => page.getByRole('button', { name: '更多', exact: true }).filter({ visible: true })
const moreMenu = (page: Page) => page.getByRole('menu', { name: '更多' })

async function openFromMore(page: Page, item: string, dialogName: string, label: string): Promise<void> {
  const trigger = moreTrigger(page)
  await trigger.click()
  await moreMenu(page).getByRole('menuitem', { name: item }).click()
  const dialog = page.getByRole('dialog', { name: dialogName })
  await checkOpen(page, dialog, label)
  await escapeBackTo(page, dialog, trigger, label)
}

/** The More menu: focus on its first item, arrows move, Escape closes back to the trigger. */
async function moreMenuKeys(page: Page, label: string): Promise<void> {
  const trigger = moreTrigger(page)
  await trigger.focus()
  await page.keyboard.press('Enter')
  const menu = moreMenu(page)
  await checkOpen(page, menu, label)
  await expect.poll(() => isFocused(menu.getByRole('menuitem', { name: '关于石榴' })), { message: `${label}: the first item has focus` }).toBe(true)
  await page.keyboard.press('ArrowDown')
  expect(await isFocused(menu.getByRole('menuitem', { name: '键盘快捷键' })), `${label}: ArrowDown moves to the next item`).toBe(true)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  expect(await isFocused(menu.getByRole('menuitem').last()), `${label}: ArrowUp from the first item wraps to the last`).toBe(true)
  await escapeBackTo(page, menu, trigger, label)
}

/** The note viewer from the feed, the image viewer inside it; each closed with Escape back to its opener. */
async function noteViewer(page: Page, label: string, signedIn: boolean): Promise<void> {
  await page.goto('/explore')
  const cover = cards(page).first().locator('a.note-cover')
  await cover.click()
  const viewer = page.locator('dialog.note-overlay')
  await expect(viewer.locator('.note-detail')).toBeVisible()
  await expect(page.getByRole('dialog', { name: /.+/ }).first()).toBeVisible()
  await checkOpen(page, viewer, `${label} note viewer`)
  const slide = viewer.getByRole('button', { name: '查看第1张图片' })
  if (await slide.count()) {
    await slide.click()
    const images = page.getByRole('dialog', { name: '查看图片' })
    await checkOpen(page, images, `${label} image viewer`)
    await escapeBackTo(page, images, slide, `${label} image viewer`)
    await expect(viewer).toBeVisible()
  }
  if (signedIn) {
    await viewer.getByRole('button', { name: '说点什么...' }).click()
    const at = viewer.getByRole('button', { name: '@用户' })
    await at.click()
    const picker = page.getByRole('dialog', { name: '选择要@的人' })
    await checkOpen(page, picker, `${label} mention list`)
    // Escape closes the list only, not the viewer around it
    await page.keyboard.press('Escape')
    await expect(picker).toBeHidden()
    await expect(viewer).toBeVisible()
    await viewer.getByRole('button', { name: '表情' }).click()
    const emoji = page.getByRole('dialog', { name: '表情' })
    await checkOpen(page, emoji, `${label} emoji panel`)
    await viewer.getByRole('button', { name: '表情' }).click()
    await expect(emoji).toBeHidden()
  }
  await escapeBackTo(page, viewer, cover, `${label} note viewer`)
}

for (const width of WIDTHS) {
  test(`member dialogs signed out at ${width} px, light and dark`, async ({ browser }) => {
    test.setTimeout(240_000)
    await forEachWidth(browser, { widths: [width] }, async (page) => {
      const at = `member/visitor ${width}`
      await page.goto('/explore')
      await expect(cards(page).first()).toBeVisible()
      await moreMenuKeys(page, `${at} more menu`)
      await openFromMore(page, '关于石榴', '关于石榴', `${at} about`)
      await openFromMore(page, '键盘快捷键', '键盘快捷键', `${at} shortcuts`)

      // sign-in and registration, and the captcha dialog over them
      const opener = width > 960 ? page.locator('.side-login') : moreTrigger(page)
      if (width > 960) await opener.click()
      else {
        await opener.click()
        await moreMenu(page).getByRole('menuitem', { name: '登录 / 注册' }).click()
      }
      const auth = page.getByRole('dialog', { name: '登录石榴' })
      await checkOpen(page, auth, `${at} login`)
      await auth.getByRole('button', { name: '立即注册' }).click()
      const register = page.getByRole('dialog', { name: '注册石榴' })
      await checkOpen(page, register, `${at} register`)
      await register.getByPlaceholder('请输入石榴号').fill(uniqueId('dlg'))
      await register.getByPlaceholder('请输入昵称').fill('对话框')
      await register.getByPlaceholder('请输入密码').fill('secret123')
      await register.getByPlaceholder('请再次输入密码').fill('secret123')
      await register.getByRole('button', { name: '注册', exact: true }).click()
      const captcha = page.getByRole('dialog', { name: '请输入验证码' })
      await checkOpen(page, captcha, `${at} captcha`)
      await page.keyboard.press('Escape')
      await expect(captcha).toBeHidden()
      await expect(register, 'Escape closes the topmost dialog only').toBeVisible()
      await escapeBackTo(page, register, opener, `${at} register`)

      await noteViewer(page, at, false)
    })
  })

  test(`member dialogs signed in at ${width} px, light and dark`, async ({ browser }) => {
    test.setTimeout(300_000)
    await forEachWidth(browser, { storageState, widths: [width] }, async (page) => {
      const at = `member/demo ${width}`
      await page.goto('/explore')
      await expect(cards(page).first()).toBeVisible()
      await moreMenuKeys(page, `${at} more menu`)
      await openFromMore(page, '账号与安全', '账号与安全', `${at} account`)
      await openFromMore(page, '申请认证', '申请认证', `${at} verification`)

      await noteViewer(page, at, true)

      // report a note (the note page of another member's note)
      await page.goto(`/post/${otherPost.id}`)
      const report = page.locator('.note-detail').getByRole('button', { name: '举报' })
      await report.click()
      const reportDialog = page.getByRole('dialog', { name: '举报笔记' })
      await checkOpen(page, reportDialog, `${at} report`)
      await escapeBackTo(page, reportDialog, report, `${at} report`)

      // another member's ⋯ menu
      await page.goto(`/user/${otherPost.user_id}`)
      const more = page.getByRole('button', { name: '更多操作' })
      await more.click()
      const userMenu = page.getByRole('menu', { name: '更多操作' })
      await checkOpen(page, userMenu, `${at} user menu`)
      await escapeBackTo(page, userMenu, more, `${at} user menu`)

      // own profile: the profile editor
      await page.goto('/user')
      const edit = page.getByRole('button', { name: '编辑资料' })
      await edit.click()
      const editor = page.getByRole('dialog', { name: '编辑资料' })
      await checkOpen(page, editor, `${at} profile editor`)
      await escapeBackTo(page, editor, edit, `${at} profile editor`)

      // the confirmation dialog (deleting a note, cancelled with Escape)
      await page.goto('/post-management')
      const remove = page.locator('.manage-item').first().getByRole('button', { name: '删除' })
      await remove.click()
      const confirm = page.getByRole('dialog', { name: '删除笔记' })
      await checkOpen(page, confirm, `${at} confirm`)
      await escapeBackTo(page, confirm, remove, `${at} confirm`)

      // publish: 文字配图
      await page.goto('/publish')
      const textImage = page.getByRole('button', { name: '文字配图' })
      await textImage.click()
      const textDialog = page.getByRole('dialog', { name: '文字配图' })
      await checkOpen(page, textDialog, `${at} text image`)
      await escapeBackTo(page, textDialog, textImage, `${at} text image`)
    })
  })
}

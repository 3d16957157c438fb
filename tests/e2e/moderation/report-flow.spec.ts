import { expect, test, type Browser, type Page } from '@playwright/test'
import { confirmDialog, loginAsAdmin, rows } from '../admin/helpers'
import { publishNote, registerMember, type Member } from '../member/api'
import { login, uniqueId } from '../member/helpers'

/*
 * Issue 18, end to end on the built server: a member reports a note; the admin sees the group in the queue,
 * hides the note and bans its author for 1 day; the author sees the hidden notice and the ban banner; the
 * reporter gets the handled notification.
 */

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto('/')
  await login(page, member.userId, member.password)
  return page
}

test('report → queue → hide and 1-day ban → the author and the reporter see the outcome', async ({ browser, request, page }) => {
  test.setTimeout(120_000)
  const author = await registerMember(request, uniqueId('au'))
  const reporter = await registerMember(request, uniqueId('rp'))
  const title = `代课广告${Date.now().toString(36).slice(-4)}`
  const noteId = await publishNote(request, author, title, '加微信领取代课资料')

  // The reporter reports the note from its page.
  const reporterPage = await memberPage(browser, reporter)
  await reporterPage.goto(`/post?id=${noteId}`)
  await reporterPage.getByRole('button', { name: '举报', exact: true }).click()
  const dialog = reporterPage.getByRole('dialog')
  await dialog.getByText('垃圾广告').click()
  await dialog.getByRole('button', { name: '提交举报' }).click()
  await expect(reporterPage.getByText('举报成功，我们会尽快处理')).toBeVisible()
  await expect(reporterPage.getByRole('button', { name: '已举报' })).toBeDisabled()

  // The admin finds the group in the queue (badge in the menu), hides the note, then bans the author for 1 day.
  await loginAsAdmin(page)
  await page.goto('/admin/reports')
  await expect(page.locator('.menu-badge')).toBeVisible()
  const row = rows(page).filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: '隐藏' }).click()
  await page.getByRole('dialog').getByRole('textbox').fill('站外引流广告')
  await confirmDialog(page)
  await expect(page.getByRole('status').filter({ hasText: '已隐藏' })).toBeVisible()
  // Handled: it leaves the open queue.
  await expect(row).toHaveCount(0)

  await page.goto('/admin/users')
  await page.getByRole('textbox', { name: '小石榴号' }).fill(author.userId)
  await page.getByRole('button', { name: '筛选', exact: true }).click()
  const userRow = rows(page).filter({ hasText: author.userId })
  await expect(userRow).toHaveCount(1)
  await userRow.getByRole('button', { name: '限制账号' }).click()
  const banDialog = page.getByRole('dialog')
  await banDialog.getByRole('radio', { name: '1 天' }).click()
  await banDialog.getByRole('textbox').fill('多次发布广告')
  await confirmDialog(page)
  await expect(page.getByRole('status').filter({ hasText: '已限制该用户' })).toBeVisible()
  await expect(userRow.getByText(/限制至 .*：多次发布广告/)).toBeVisible()

  // The author: the ban banner on every page, and the hidden notice on the note.
  const authorPage = await memberPage(browser, author)
  await expect(authorPage.getByRole('alert').filter({ hasText: /账号已被限制至 .+：多次发布广告/ })).toBeVisible()
  await authorPage.goto(`/post?id=${noteId}`)
  await expect(authorPage.getByText('该内容已被隐藏：站外引流广告')).toBeVisible()
  // The comment box is closed rather than failing on send.
  await expect(authorPage.getByRole('button', { name: '账号受限，暂时不能评论' })).toBeDisabled()

  // Others no longer see it; the reporter got the handled notification.
  await reporterPage.goto(`/post?id=${noteId}`)
  await expect(reporterPage.getByText(title)).toHaveCount(0)
  await reporterPage.goto('/notification')
  await reporterPage.getByRole('tab', { name: /系统通知/ }).click()
  await expect(reporterPage.getByText('你的举报已处理').first()).toBeVisible()
  await expect(reporterPage.getByText(/该内容已被隐藏/).first()).toBeVisible()
})

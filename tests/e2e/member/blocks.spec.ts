import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiGet, registerMember, type Member } from './api'
import { DEMO, login, uniqueId } from './helpers'
import { solidPng } from './images'

/*
 * Blocking a member (拉黑, issue 18) in the member app: from the ⋯ menu of their profile, with the confirm
 * dialog; their notes leave explore; they are listed in 账号与安全 → 黑名单, where 解除拉黑 brings the notes back.
 */

/** Publishes a note in the first category; returns the explore path of that category's channel (newest first). */
async function publish(request: APIRequestContext, author: Member, title: string): Promise<string> {
  const auth = { Authorization: `Bearer ${author.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: solidPng(80, 100, [90, 160, 220]) } } })
  expect(upload.ok(), await upload.text()).toBe(true)
  const { url } = ((await upload.json()) as { data: { url: string } }).data
  const categories = await apiGet<Array<{ id: number; category_title: string }> | { categories: Array<{ id: number; category_title: string }> }>(request, '/categories')
  const list = Array.isArray(categories) ? categories : categories.categories
  const reply = await request.post('/api/posts', { headers: auth, data: { title, content: `<p>${title}</p>`, images: [url], category_id: list[0]!.id } })
  expect(reply.ok(), await reply.text()).toBe(true)
  return `/explore/${encodeURIComponent(list[0]!.category_title)}`
}

test('a member blocks an author from the profile ⋯ menu, the notes leave explore, 解除拉黑 brings them back', async ({ page, request }) => {
  const author = await registerMember(request, uniqueId('blk'))
  const title = `拉黑测试${Date.now().toString(36)}`
  // Its category's channel lists notes newest first (a signed-in member's 推荐 is ranked for them, issue 38).
  const channel = await publish(request, author, title)

  await page.goto('/')
  await login(page, DEMO.userId, DEMO.password)
  await page.goto(channel)
  const card = page.locator('.note-card').filter({ hasText: title })
  await expect(card).toBeVisible()

  await page.goto(`/user/${author.userId}`)
  await page.getByRole('button', { name: '更多操作' }).click()
  await page.getByRole('menuitem', { name: '拉黑' }).click()
  await expect(page.getByText('对方将无法关注你')).toBeVisible()
  await page.locator('.confirm-actions').getByRole('button', { name: '拉黑' }).click()
  await expect(page.getByText('已拉黑', { exact: true })).toBeVisible()
  await expect(page.getByText('你已拉黑该用户')).toBeVisible()

  await page.goto(channel)
  await expect(page.locator('.note-card').first()).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.getByRole('button', { name: '更多', exact: true }).click()
  await page.getByRole('menuitem', { name: '账号与安全' }).click()
  const blacklist = page.getByRole('region', { name: '黑名单' })
  const row = blacklist.getByTestId('blocked-user').filter({ hasText: author.userId })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: '解除拉黑' }).click()
  await expect(page.getByText('已解除拉黑')).toBeVisible()
  await expect(blacklist.getByTestId('blocked-user').filter({ hasText: author.userId })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await page.goto(channel)
  await expect(card).toBeVisible()
})

for (const width of [320, 1440]) {
  test(`the profile ⋯ menu and the blacklist fit at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 })
    const author = await registerMember(request, uniqueId('blw'))
    await page.goto('/')
    await login(page, DEMO.userId, DEMO.password)
    await page.goto(`/user/${author.userId}`)
    await page.getByRole('button', { name: '更多操作' }).click()
    const item = page.getByRole('menuitem', { name: '拉黑' })
    await expect(item).toBeInViewport({ ratio: 1 })
    await item.click()
    await page.locator('.confirm-actions').getByRole('button', { name: '拉黑' }).click()
    await expect(page.getByText('你已拉黑该用户')).toBeVisible()
    expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true)
    await page.getByRole('button', { name: '更多操作' }).click()
    await page.getByRole('menuitem', { name: '解除拉黑' }).click()
    await expect(page.getByText('已解除拉黑')).toBeVisible()
    await expect(page.getByText('你已拉黑该用户')).toBeHidden()
  })
}

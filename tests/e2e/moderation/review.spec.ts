/** Issue 18: a review word holds a member's note (审核中) until an admin approves it in 待审核; then it is in explore. */
import { expect, test } from '@playwright/test'
import { loginAsAdmin, rows } from '../admin/helpers'
import { apiGet, registerMember } from '../member/api'
import { login, uniqueId } from '../member/helpers'

/** A small PNG (1×1, red), uploaded through the member API. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

test('review word: the member sees 审核中, the admin approves it in 待审核, the note appears in explore', async ({ page, request }) => {
  const stamp = Date.now().toString(36)
  const reviewWord = `审核词${stamp}`

  // The admin adds the word on the 敏感词管理 screen.
  await loginAsAdmin(page)
  await page.goto('/admin/watched-words')
  await page.getByRole('button', { name: '新增敏感词' }).click()
  const dialog = page.getByRole('dialog', { name: '新增敏感词' })
  await dialog.getByLabel('词语').fill(reviewWord.toUpperCase())
  await dialog.getByLabel('处理方式').selectOption('review')
  await dialog.getByRole('button', { name: '创建' }).click()
  await expect(page.getByText('敏感词创建成功').first()).toBeVisible()

  // A member publishes a note containing it (full-width, in the middle of the text).
  const member = await registerMember(request, uniqueId('review_'))
  const auth = { Authorization: `Bearer ${member.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: PNG } } })
  expect(upload.ok(), await upload.text()).toBe(true)
  const image = ((await upload.json()) as { data: { url: string } }).data.url
  const categories = await apiGet<Array<{ id: number }> | { categories: Array<{ id: number }> }>(request, '/categories')
  const categoryId = (Array.isArray(categories) ? categories : categories.categories)[0]!.id
  const title = `周末一起学习 ${stamp}`
  const created = await request.post('/api/posts', { headers: auth, data: { title, content: `<p>有兴趣的同学看这里：${reviewWord}，欢迎</p>`, images: [image], category_id: categoryId } })
  expect(created.ok(), await created.text()).toBe(true)
  const body = (await created.json()) as { message: string; data: { id: number } }
  expect(body.message).toBe('已提交审核，审核通过后将公开显示')
  const noteId = body.data.id

  // Its author sees 审核中 on the note page; nobody else finds it in explore.
  const memberPage = await page.context().browser()!.newPage()
  await memberPage.goto('/explore')
  await login(memberPage, member.userId, member.password)
  await memberPage.goto(`/post/${noteId}`)
  await expect(memberPage.locator('.moderation-notice', { hasText: '审核中' }).first()).toBeVisible()
  const feedBefore = await apiGet<{ posts: Array<{ id: number }> }>(request, '/posts?page=1&limit=20')
  expect(feedBefore.posts.map((p) => p.id)).not.toContain(noteId)

  // The admin approves it on 待审核笔记.
  await page.goto('/admin/posts-audit')
  const row = rows(page).filter({ hasText: title.slice(0, 16) })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: '通过' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('审核通过成功').first()).toBeVisible()

  // It is in explore now: a visitor finds it there (a member's own notes are not in their own 推荐, issue 38),
  // and its author no longer sees 审核中.
  const visitorPage = await page.context().browser()!.newPage()
  await visitorPage.goto('/explore')
  await expect(visitorPage.locator(`[data-note-id="${noteId}"]`)).toBeVisible()
  await visitorPage.close()
  await memberPage.goto(`/post/${noteId}`)
  await expect(memberPage.getByRole('heading', { name: title })).toBeVisible()
  await expect(memberPage.locator('.moderation-notice')).toHaveCount(0)
  await memberPage.close()
})

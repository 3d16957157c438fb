import { expect, test, type Page } from '@playwright/test'
import { DEMO, login, register, uniqueId } from './helpers'
import { solidPng } from './images'

test.describe.configure({ mode: 'serial' })

const author = { userId: uniqueId('e2e_'), nickname: `作者${Date.now().toString().slice(-4)}`, password: 'secret123' }
const title = `端到端测试笔记 ${Date.now().toString(36)}`
const tag = `测试${Date.now().toString().slice(-3)}`
let noteId = 0

async function openNote(page: Page, id: number) {
  await page.goto(`/post?id=${id}`)
  await expect(page.locator('.note-detail')).toBeVisible()
}

test('a visitor registers with the captcha and is logged in', async ({ page }) => {
  await page.goto('/explore')
  await register(page, author.userId, author.nickname, author.password)
  await expect(page.locator('.side-login')).toBeHidden()
  await expect(page.locator('.sidebar').getByRole('link', { name: '我', exact: true })).toBeVisible()
  // the session survives a reload
  await page.reload()
  await expect(page.locator('.sidebar').getByRole('link', { name: '我', exact: true })).toBeVisible()
})

test('the member publishes an image note with two images and a tag, and finds it', async ({ page }) => {
  await page.goto('/explore')
  await login(page, author.userId, author.password)
  await page.getByRole('link', { name: '发布' }).first().click()
  await expect(page).toHaveURL(/\/publish$/)
  await expect(page.getByRole('tab', { name: '上传图文' })).toHaveAttribute('aria-selected', 'true')

  const publish = page.getByRole('button', { name: '发布', exact: true })
  await expect(publish).toBeDisabled()
  // a blocked button says which field is missing (issue 13): tooltip and, on a click, the spec's message
  await expect(publish).toHaveAttribute('title', '请输入标题')
  await publish.dispatchEvent('click')
  await expect(page.locator('.toast', { hasText: '请输入标题' })).toBeVisible()
  await expect(page.getByRole('button', { name: '存草稿' })).toHaveAttribute('title', '请输入标题或内容')
  await page.getByTestId('image-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: solidPng(64, 96, [255, 120, 140]) },
    { name: 'two.png', mimeType: 'image/png', buffer: solidPng(96, 64, [120, 160, 255]) },
  ])
  await expect(page.locator('.image-item')).toHaveCount(2)
  await expect(page.getByText('2/9')).toBeVisible()
  await page.getByLabel('标题').fill(title)
  await expect(page.getByText(`${title.length}/100`)).toBeVisible()
  await page.getByLabel('内容').fill('这是一条由端到端测试发布的笔记。\n第二行内容。')
  const category = page.getByLabel('分类')
  const firstCategory = await category.locator('option').nth(1).getAttribute('value')
  await category.selectOption(firstCategory!)
  await page.getByPlaceholder('输入标签名称，按回车添加').fill(tag)
  await page.getByPlaceholder('输入标签名称，按回车添加').press('Enter')
  await expect(page.locator('.tag-chip', { hasText: tag })).toBeVisible()

  await expect(publish).toBeEnabled()
  const created = page.waitForResponse((r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST')
  await publish.click()
  const reply = (await (await created).json()) as { data: { id: number } }
  noteId = reply.data.id
  expect(noteId).toBeGreaterThan(0)
  await expect(page.getByText('发布成功')).toBeVisible()
  await expect(page).toHaveURL(/\/post-management$/, { timeout: 5000 })
  await expect(page.getByText(title)).toBeVisible()

  // the note shows both images and the tag
  await openNote(page, noteId)
  await expect(page.locator('.note-detail-title')).toHaveText(title)
  await expect(page.locator('.slider-counter')).toHaveText('1/2')
  await expect(page.locator('.note-tag', { hasText: `#${tag}` })).toBeVisible()

  // it can be found by searching for its title, with the tag chip among the filters
  await page.goto('/explore')
  const box = page.getByRole('combobox', { name: '搜索' })
  await box.fill(title)
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search_result\/all\?keyword=/)
  await expect(page.locator('.note-card', { hasText: title })).toBeVisible()

  // and on the own profile
  await page.goto('/user')
  await expect(page.locator('.note-card', { hasText: title })).toBeVisible()
})

test('another member comments with a mention and likes the note', async ({ page }) => {
  expect(noteId).toBeGreaterThan(0)
  await page.goto('/explore')
  await login(page, DEMO.userId, DEMO.password)
  await openNote(page, noteId)
  const detail = page.locator('.note-detail')

  await detail.getByRole('button', { name: /说点什么/ }).click()
  const box = detail.locator('.comment-textarea')
  await expect(box).toBeFocused()
  await box.fill('写得真好，推荐给 ')
  await detail.getByRole('button', { name: '@用户' }).click()
  await page.getByPlaceholder('搜索用户').fill(author.nickname)
  await page.locator('.mention-item', { hasText: author.nickname }).click()
  await expect(box).toHaveValue(new RegExp(`@${author.nickname}`))
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/comments') && r.request().method() === 'POST')
  await box.press('Shift+Enter')
  expect((await sent).ok()).toBe(true)
  await expect(page.getByText('评论成功').or(page.getByText(/成功/).first())).toBeVisible()
  const comment = detail.locator('.comment', { hasText: '写得真好' }).first()
  await expect(comment).toBeVisible()
  await expect(comment.getByRole('link', { name: `@${author.nickname}` })).toHaveAttribute('href', `/user/${author.userId}`)
  await expect(comment.locator('.comment-badge.me')).toHaveText('我')

  const like = detail.getByRole('button', { name: '点赞' })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  const liked = page.waitForResponse((r) => r.url().endsWith('/api/likes') && r.request().method() === 'POST')
  await like.click()
  expect((await liked).ok()).toBe(true)
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveText('1')

  // after a reload the like and the comment are still there (server state, not only optimistic)
  await page.reload()
  await expect(page.locator('.note-detail').getByRole('button', { name: '点赞' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('.comment', { hasText: '写得真好' }).first()).toBeVisible()
})

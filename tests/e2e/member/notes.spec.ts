/** Issue 13, member app: notes, comments and lists behave as the spec says. */
import { expect, test } from '@playwright/test'
import { computedStyle } from '../support/sweep'
import { apiGet, registerMember, saveDraft } from './api'
import { cards, DEMO, login, uniqueId } from './helpers'

interface Card {
  id: number
  user_id: string
  comment_count: number
}
interface CommentRow {
  id: number
  verified: number
  nickname: string
}

test('draft box: plain-text previews of at most 100 characters, and the next page starts at its top', async ({ page, request }) => {
  const member = await registerMember(request, uniqueId('drafts_'))
  const long = '第一段<b>加粗</b>内容。'.repeat(30)
  for (let i = 0; i < 20; i++) await saveDraft(request, member, `草稿 ${i + 1}`, i === 19 ? long : `短内容 ${i + 1}`)
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/explore')
  await login(page, member.userId, member.password)
  await page.goto('/draft-box')
  await expect(page.locator('.manage-item')).toHaveCount(10)
  const previews = await page.locator('.manage-text').allTextContents()
  for (const text of previews) {
    expect(text.trim()).not.toBe('')
    expect(text).not.toContain('<')
    expect([...text.replace(/\.\.\.$/, '')].length).toBeLessThanOrEqual(100)
  }
  // the long one is cut with an ellipsis
  expect(previews.some((t) => t.endsWith('...'))).toBe(true)

  // page 2 is as long as page 1: staying at the bottom is possible, so scrollY 0 means we were moved to the top
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)')
  await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(0)
  await page.locator('.manage-pager').getByRole('button').last().click()
  await expect(page.getByText('第 2 / 2 页')).toBeVisible()
  await expect(page.locator('.manage-item')).toHaveCount(10)
  await expect.poll(() => page.evaluate('window.scrollY')).toBe(0)
})

test('editing a published note: the last image stays, saving says 更新成功', async ({ page }) => {
  await page.goto('/explore')
  await login(page, DEMO.userId, DEMO.password)
  await page.goto('/post-management')
  await page.locator('.manage-item').first().getByRole('button', { name: '编辑' }).click()
  await expect(page.getByRole('heading', { name: '编辑笔记' })).toBeVisible()
  const images = page.locator('.image-item')
  await expect(images.first()).toBeVisible()
  while ((await images.count()) > 1) await images.last().getByRole('button', { name: /删除图片/ }).click()
  await images.first().getByRole('button', { name: /删除图片/ }).click()
  await expect(page.locator('.toast', { hasText: '至少保留一张图片' })).toBeVisible()
  await expect(images).toHaveCount(1)
  await page.getByRole('button', { name: '保存修改' }).click()
  await expect(page.locator('.toast', { hasText: '更新成功' })).toBeVisible()
  await expect(page.locator('.toast', { hasText: '发布成功' })).toHaveCount(0)
})

test('comments: verified badge, one count for header and button, highlight of the target clears', async ({ page, request }) => {
  const feed = await apiGet<{ posts: Card[] }>(request, '/posts?page=1&limit=40')
  let found: { post: Card; comment: CommentRow } | null = null
  for (const post of feed.posts.filter((p) => p.comment_count > 0)) {
    const list = await apiGet<{ comments: CommentRow[] }>(request, `/posts/${post.id}/comments?page=1&limit=5`)
    const comment = list.comments.find((c) => c.verified > 0)
    if (comment) {
      found = { post, comment }
      break
    }
  }
  expect(found, 'a demo note with a comment by a verified member').not.toBeNull()
  const { post, comment } = found!
  await page.goto(`/post/${post.id}?targetCommentId=${comment.id}`)
  const detail = page.locator('.note-detail')
  await expect(detail.getByText(`共 ${post.comment_count} 条评论`)).toBeVisible()
  await expect(detail.getByRole('button', { name: '评论' })).toHaveText(String(post.comment_count))
  const target = page.locator(`#comment-${comment.id}`)
  await expect(target.locator('.comment-name').getByRole('img', { name: /认证/ })).toBeVisible()
  await expect(target).toHaveClass(/is-highlighted/)
  await expect(target).not.toHaveClass(/is-highlighted/) // spec: 3 s
})

test('a profile that does not exist asks for no notes or tags', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (r) => {
    if (/\/api\/users\/nobody_here_13\//.test(r.url())) calls.push(r.url())
  })
  await page.goto('/user/nobody_here_13')
  await expect(page.getByRole('heading', { name: '用户不存在' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(calls).toEqual([])
})

test('feed covers keep the top of the image; the sticky notification tab bar is as wide as the list', async ({ page }) => {
  await page.goto('/explore')
  await expect(cards(page).first()).toBeVisible()
  expect(await computedStyle(cards(page).first().locator('.note-cover img'), 'objectPosition')).toBe('50% 0%')
  await login(page, DEMO.userId, DEMO.password)
  await page.goto('/notification')
  const list = page.locator('.notif-list, .notif-page .feed-empty').first()
  await expect(list).toBeVisible()
  const [tabs, content] = await Promise.all([page.locator('.notif-tabs').boundingBox(), list.boundingBox()])
  expect(Math.round(tabs!.width)).toBe(Math.round(content!.width))
})

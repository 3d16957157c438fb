import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiGet, registerMember, type Member } from './api'
import { login, uniqueId } from './helpers'
import { solidPng } from './images'

/*
 * The personalised 推荐 (issue 38) in the member app: a member who chose an interest sees the matching note in
 * 推荐 with its reason in the card's menu (⋯ 更多操作), marks it 不感兴趣, and the card leaves at once and stays
 * gone after a reload.
 */

async function publishTagged(request: APIRequestContext, author: Member, title: string, tag: string): Promise<number> {
  const auth = { Authorization: `Bearer ${author.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: solidPng(64, 80, [120, 180, 90]) } } })
  expect(upload.ok(), await upload.text()).toBe(true)
  const url = ((await upload.json()) as { data: { url: string } }).data.url
  const categories = await apiGet<Array<{ id: number }>>(request, '/categories')
  const reply = await request.post('/api/posts', { headers: auth, data: { title, content: `<p>${title}</p>`, images: [url], tags: [tag], category_id: categories[0]!.id } })
  expect(reply.ok(), await reply.text()).toBe(true)
  return ((await reply.json()) as { data: { id: number } }).data.id
}

test('a recommended note shows why in its menu, and 不感兴趣 removes it from 推荐', async ({ page, request }) => {
  const author = await registerMember(request, uniqueId('rca'))
  const member = await registerMember(request, uniqueId('rcm'))
  const tag = `兴${Date.now().toString(36).slice(-5)}`
  const title = `推荐测试${Date.now().toString(36)}`
  await publishTagged(request, author, title, tag)
  const profile = await request.put(`/api/users/${member.userId}`, { headers: { Authorization: `Bearer ${member.token}` }, data: { interests: [tag] } })
  expect(profile.ok(), await profile.text()).toBe(true)

  await page.goto('/')
  await login(page, member.userId, member.password)
  await page.goto('/explore/recommend')
  const card = page.locator('.note-card').filter({ hasText: title })
  await expect(card).toBeVisible()

  const toggle = card.getByRole('button', { name: '更多操作' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(card.getByText(`因为你对 #${tag} 感兴趣`)).toBeVisible()
  await card.getByRole('button', { name: '不感兴趣' }).click()
  await expect(card).toHaveCount(0)
  await expect(page.getByText('将减少推荐此类内容')).toBeVisible()

  await page.reload()
  await expect(page.locator('.note-card').first()).toBeVisible()
  await expect(page.locator('.note-card').filter({ hasText: title })).toHaveCount(0)
})

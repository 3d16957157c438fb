import { expect, test } from '@playwright/test'
import { apiGet, registerMember } from './api'
import { uniqueId } from './helpers'
import { solidPng } from './images'

/*
 * Search that understands words (issue 38): suggestions while typing under the search box (a combobox and
 * its listbox: arrows move, Escape closes, Enter picks) and the matched words marked in a result card.
 */

test('suggestions while typing: a tag is suggested, the keyboard moves, closes and picks', async ({ page, request }) => {
  const author = await registerMember(request, uniqueId('sug'))
  const mark = Date.now().toString(36)
  const tag = `甜${mark.slice(-6)}` // tags have at most 8 characters
  const auth = { Authorization: `Bearer ${author.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: solidPng(64, 48, [200, 120, 60]) } } })
  const url = ((await upload.json()) as { data: { url: string } }).data.url
  const categories = await apiGet<Array<{ id: number }>>(request, '/categories')
  const reply = await request.post('/api/posts', { headers: auth, data: { title: `千层蛋糕测评 ${mark}`, content: '<p>学校门口新开的甜品店</p>', images: [url], tags: [tag], category_id: categories[0]!.id } })
  expect(reply.ok(), await reply.text()).toBe(true)

  await page.goto('/explore')
  const box = page.getByRole('combobox', { name: '搜索' })
  await box.fill(tag.slice(0, 4))
  const list = page.getByRole('listbox', { name: '搜索建议' })
  const option = list.getByRole('option', { name: new RegExp(`#${tag}`) })
  await expect(option).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')

  await box.press('ArrowDown')
  const first = list.getByRole('option').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await box.press('Escape')
  await expect(list).toBeHidden()

  await box.press('ArrowDown')
  await expect(option).toBeVisible()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search_result/all\\?tag=${encodeURIComponent(tag)}`))
  await expect(page.locator('.note-card').filter({ hasText: `千层蛋糕测评 ${mark}` })).toBeVisible()
})

test('a keyword search marks the matched words in the result card', async ({ page, request }) => {
  const author = await registerMember(request, uniqueId('hl'))
  const mark = Date.now().toString(36)
  const auth = { Authorization: `Bearer ${author.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: solidPng(64, 48, [60, 120, 200]) } } })
  const url = ((await upload.json()) as { data: { url: string } }).data.url
  const categories = await apiGet<Array<{ id: number }>>(request, '/categories')
  const reply = await request.post('/api/posts', { headers: auth, data: { title: `图书馆占座指南 ${mark}`, content: '<p>期末周的图书馆，早上七点就要排队</p>', images: [url], category_id: categories[0]!.id } })
  expect(reply.ok(), await reply.text()).toBe(true)

  await page.goto(`/search_result/all?keyword=${encodeURIComponent(`图书馆 ${mark}`)}`)
  const card = page.locator('.note-card').filter({ hasText: mark })
  await expect(card).toBeVisible()
  await expect(card.locator('.note-title mark')).toHaveText(['图书馆', mark])
  await expect(card.locator('.note-excerpt mark')).toHaveText(['图书馆'])
})

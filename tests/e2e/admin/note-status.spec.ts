/**
 * Issue 41: the back-office's notes table shows a note's status (已发布 / 草稿 / 待审核 / 未过审), not only its
 * draft flag, so a note held for review no longer looks published; the 笔记状态 filter asks the server for it.
 */
import { expect, test } from '@playwright/test'
import { publishNote, registerMember } from '../member/api'
import { ADMIN, loginAsAdmin, nextListQuery, rows } from './helpers'

test('notes: a held note shows 待审核 and the 笔记状态 filter finds it', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-6)
  const word = `审词${suffix}`
  const login = await request.post('/api/auth/admin/login', { data: ADMIN })
  expect(login.ok(), await login.text()).toBe(true)
  const admin = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens.access_token
  // A review word of this test alone holds the note that carries it.
  const added = await request.post('/api/admin/watched-words', { headers: { Authorization: `Bearer ${admin}` }, data: { word, action: 'review' } })
  expect(added.ok(), await added.text()).toBe(true)
  const wordId = ((await added.json()) as { data: { id: number } }).data.id
  try {
    const member = await registerMember(request, `ns${suffix}`)
    const title = `待审的笔记${word}`
    await publishNote(request, member, title)

    await loginAsAdmin(page)
    await page.goto('/admin/posts')
    const row = rows(page).filter({ hasText: title })
    await expect(row.locator('td[data-label="状态"]')).toHaveText('待审核')

    const query = await nextListQuery(page, 'posts', async () => {
      await page.getByLabel('笔记状态').selectOption('2')
      await page.getByRole('button', { name: '筛选', exact: true }).click()
    })
    expect(query.get('status')).toBe('2')
    await expect(row).toHaveCount(1)
    await expect(rows(page).locator('td[data-label="状态"]').filter({ hasNotText: '待审核' })).toHaveCount(0)
  } finally {
    await request.delete('/api/admin/watched-words', { headers: { Authorization: `Bearer ${admin}` }, data: { ids: [wordId] } })
  }
})

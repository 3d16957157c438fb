import { expect, test, type APIRequestContext } from '@playwright/test'
import { publishNote, registerMember, type Member } from './api'
import { login, uniqueId } from './helpers'

/*
 * The 关注 channel (issue 38, docs/discovery.md): a member with an empty timeline is offered people to follow,
 * follows one from there and sees their notes; a note they publish afterwards reaches the open tab without
 * reloading the app (the new-note check when the window is shown, or its interval), behind 「1 条新笔记」.
 * Visitors have no 关注 tab and are asked to sign in on its route; on a 320 px phone the tab is there too.
 */

async function setInterests(request: APIRequestContext, member: Member, interests: string[]): Promise<void> {
  const reply = await request.put(`/api/users/${member.userId}`, { headers: { Authorization: `Bearer ${member.token}` }, data: { interests } })
  expect(reply.ok(), await reply.text()).toBe(true)
}

test('follow someone from the empty 关注 tab, then see their new note there without reloading', async ({ page, request }) => {
  const author = await registerMember(request, uniqueId('fa'))
  const reader = await registerMember(request, uniqueId('fr'))
  // A shared interest nobody else declares: the author is the reader's first suggestion.
  const interest = `兴${Date.now().toString(36).slice(-5)}`
  await setInterests(request, author, [interest])
  await setInterests(request, reader, [interest])
  await publishNote(request, author, '关注前的笔记')

  await page.goto('/explore')
  await login(page, reader.userId, reader.password)
  const tabs = page.getByRole('tablist', { name: '频道' }).getByRole('tab')
  await expect(tabs.first()).toHaveText('关注')
  await expect(tabs.nth(1)).toHaveText('推荐')
  await tabs.first().click()
  await expect(page).toHaveURL(/\/explore\/following$/)

  const suggestion = page.locator('.following-suggest-item').filter({ hasText: `共同兴趣：${interest}` })
  await expect(suggestion).toBeVisible()
  await suggestion.getByRole('button', { name: '关注' }).click()
  await expect(page.locator('.note-card').filter({ hasText: '关注前的笔记' })).toBeVisible()

  await publishNote(request, author, '关注后的新笔记')
  // The tab shown again (window focus / visibility) checks for new notes; the interval would too, later.
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))")
  const arrived = page.getByRole('button', { name: '1 条新笔记' })
  await expect(arrived).toBeVisible({ timeout: 30_000 })
  await arrived.click()
  await expect(page.locator('.note-card').first()).toContainText('关注后的新笔记')
  await expect(page.locator('.note-card').filter({ hasText: '关注前的笔记' })).toBeVisible()
})

test('visitors see no 关注 tab and are asked to sign in on its route', async ({ page }) => {
  await page.goto('/explore')
  const tabs = page.getByRole('tablist', { name: '频道' }).getByRole('tab')
  await expect(tabs.first()).toHaveText('推荐')
  await expect(tabs.filter({ hasText: '关注' })).toHaveCount(0)
  await page.goto('/explore/following')
  await expect(page.getByText('登录后查看你关注的人发布的笔记')).toBeVisible()
  await page.locator('.following-signin').click()
  await expect(page.getByRole('heading', { name: '登录石榴' })).toBeVisible()
})

test('on a 320 px phone the 关注 tab comes first and its page fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const reader = await registerMember(request, uniqueId('fp'))
  await page.goto('/explore')
  await login(page, reader.userId, reader.password)
  const tabs = page.getByRole('tablist', { name: '频道' }).getByRole('tab')
  await expect(tabs.first()).toHaveText('关注')
  await tabs.first().click()
  await expect(page.getByText('关注的人发布的笔记会出现在这里')).toBeVisible()
  expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth')).toBe(true)
})

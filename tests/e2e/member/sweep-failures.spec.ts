/**
 * Failure sweep (issue 13): every member screen that loads data, with its call failing (500, timeout, offline),
 * shows a visible message with 重试 — never an endless spinner or an empty list that reads as "no data" — and
 * recovers through 重试 once the calls go through again (checked after the 500). One signed-in page for the file.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { expectErrorWithRetry, FAIL_MODES, failCalls, signedInState } from '../support/sweep'
import { cards, DEMO, login } from './helpers'

interface FailingScreen {
  name: string
  url: (ids: Ids) => string
  /** The call(s) that load the screen's data. */
  calls: RegExp
  /** What the screen shows once it loaded. */
  loaded: (page: Page) => Locator
}

interface Ids {
  postId: number
  otherUserId: string
}

const path = (re: string) => new RegExp(`/api${re}(\\?|$)`)

const SCREENS: FailingScreen[] = [
  { name: 'explore feed', url: () => '/explore', calls: path('/posts'), loaded: (p) => cards(p).first() },
  { name: 'note page', url: (i) => `/post/${i.postId}`, calls: path('/posts/\\d+'), loaded: (p) => p.locator('.note-detail') },
  { name: 'comments', url: (i) => `/post/${i.postId}`, calls: path('/posts/\\d+/comments'), loaded: (p) => p.locator('.comments-head') },
  { name: 'search', url: () => '/search_result/all?keyword=学习', calls: path('/search'), loaded: (p) => cards(p).first() },
  { name: 'users search', url: () => '/search_result/user?keyword=学', calls: path('/search'), loaded: (p) => p.locator('.user-card').first() },
  { name: 'profile', url: (i) => `/user/${i.otherUserId}`, calls: path('/users/[^/?]+'), loaded: (p) => p.locator('.profile-header') },
  { name: 'profile notes', url: (i) => `/user/${i.otherUserId}`, calls: path('/users/[^/?]+/posts'), loaded: (p) => cards(p).first() },
  { name: 'follow list', url: () => '/follow/following', calls: path('/users/[^/?]+/following'), loaded: (p) => p.locator('.user-card').first() },
  { name: 'notifications', url: () => '/notification', calls: path('/notifications/comments'), loaded: (p) => p.locator('.notif-list, .notif-page .feed-empty').first() },
  { name: 'note management', url: () => '/post-management', calls: path('/posts'), loaded: (p) => p.locator('.manage-item').first() },
  { name: 'draft box', url: () => '/draft-box', calls: path('/posts'), loaded: (p) => p.locator('.manage-item, .manage .feed-empty').first() },
]

let page: Page
let ids: Ids

async function openSignedIn(browser: Browser): Promise<Page> {
  const storageState = await signedInState(browser, async (p) => {
    await p.goto('/explore')
    await login(p, DEMO.userId, DEMO.password)
  })
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 860 }, locale: 'zh-CN' })
  return context.newPage()
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser, request }) => {
  const feed = (await (await request.get('/api/posts?page=1&limit=20')).json()) as { data: { posts: { id: number; user_id: string }[] } }
  const post = feed.data.posts.find((p) => p.user_id !== DEMO.userId)!
  ids = { postId: post.id, otherUserId: post.user_id }
  page = await openSignedIn(browser)
})

test.afterAll(async () => {
  await page.context().close()
})

for (const screen of SCREENS) {
  test(`${screen.name}: 500, timeout and offline show a message with 重试`, async () => {
    for (const mode of FAIL_MODES) {
      await test.step(mode, async () => {
        const restore = await failCalls(page, screen.calls, mode)
        await page.goto(screen.url(ids))
        // 重试 recovers the screen: shown once per screen (after the 500), the other modes end at the message
        if (mode === '500') await expectErrorWithRetry(page, { restore, recovered: screen.loaded(page) })
        else {
          await expectErrorWithRetry(page)
          await restore()
        }
      })
    }
  })
}

test('a device that goes offline gets the message at once, not a paused spinner', async () => {
  await page.goto('/explore')
  await expect(cards(page).first()).toBeVisible()
  await page.context().setOffline(true)
  try {
    await page.getByRole('tab', { name: '学习' }).click()
    await expectErrorWithRetry(page)
  } finally {
    await page.context().setOffline(false)
  }
  await page.getByRole('button', { name: '重试' }).click()
  await expect(cards(page).first()).toBeVisible()
})

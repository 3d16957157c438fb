/**
 * Links in the desktop app. The renderer is served from a second origin through the desktop app's own
 * app:// handler (electron/main/protocol.ts, same CSP), talks to the API on another origin, gets a
 * stand-in for the preload's window.shiliu, and every new window is refused, as in Electron. Then every kind
 * of link that used to open a new tab is clicked: it must show the route in the page, hand it to the member
 * window (admin pages), or give a vetted https link to the system browser, and never open a window.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { loginAsAdmin } from '../admin/helpers'
import { DEMO, login } from '../member/helpers'
import { API, APP, apiPort, serveRendererAsTheApp } from './app-origin'

// Browser globals used inside page functions (tests/e2e is type-checked without the DOM library).
declare const window: object
declare const sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
declare const navigator: { clipboard: { writeText(text: string): Promise<void> } }

let stopServing: () => Promise<void>

test.beforeAll(async () => {
  stopServing = await serveRendererAsTheApp()
})

test.afterAll(async () => {
  await stopServing()
})

interface BridgeCall {
  method: string
  args: unknown[]
}

/** window.shiliu as the preload gives it, recording the calls that leave the page. */
async function desktopContext(context: BrowserContext, mode: 'embedded' | 'remote'): Promise<{ page: Page; popups: string[] }> {
  await context.addInitScript(
    ({ baseUrl, mode }) => {
      const calls: Array<{ method: string; args: unknown[] }> = JSON.parse(sessionStorage.getItem('__calls') ?? '[]')
      const record =
        (method: string) =>
        (...args: unknown[]) => {
          calls.push({ method, args })
          sessionStorage.setItem('__calls', JSON.stringify(calls))
        }
      Object.defineProperty(window, 'shiliu', {
        value: Object.freeze({
          baseUrl,
          mode,
          getSettings: async () => ({ version: 1, mode, remoteUrl: null }),
          getInfo: async () => ({}),
          checkServer: async () => ({ ok: false, url: null, error: 'n/a' }),
          saveSettings: async () => ({ ok: false, errors: [] }),
          openSettings: record('openSettings'),
          openInWindow: record('openInWindow'),
          openExternal: record('openExternal'),
          openLogFolder: record('openLogFolder'),
          setUnreadCount: record('setUnreadCount'),
          onNavigate: () => () => undefined,
          onStartupState: () => () => undefined,
          retryStartup: record('retryStartup'),
          quit: record('quit'),
          resetDemoData: async () => false,
        }),
      })
      // The clipboard of a headless browser is not reliable: keep what is copied.
      navigator.clipboard.writeText = async (text: string) => sessionStorage.setItem('__clipboard', text)
    },
    { baseUrl: API, mode },
  )
  const page = await context.newPage()
  // Electron's window-open handler denies every new window: refuse them here too, and remember any attempt.
  const popups: string[] = []
  context.on('page', (popup) => {
    popups.push(popup.url())
    void popup.close()
  })
  return { page, popups }
}

async function calls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('__calls') ?? '[]') as BridgeCall[])
}

async function api<T>(method: string, path: string, token?: string, json?: unknown): Promise<T> {
  const res = await fetch(`${API}/api${path}`, {
    method,
    headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  const body = (await res.json()) as { data: T }
  expect(res.ok, `${method} ${path}`).toBe(true)
  return body.data
}

interface FeedPost {
  id: number
  author_account: string
}

/** A note by someone else, with tags, commented by the demo member with a mention and two links. */
async function preparedNote(): Promise<{ id: number; author: string; mentioned: string }> {
  const { tokens } = await api<{ tokens: { access_token: string } }>('POST', '/auth/login', undefined, { user_id: DEMO.userId, password: DEMO.password })
  const feed = await api<{ posts: FeedPost[] }>('GET', '/posts?page=1&limit=30')
  for (const post of feed.posts) {
    if (post.author_account === DEMO.userId) continue
    const detail = await api<{ tags: unknown[] }>('GET', `/posts/${post.id}`)
    if (detail.tags.length === 0) continue
    const mentioned = feed.posts.find((p) => p.author_account !== post.author_account && p.author_account !== DEMO.userId)!.author_account
    const profile = await api<{ nickname: string }>('GET', `/users/${mentioned}`)
    await api('POST', '/comments', tokens.access_token, {
      post_id: post.id,
      content: `看看 [@${profile.nickname}:${mentioned}] 的 <a href="https://example.org/campus">校外链接</a> 和 <a href="http://example.net/plain">明文链接</a>`,
    })
    return { id: post.id, author: post.author_account, mentioned }
  }
  throw new Error('no note with tags in the demo data')
}

test('member links stay in the desktop window; https links go to the system browser; nothing opens a window', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const { page, popups } = await desktopContext(context, 'remote')
  const note = await preparedNote()
  const showsRoute = async (pattern: RegExp) => {
    await expect(page).toHaveURL(pattern)
    expect(new URL(page.url()).origin).toBe(APP)
  }
  const openNote = async () => {
    await page.goto(`${APP}/post?id=${note.id}`)
    await expect(page.locator('.note-author-link')).toBeVisible()
  }

  await openNote()
  // The indicator names the server in use.
  await expect(page.getByTestId('desktop-status')).toContainText(`校园服务器 · 127.0.0.1:${apiPort}`)

  await page.locator('.note-author-link').click()
  await showsRoute(new RegExp(`/user/${note.author}$`))

  await openNote()
  const tag = page.locator('.note-tag').first()
  const tagName = ((await tag.textContent()) ?? '').replace(/^#/, '')
  await tag.click()
  await showsRoute(new RegExp(`/search_result\\?tag=${encodeURIComponent(tagName)}`))

  await openNote()
  const comment = page.locator('.comment', { hasText: '校外链接' }).first()
  await comment.locator('.comment-name a').click()
  await showsRoute(new RegExp(`/user/${DEMO.userId}$`))

  await openNote()
  await page.locator('.comment', { hasText: '校外链接' }).first().locator('.rt-mention').click()
  await showsRoute(new RegExp(`/user/${note.mentioned}$`))

  await openNote()
  await page.locator('.comment', { hasText: '校外链接' }).first().locator('.comment-avatar').click()
  await showsRoute(new RegExp(`/user/${DEMO.userId}$`))

  // Links to other sites: vetted https to the system browser, plain http not opened at all.
  await openNote()
  const links = page.locator('.comment', { hasText: '校外链接' }).first()
  await links.getByText('校外链接').click()
  await links.getByText('明文链接').click()
  await expect(page).toHaveURL(new RegExp(`/post\\?id=${note.id}`))
  expect((await calls(page)).filter((c) => c.method === 'openExternal')).toEqual([{ method: 'openExternal', args: ['https://example.org/campus'] }])

  // The user card shown when hovering an author: its avatar link.
  await page.locator('.note-author-link').hover()
  await page.locator('.hover-card a').first().click()
  await showsRoute(new RegExp(`/user/${note.author}$`))

  // Share in remote mode: the campus server's web link.
  await openNote()
  await page.getByRole('button', { name: '分享' }).first().click()
  await expect(page.getByText('复制成功')).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('__clipboard'))).toContain(`${API}/post?id=${note.id}`)

  // Signed in: a notification's sender and the follow list's user cards.
  await page.goto(`${APP}/explore`)
  await login(page, DEMO.userId, DEMO.password)
  await page.goto(`${APP}/notification`)
  const sender = page.locator('.notif > a').first()
  await expect(sender).toBeVisible()
  const senderHref = await sender.getAttribute('href')
  await sender.click()
  await showsRoute(new RegExp(`${senderHref}$`))

  await page.goto(`${APP}/follow/following`)
  const card = page.locator('.user-card:not(.skeleton)').first()
  await expect(card).toBeVisible()
  const cardId = ((await card.locator('.user-card-id').textContent()) ?? '').replace('石榴号：', '').trim()
  await card.locator('.user-card-name').click()
  await showsRoute(new RegExp(`/user/${cardId}$`))

  // The badge count reached the bridge.
  expect((await calls(page)).some((c) => c.method === 'setUnreadCount')).toBe(true)
  expect(popups).toEqual([])
  await context.close()
})

test('admin links open the member window; no window is opened', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, baseURL: APP })
  const { page, popups } = await desktopContext(context, 'remote')
  await loginAsAdmin(page)
  const memberWindowCalls = async () => (await calls(page)).filter((c) => c.method === 'openInWindow').map((c) => c.args)

  await page.goto(`${APP}/admin/comments`)
  const row = page.locator('table.data-table tbody tr').first()
  await expect(row.locator('.cell-link').first()).toBeVisible()
  const links = row.locator('.cell-link')
  expect(await links.count()).toBe(3) // comment, commenter, note
  for (let i = 0; i < 3; i++) await links.nth(i).click()
  await expect(page).toHaveURL(/\/admin\/comments$/)
  const [commentLink, userLink, postLink] = await memberWindowCalls()
  expect(commentLink).toEqual(['member', expect.stringMatching(/^\/post\?id=\d+&targetCommentId=\d+$/)])
  expect(userLink).toEqual(['member', expect.stringMatching(/^\/user\/[A-Za-z0-9_]+$/)])
  expect(postLink).toEqual(['member', expect.stringMatching(/^\/post\?id=\d+$/)])

  await page.goto(`${APP}/admin/monitor`)
  await page.locator('.feed-item.clickable').first().click()
  await page.getByRole('button', { name: '返回主站' }).click()
  await expect(page).toHaveURL(/\/admin\/monitor$/)
  const later = (await memberWindowCalls()).slice(3)
  expect(later[0]).toEqual(['member', expect.stringMatching(/^\/(user\/[A-Za-z0-9_]+|post\?id=\d+(&targetCommentId=\d+)?)$/)])
  expect(later[1]).toEqual(['member', '/'])
  expect(popups).toEqual([])
  await context.close()
})

test('offline demo: Share says the link cannot be shared', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  const { page, popups } = await desktopContext(context, 'embedded')
  const feed = await api<{ posts: FeedPost[] }>('GET', '/posts?page=1&limit=1')
  await page.goto(`${APP}/post?id=${feed.posts[0]!.id}`)
  await expect(page.getByTestId('desktop-status')).toContainText('离线演示 · 本机')
  await page.getByRole('button', { name: '分享' }).first().click()
  await expect(page.getByText('离线演示模式下无法分享链接')).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('__clipboard'))).toBeNull()
  expect(popups).toEqual([])
  await context.close()
})

test('in a browser the same links still open a new tab, as the spec says', async ({ page, context }) => {
  const feed = await api<{ posts: FeedPost[] }>('GET', '/posts?page=1&limit=1')
  await page.goto(`/post?id=${feed.posts[0]!.id}`)
  const author = page.locator('.note-author-link')
  await expect(author).toHaveAttribute('target', '_blank')
  const [tab] = await Promise.all([context.waitForEvent('page'), author.click()])
  await expect(tab).toHaveURL(new RegExp(`/user/${feed.posts[0]!.author_account}$`))
})

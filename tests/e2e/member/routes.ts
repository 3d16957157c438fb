/** Every member route the sweeps visit, with what "loaded" means and the screen's primary actions. */
import { expect, type Locator, type Page } from '@playwright/test'
import type { SweepRoute, SweepWidth } from '../support/sweep'
import { cards } from './helpers'

/** The shell's own actions: below 960 px the header menu and the bottom bar, above it the sidebar. */
export function shellPrimary(page: Page, width: SweepWidth): Locator[] {
  if (width > 960) return [page.locator('.sidebar').getByRole('link', { name: '发布' }).first()]
  const bar = page.getByRole('navigation', { name: '底部导航' })
  return [
    page.getByRole('button', { name: '更多', exact: true }),
    // 通知 carries the unread count in its name when there is one ("通知 5")
    ...['发现', '发布', '通知', '我'].map((name) => bar.getByRole('link', { name: new RegExp(`^${name}( \\S+)?$`) })),
  ]
}

/** A note id of the demo dataset and another member's id (read once from the API). */
export interface RouteData {
  postId: number
  otherUserId: string
}

async function go(page: Page, url: string, loaded: Locator): Promise<void> {
  await page.goto(url)
  await expect(loaded).toBeVisible()
}

const firstFollowButton = (page: Page) => page.locator('.main').locator('.follow-btn').first()

export function memberRoutes(data: RouteData): SweepRoute[] {
  const withShell =
    (own: (page: Page, width: SweepWidth) => Locator[] = () => []) =>
    (page: Page, width: SweepWidth) => [...own(page, width), ...shellPrimary(page, width)]
  return [
    { name: 'explore', open: (p) => go(p, '/explore', cards(p).first()), primary: withShell() },
    // the 关注 timeline: notes by the people the member follows (`demo` follows a dozen members)
    { name: 'explore-following', open: (p) => go(p, '/explore/following', cards(p).first()), primary: withShell() },
    {
      name: 'note',
      open: (p) => go(p, `/post/${data.postId}`, p.locator('.note-detail')),
      primary: withShell((p) => [p.getByRole('button', { name: '点赞' }), p.getByRole('button', { name: '评论' })]),
    },
    {
      name: 'publish',
      open: (p) => go(p, '/publish', p.getByRole('tab', { name: '上传图文' })),
      primary: withShell((p) => [
        p.getByRole('link', { name: '草稿箱' }),
        p.getByRole('tab', { name: '上传视频' }),
        p.getByRole('button', { name: '存草稿' }),
        p.locator('.publish-submit').getByRole('button', { name: '发布', exact: true }),
      ]),
    },
    {
      name: 'post-management',
      open: (p) => go(p, '/post-management', p.locator('.manage-item').first()),
      primary: withShell((p) => [p.locator('.manage-item').first().getByRole('button', { name: '编辑' })]),
    },
    {
      name: 'draft-box',
      open: (p) => go(p, '/draft-box', p.locator('.manage-item, .manage-empty').first()),
      primary: withShell(),
    },
    {
      name: 'notification',
      open: (p) => go(p, '/notification', p.getByRole('tab', { name: '评论和@' })),
      primary: withShell((p) => [p.getByRole('tab', { name: '新增关注' })]),
    },
    {
      name: 'profile',
      open: (p) => go(p, '/user', p.locator('.profile-header')),
      primary: withShell((p) => [p.getByRole('button', { name: '编辑资料' })]),
    },
    {
      name: 'user',
      open: (p) => go(p, `/user/${data.otherUserId}`, p.locator('.profile-header')),
      primary: withShell((p) => [p.locator('.profile-header .follow-btn')]),
    },
    {
      name: 'following',
      open: (p) => go(p, '/follow/following', firstFollowButton(p)),
      primary: withShell((p) => [firstFollowButton(p)]),
    },
    {
      name: 'followers',
      open: (p) => go(p, '/follow/followers', firstFollowButton(p)),
      primary: withShell((p) => [firstFollowButton(p)]),
    },
    {
      name: 'search',
      open: (p) => go(p, '/search_result/all?keyword=学习', cards(p).first()),
      primary: withShell(),
    },
    {
      name: 'search-users',
      open: (p) => go(p, '/search_result/user?keyword=学', firstFollowButton(p)),
      primary: withShell((p) => [firstFollowButton(p)]),
    },
    {
      // the More menu: the header's on phones and tablets, the sidebar's on desktops
      name: 'menu',
      open: async (p) => {
        await go(p, '/explore', cards(p).first())
        await (p.viewportSize()!.width > 960 ? p.locator('.sidebar').getByText('更多') : p.getByRole('button', { name: '更多', exact: true })).click()
        await expect(p.getByRole('menu')).toBeVisible()
      },
      primary: (p) => [p.getByRole('menuitem', { name: '账号与安全' }), p.getByRole('menuitem').last()],
    },
    {
      name: 'not-found',
      open: (p) => go(p, '/no-such-page', p.getByRole('heading', { name: '你访问的页面不见了' })),
      primary: withShell((p) => [p.getByRole('button', { name: '返回首页' })]),
    },
  ]
}

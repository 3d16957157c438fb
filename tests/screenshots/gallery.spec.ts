/**
 * `npm run screenshots`: writes the README gallery (docs/screenshots/*.png, exactly the files README.md shows) from
 * the built server on a pristine demo dataset (playwright.screenshots.config.ts). Not part of `npm test`: the test
 * suites write their screenshots to test-results/ only. One browser context per app and width, signed in once per
 * app; each shot waits until every image in view has loaded (no fixed sleeps).
 */
import { expect, test, type Page } from '@playwright/test'
import { ADMIN_ROUTES, openAdminRoute } from '../e2e/admin/routes'
import { loginAsAdmin } from '../e2e/admin/helpers'
import { DEMO, login } from '../e2e/member/helpers'
import { memberRoutes, type RouteData } from '../e2e/member/routes'
import { forEachWidth, setScheme, signedInState, type StorageState } from '../e2e/support/sweep'
import { galleryShots, imagesReady, type Shot } from './gallery'

const shots = galleryShots()

/** The shots of one app, grouped by width. */
function byWidth(app: Shot['app']): Map<Shot['width'], Shot[]> {
  const groups = new Map<Shot['width'], Shot[]>()
  for (const shot of shots.filter((s) => s.app === app)) groups.set(shot.width, [...(groups.get(shot.width) ?? []), shot])
  return groups
}

async function photograph(page: Page, shot: Shot): Promise<void> {
  await setScheme(page, shot.scheme)
  await page.evaluate('window.scrollTo(0, 0)')
  await imagesReady(page)
  await page.screenshot({ path: shot.file, animations: 'disabled', caret: 'hide' })
}

test('the README shows a gallery', () => {
  expect(shots.length).toBeGreaterThan(0)
})

test('member app gallery', async ({ browser, request }) => {
  test.setTimeout(300_000)
  // The note shown: another member's, the most discussed of the first page (a conversation under it, not 还没有评论).
  const feed = (await (await request.get('/api/posts?page=1&limit=20')).json()) as { data: { posts: { id: number; user_id: string; comment_count: number }[] } }
  const post = feed.data.posts.filter((p) => p.user_id !== DEMO.userId).sort((a, b) => b.comment_count - a.comment_count)[0]
  expect(post, 'a demo note by another member').toBeTruthy()
  const data: RouteData = { postId: post!.id, otherUserId: post!.user_id }
  const routes = new Map(memberRoutes(data).map((r) => [r.name, r]))
  const storageState: StorageState = await signedInState(browser, async (page) => {
    await page.goto('/explore')
    await login(page, DEMO.userId, DEMO.password)
  })
  for (const [width, group] of byWidth('member')) {
    await forEachWidth(browser, { storageState, widths: [width] }, async (page) => {
      for (const shot of group) {
        const route = routes.get(shot.route)
        expect(route, `README shows member-${shot.route}: no such member route in tests/e2e/member/routes.ts`).toBeTruthy()
        await setScheme(page, shot.scheme)
        await route!.open(page)
        await photograph(page, shot)
      }
    })
  }
})

test('admin back-office gallery', async ({ browser }) => {
  test.setTimeout(300_000)
  const routes = new Map(ADMIN_ROUTES.map((r) => [r.name, r]))
  const storageState = await signedInState(browser, loginAsAdmin)
  for (const [width, group] of byWidth('admin')) {
    await forEachWidth(browser, { storageState, widths: [width] }, async (page) => {
      for (const shot of group) {
        const route = routes.get(shot.route)
        expect(route, `README shows admin-${shot.route}: no such admin route in tests/e2e/admin/routes.ts`).toBeTruthy()
        await setScheme(page, shot.scheme)
        await openAdminRoute(page, route!)
        await photograph(page, shot)
      }
    })
  }
})

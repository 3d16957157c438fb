/**
 * Layout sweep (issue 13): every member route at 320–1440 px, light and dark: no horizontal overflow, primary actions
 * on screen, a screenshot of each (README gallery). One browser context per width, signed in once.
 */
import { expect, test } from '@playwright/test'
import { forEachWidth, signedInState, sweepRoutes } from '../support/sweep'
import { DEMO, login } from './helpers'
import { memberRoutes, type RouteData } from './routes'

test('member routes at every width, light and dark', async ({ browser, request }) => {
  test.setTimeout(360_000)
  const feed = (await (await request.get('/api/posts?page=1&limit=20')).json()) as { data: { posts: { id: number; user_id: string }[] } }
  const post = feed.data.posts.find((p) => p.user_id !== DEMO.userId)
  expect(post, 'a demo note by another member').toBeTruthy()
  const data: RouteData = { postId: post!.id, otherUserId: post!.user_id }
  const storageState = await signedInState(browser, async (page) => {
    await page.goto('/explore')
    await login(page, DEMO.userId, DEMO.password)
  })
  const widths = process.env.SWEEP_WIDTHS?.split(',').map(Number) as never
  await forEachWidth(browser, { storageState, widths }, (page, width) => sweepRoutes(page, 'member', width, memberRoutes(data)))
})

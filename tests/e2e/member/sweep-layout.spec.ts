/**
 * Layout sweep (issue 13): every member route at 320–1440 px, light and dark: no horizontal overflow, primary actions
 * on screen; axe at 375 and 1440 px in both schemes (support/axe.ts, issue 22 §6). One test and one browser context
 * per width, signed in once; each route is built once per width and checked in both schemes.
 */
import { expect, test } from '@playwright/test'
import { axeAt } from '../support/axe'
import { forEachWidth, signedInState, SWEEP_WIDTHS, sweepRoutes, type StorageState, type SweepWidth } from '../support/sweep'
import { DEMO, login } from './helpers'
import { memberRoutes, type RouteData } from './routes'

let storageState: StorageState
let data: RouteData

test.beforeAll(async ({ browser, request }) => {
  const feed = (await (await request.get('/api/posts?page=1&limit=20')).json()) as { data: { posts: { id: number; user_id: string }[] } }
  const post = feed.data.posts.find((p) => p.user_id !== DEMO.userId)
  expect(post, 'a demo note by another member').toBeTruthy()
  data = { postId: post!.id, otherUserId: post!.user_id }
  storageState = await signedInState(browser, async (page) => {
    await page.goto('/explore')
    await login(page, DEMO.userId, DEMO.password)
  })
})

const only = process.env.SWEEP_WIDTHS?.split(',').map(Number)
for (const width of SWEEP_WIDTHS.filter((w) => !only || only.includes(w))) {
  test(`member routes at ${width} px, light and dark`, async ({ browser }) => {
    test.setTimeout(axeAt(width) ? 300_000 : 180_000)
    await forEachWidth(browser, { storageState, widths: [width as SweepWidth] }, (page, w) => sweepRoutes(page, 'member', w, memberRoutes(data)))
  })
}

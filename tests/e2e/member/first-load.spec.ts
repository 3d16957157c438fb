import { expect, test } from '@playwright/test'
import { cards } from './helpers'

/*
 * What a browser downloads and what the pages say about themselves (issue 22 §3, §5): the desktop app's own
 * code is never requested by a browser (it loads only where window.shiliu exists), nor zod; scripts come compressed and
 * cached for a year; each public page sets its title and description as it opens.
 */
test.describe('first load', () => {
  test('explore requests no desktop-only chunk; its scripts arrive compressed and immutable', async ({ page }) => {
    const scripts: Array<{ url: string; encoding: string | undefined; cache: string | undefined }> = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'], cache: res.headers()['cache-control'] })
    })
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(2)
    expect(scripts.filter((s) => /\/assets\/(Desktop(Status|Connector)|desktop)-/.test(s.url)).map((s) => s.url)).toEqual([])
    for (const s of scripts.filter((x) => /\/assets\//.test(x.url))) {
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable')
    }
    expect(scripts.some((s) => s.encoding === 'br')).toBe(true)
    await expect(page.locator('[data-testid="desktop-status"]')).toHaveCount(0)
  })

  test('explore runs without zod: no script of its first screen or of the prefetched note viewer carries the schema library', async ({ page }) => {
    const bodies: Array<{ url: string; text: Promise<string> }> = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push({ url: res.url(), text: res.text() })
    })
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    // The note viewer is fetched once the browser is idle after the first screen: it must not bring zod either.
    await expect.poll(() => bodies.some((b) => /\/assets\/NoteOverlay-/.test(b.url)), { timeout: 15_000 }).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(bodies.length).toBeGreaterThan(2)
    const withZod = []
    // zod's class names survive minification ($ZodType is the root of every schema).
    for (const b of bodies) if ((await b.text).includes('$ZodType')) withZod.push(b.url)
    expect(withZod).toEqual([])
  })

  test("an author's hover card, not on the first load, opens styled on the first hover", async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((u) => /\/assets\/UserHoverCardBody-/.test(u))).toEqual([])
    await cards(page).first().locator('.note-author').hover()
    const card = page.locator('.hover-card')
    await expect(card.locator('.hover-card-head')).toBeVisible()
    expect(scripts.some((u) => /\/assets\/UserHoverCardBody-/.test(u))).toBe(true)
    // Framed (hover-card.css, first load) and laid out by profile.css (loaded with the body).
    expect(await page.evaluate('getComputedStyle(document.querySelector(".hover-card")).position')).toBe('fixed')
    expect(await page.evaluate('getComputedStyle(document.querySelector(".hover-card-head")).display')).toBe('flex')
  })

  test('explore, a note, a profile and a search set their own title and description', async ({ page }) => {
    const description = () => page.locator('meta[name="description"]').getAttribute('content')
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    await expect(page).toHaveTitle('石榴 - 发现')
    expect(await description()).toMatch(/校园图文笔记社区/)

    const title = (await cards(page).first().locator('.note-title').textContent())?.trim()
    await cards(page).first().locator('.note-cover').click()
    await expect(page.locator('.note-detail')).toBeVisible()
    if (title) await expect(page).toHaveTitle(`${title} - 石榴`)
    else await expect(page).toHaveTitle(/ - 石榴$/)
    const noteDescription = await description()
    expect(noteDescription).toBeTruthy()
    expect(noteDescription).not.toMatch(/<|\[@/)
    // Closing the overlay gives explore its own title and description back.
    await page.keyboard.press('Escape')
    await expect(page).toHaveTitle('石榴 - 发现')

    await page.goto('/user/demo')
    await expect(page).toHaveTitle(/ - 石榴$/)
    expect(await description()).toMatch(/石榴号 demo/)

    await page.goto(`/search_result/all?keyword=${encodeURIComponent('学习')}`)
    await expect(page).toHaveTitle('学习 - 石榴搜索')
    expect(await description()).toBe('在石榴搜索「学习」的笔记和用户')
  })
})

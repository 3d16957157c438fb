import { expect, test } from '@playwright/test'
import { cards } from './helpers'

/*
 * What a browser downloads and what the pages say about themselves (issue 22 §3, §5): the desktop app's own
 * code is never requested by a browser (it loads only where window.shiliu exists), nor zod; scripts come compressed and
 * cached for a year; each public page sets its title and description as it opens. Issue 41 §6: the page's first
 * data leaves before React renders, its likely LCP picture is preloaded, and nothing is fetched twice for it.
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

  test("a visitor's explore preloads its two largest first covers, used by the cards: the first page and each cover fetched once", async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search))
    await page.goto('/explore')
    await expect(cards(page).first()).toBeVisible()
    const preloads = (await page.evaluate(
      `[...document.querySelectorAll('link[rel=preload][as=image]')].map((l) => ({ href: l.href, srcset: l.getAttribute('imagesrcset'), sizes: l.getAttribute('imagesizes'), priority: l.getAttribute('fetchpriority') }))`,
    )) as Array<{ href: string; srcset: string; sizes: string; priority: string }>
    expect(preloads.length).toBe(2)
    const high = (await page.evaluate(
      `[...document.querySelectorAll('.note-cover img[fetchpriority=high]')].map((img) => ({ src: img.src, srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') }))`,
    )) as Array<{ src: string; srcset: string; sizes: string }>
    // The same URL, srcset and sizes as the high-priority covers: the browser reuses the preloaded file.
    expect(preloads.map((p) => ({ src: p.href, srcset: p.srcset, sizes: p.sizes })).sort((a, b) => a.src.localeCompare(b.src))).toEqual([...high].sort((a, b) => a.src.localeCompare(b.src)))
    expect(preloads.every((p) => p.priority === 'high')).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(requests.filter((r) => r.startsWith('/api/posts?')).length).toBe(1)
    const images = requests.filter((r) => r.startsWith('/uploads/'))
    expect(images.filter((r, i) => images.indexOf(r) !== i)).toEqual([])
  })

  test('a note page opened directly preloads its first picture; the note and the picture are fetched once', async ({ page, request }) => {
    const feed = (await (await request.get('/api/posts?page=1&limit=20&type=1')).json()) as { data: { posts: Array<{ id: number; images: string[] }> } }
    const note = feed.data.posts.find((p) => p.images.length > 1)!
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await page.goto(`/post/${note.id}`)
    await expect(page.locator('.note-detail .slider-slide img').first()).toBeVisible()
    const preloads = (await page.evaluate(`[...document.querySelectorAll('link[rel=preload][as=image]')].map((l) => new URL(l.href).pathname)`)) as string[]
    expect(preloads).toEqual([note.images[0]])
    expect(await page.locator('.note-detail .slider-slide img').first().getAttribute('fetchpriority')).toBe('high')
    await page.waitForLoadState('networkidle')
    expect(requests.filter((r) => r === `/api/posts/${note.id}`).length).toBe(1)
    expect(requests.filter((r) => r === note.images[0]).length).toBe(1)
  })
})

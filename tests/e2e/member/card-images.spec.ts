import { expect, test, type Page } from '@playwright/test'
import { cards } from './helpers'

/*
 * Issue 22 §2, images sized to where they are shown: explore's cards offer the card (240 px) and feed
 * (480 px) renditions in a srcset whose `sizes` matches the columns as laid out, the browser takes the small
 * one on a low-density desktop and the larger one on a dense phone; the first screen's covers load at once
 * (the two largest with high priority, issue 41 §6), later ones lazily and only once the first screen's are in,
 * and all of them really load; the note viewer shows the full-size image.
 */

interface CoverInfo {
  id: number
  loading: string
  fetchPriority: string | null
  srcset: string | null
  currentSrc: string
  complete: boolean
  naturalWidth: number
  height: number
}

/** Explore's first page, in feed order, as the API sent it. */
async function openExplore(page: Page): Promise<Array<{ id: number; type: number }>> {
  const reply = page.waitForResponse((r) => /\/api\/posts\?/.test(r.url()) && r.request().method() === 'GET')
  await page.goto('/explore')
  const body = (await (await reply).json()) as { data: { posts: Array<{ id: number; type: number }> } }
  await expect(cards(page).first()).toBeVisible()
  return body.data.posts
}

/* Evaluated in the page (strings: this project's type-check of the tests has no DOM library). */
const COVERS_JS = `[...document.querySelectorAll('.note-card')].map((card) => {
  const img = card.querySelector('.note-cover img')
  return { id: Number(card.dataset.noteId), loading: img.loading, fetchPriority: img.getAttribute('fetchpriority'), srcset: img.getAttribute('srcset'),
    currentSrc: img.currentSrc, complete: img.complete, naturalWidth: img.naturalWidth, height: img.getBoundingClientRect().height }
})`

function covers(page: Page): Promise<CoverInfo[]> {
  return page.evaluate(COVERS_JS) as Promise<CoverInfo[]>
}

/** The width the first cover's `sizes` gives at this window size (the first matching condition's length, laid out), and its rendered width. */
const SIZES_JS = `(() => {
  const img = document.querySelector('.note-cover img')
  const entries = img.sizes.split(/,\\s*(?![^()]*\\))/).map((e) => e.trim())
  const chosen = entries.find((e) => !e.startsWith('(') || window.matchMedia(e.slice(0, e.indexOf(')') + 1)).matches)
  const length = chosen.startsWith('(') ? chosen.slice(chosen.indexOf(')') + 1).trim() : chosen
  const probe = document.createElement('div')
  probe.style.width = length
  document.body.append(probe)
  const sizes = probe.getBoundingClientRect().width
  probe.remove()
  return { sizes, rendered: img.getBoundingClientRect().width }
})()`

function sizesWidth(page: Page): Promise<{ sizes: number; rendered: number }> {
  return page.evaluate(SIZES_JS) as Promise<{ sizes: number; rendered: number }>
}

/** Whether the cover of note `id` has loaded, and the file the browser chose. */
function coverOf(page: Page, id: number): Promise<{ loaded: boolean; currentSrc: string }> {
  return page.evaluate(`(() => { const img = document.querySelector('.note-card[data-note-id="${id}"] .note-cover img'); return { loaded: img.complete && img.naturalWidth > 0, currentSrc: img.currentSrc } })()`) as Promise<{
    loaded: boolean
    currentSrc: string
  }>
}

// Renditions of a demo image (uploads/demo/{small,thumbs,images}/) or of one uploaded by an earlier spec
// (uploads/<yyyy>/<mm>/<name>.{small,thumb}.webp beside <name>.webp): the feed may hold both.
const SMALL = String.raw`/uploads/(?:demo/small/[^ /]+|\d{4}/\d{2}/[^ /]+\.small)\.webp`
const THUMB = String.raw`/uploads/(?:demo/thumbs/[^ /]+|\d{4}/\d{2}/[^ /]+\.thumb)\.webp`
const FULL = String.raw`/uploads/(?:demo/images/[^ /]+|\d{4}/\d{2}/[0-9a-f]+)\.webp$`

test.describe('card images', () => {
  test('desktop: srcset with both renditions, the first screen eager (the two largest at high priority), the rest lazy, all loaded', async ({ page }) => {
    const feed = await openExplore(page)
    const order = feed.map((p) => p.id)
    const videos = new Set(feed.filter((p) => p.type === 2).map((p) => p.id))
    // Five columns at 1440 px: the first two rows (10 cards) load at once.
    const eager = new Set(order.slice(0, 10))
    await expect.poll(async () => (await covers(page)).filter((c) => eager.has(c.id) && c.complete && c.naturalWidth > 0).length, { timeout: 20_000 }).toBe(eager.size)
    // The later covers get their pictures once the first screen's are in.
    await expect.poll(async () => (await covers(page)).filter((c) => !videos.has(c.id) && !c.srcset).map((c) => c.id), { timeout: 10_000 }).toEqual([])
    const shown = await covers(page)
    expect(shown.length).toBeGreaterThan(eager.size)
    expect(shown.filter((c) => !videos.has(c.id)).length).toBeGreaterThan(eager.size)
    // High priority: the two largest covers of the first two rows (the likely LCP), whichever their place in the feed.
    const firstRows = shown.filter((c) => eager.has(c.id))
    const high = shown.filter((c) => c.fetchPriority === 'high')
    expect(high.length).toBe(2)
    for (const h of high) {
      expect(eager.has(h.id), `high-priority card ${h.id} is on the first screen`).toBe(true)
      for (const c of firstRows.filter((x) => x.fetchPriority !== 'high')) expect(h.height, `card ${h.id} against ${c.id}`).toBeGreaterThanOrEqual(c.height - 1)
    }
    for (const c of shown) {
      // A video's cover has no card rendition: its feed thumbnail alone.
      if (videos.has(c.id)) expect(c.srcset, `video card ${c.id}`).toBeNull()
      else expect(c.srcset, `card ${c.id}`).toMatch(new RegExp(`${SMALL} 240w, \\S*${THUMB} 480w$`))
      expect(c.loading, `card ${c.id} (#${order.indexOf(c.id)} in the feed)`).toBe(eager.has(c.id) ? 'eager' : 'lazy')
      expect(c.fetchPriority === null || c.fetchPriority === 'high', `card ${c.id}`).toBe(true)
    }
    // A 219 px column on a 1× screen takes the 240 px card rendition.
    for (const c of shown.filter((x) => eager.has(x.id) && !videos.has(x.id))) expect(c.currentSrc, `card ${c.id}`).toMatch(new RegExp(SMALL))
    // The later covers load as they come near: scrolled to the end of the page, they are there too.
    const later = shown.filter((c) => !eager.has(c.id)).map((c) => c.id)
    await page.locator(`.note-card[data-note-id="${later.at(-1)}"]`).scrollIntoViewIfNeeded()
    await expect.poll(async () => (await covers(page)).filter((c) => later.includes(c.id) && c.complete && c.naturalWidth > 0).length, { timeout: 20_000 }).toBe(later.length)
  })

  test("the srcset's sizes match the columns as laid out, at each column count", async ({ page }) => {
    for (const width of [375, 640, 800, 930, 1100, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/explore')
      await expect(cards(page).first()).toBeVisible()
      const { sizes, rendered } = await sizesWidth(page)
      expect(Math.abs(sizes - rendered), `${width} px window: sizes says ${sizes}, the cover is ${rendered}`).toBeLessThanOrEqual(2)
    }
  })

  test('a dense phone screen takes the 480 px rendition; the note viewer shows the full-size image', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' })
    const page = await context.newPage()
    try {
      const order = (await openExplore(page)).map((p) => p.id)
      await expect.poll(async () => (await coverOf(page, order[0]!)).loaded).toBe(true)
      expect((await coverOf(page, order[0]!)).currentSrc).toMatch(new RegExp(THUMB))
      // Two columns: the first six covers (three rows) load at once.
      const shown = await covers(page)
      for (const c of shown) expect(c.loading, `card ${c.id}`).toBe(order.slice(0, 6).includes(c.id) ? 'eager' : 'lazy')

      await page.locator(`.note-card[data-note-id="${order[0]}"] .note-cover`).click()
      const viewer = page.locator('.note-detail .slider-slide img').first()
      await expect(viewer).toBeVisible()
      expect(await viewer.getAttribute('src')).toMatch(new RegExp(FULL))
      expect(await viewer.getAttribute('srcset')).toBeNull()
    } finally {
      await context.close()
    }
  })

  test("a phone's first screen gets the bandwidth: the later covers are requested after the first screen's covers have arrived", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'zh-CN' })
    const page = await context.newPage()
    // Image requests and finished image responses, in the order the browser reported them.
    const events: Array<{ kind: 'request' | 'done'; path: string }> = []
    const pathOf = (url: string) => new URL(url, 'http://base.invalid').pathname
    page.on('request', (r) => void (r.resourceType() === 'image' && events.push({ kind: 'request', path: pathOf(r.url()) })))
    page.on('requestfinished', (r) => void (r.resourceType() === 'image' && events.push({ kind: 'done', path: pathOf(r.url()) })))
    page.on('requestfailed', (r) => void (r.resourceType() === 'image' && events.push({ kind: 'done', path: pathOf(r.url()) })))
    try {
      const order = (await openExplore(page)).map((p) => p.id)
      const first = new Set(order.slice(0, 6))
      await expect.poll(async () => (await covers(page)).filter((c) => !first.has(c.id) && c.srcset).length, { timeout: 20_000 }).toBeGreaterThan(0)
      const shown = await covers(page)
      await expect.poll(async () => (await covers(page)).filter((c) => first.has(c.id) && c.complete).length, { timeout: 20_000 }).toBe(first.size)
      const firstFiles = (await covers(page)).filter((c) => first.has(c.id)).map((c) => pathOf(c.currentSrc))
      const lastFirstDone = Math.max(...firstFiles.map((f) => events.findIndex((e) => e.kind === 'done' && e.path === f)))
      expect(lastFirstDone, 'every first-screen cover arrived').toBeGreaterThanOrEqual(0)
      const laterFiles = new Set(shown.filter((c) => !first.has(c.id) && c.srcset).flatMap((c) => c.srcset!.split(', ').map((e) => pathOf(e.split(' ')[0]!))))
      const laterRequests = events.map((e, i) => ({ ...e, i })).filter((e) => e.kind === 'request' && laterFiles.has(e.path) && !firstFiles.includes(e.path))
      expect(laterRequests.length).toBeGreaterThan(0)
      for (const r of laterRequests) expect(r.i, `${r.path} requested after the first screen's covers`).toBeGreaterThan(lastFirstDone)
    } finally {
      await context.close()
    }
  })
})

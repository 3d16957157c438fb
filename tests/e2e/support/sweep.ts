/**
 * Shared machinery of the browser sweeps (issue 13), used by the member and the admin suites:
 * - layout: every route at SWEEP_WIDTHS in light and dark, no horizontal overflow, primary actions on screen,
 *   axe (./axe.ts: no serious or critical violation, one <h1>) at 375 and 1440 px in both schemes,
 *   a screenshot in test-results/sweep/ of each screen that fails a check, or of every screen with
 *   SWEEP_SCREENSHOTS=1 (ignored paths: a test never writes a tracked file; the README gallery is refreshed by
 *   `npm run screenshots`, tests/screenshots/);
 * - failures: make a screen's calls fail (500, timeout, offline) and assert a visible message with a retry.
 *
 * Runtime: one browser context per width (`forEachWidth`), both colour schemes switched in the same page with
 * page.emulateMedia, sign-in done once (`signedInState`) and reused as storage state; nothing is re-seeded.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { axeAt, checkAxeInScheme } from './axe'

// What the functions passed to page.evaluate use of the browser (this file is type-checked without the DOM lib).
interface Rect {
  x: number
  y: number
  width: number
  height: number
  top: number
  bottom: number
  right: number
}
interface El {
  tagName: string
  classList: Iterable<string>
  clientWidth: number
  scrollWidth: number
  getBoundingClientRect(): Rect
  scrollIntoView(options?: object): void
}
interface Img extends El {
  complete: boolean
  addEventListener(type: string, listener: (event: unknown) => void, options?: object): void
}
interface BrowserWindow {
  document: { documentElement: El; body: El & { querySelectorAll(selector: string): Iterable<El> }; images: Iterable<Img>; fonts: { ready: Promise<unknown> } }
  innerHeight: number
  scrollTo(x: number, y: number): void
}

export const SWEEP_WIDTHS = [320, 375, 414, 600, 768, 960, 1440] as const
export type SweepWidth = (typeof SWEEP_WIDTHS)[number]
export const SCHEMES = ['light', 'dark'] as const
export type Scheme = (typeof SCHEMES)[number]

const HEIGHTS: Record<SweepWidth, number> = { 320: 640, 375: 812, 414: 896, 600: 960, 768: 1024, 960: 800, 1440: 900 }

export function viewportFor(width: SweepWidth) {
  return { width, height: HEIGHTS[width] }
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** Signs in once (through the real UI) and returns the storage state, so every sweep context starts signed in. */
export async function signedInState(browser: Browser, signIn: (page: Page) => Promise<void>): Promise<StorageState> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signIn(page)
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/** Runs `fn` once per sweep width, each width in its own browser context (one page, reused for every route). */
export async function forEachWidth(
  browser: Browser,
  options: { storageState?: StorageState; widths?: readonly SweepWidth[] },
  fn: (page: Page, width: SweepWidth) => Promise<void>,
): Promise<void> {
  for (const width of options.widths ?? SWEEP_WIDTHS) {
    const context = await browser.newContext({
      viewport: viewportFor(width),
      storageState: options.storageState,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    })
    try {
      await fn(await context.newPage(), width)
    } finally {
      await context.close()
    }
  }
}

/**
 * Emulates the system colour scheme. On a page of our apps (<html data-theme>) it also waits until the app has
 * followed it, so a sweep never checks the light theme twice (an app set to a fixed theme would).
 */
export async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  const html = page.locator('html')
  if ((await html.getAttribute('data-theme')) !== null) await expect(html, 'the app follows the system colour scheme').toHaveAttribute('data-theme', scheme)
}

/**
 * Whether to photograph a screen just checked: when one of its checks failed (the soft assertions since
 * `errorsBefore`), or always with SWEEP_SCREENSHOTS=1. A screenshot costs as much as the checks themselves.
 */
export function wantScreenshot(errorsBefore: number): boolean {
  return process.env.SWEEP_SCREENSHOTS === '1' || test.info().errors.length > errorsBefore
}

/** Where a sweep screenshot goes: test-results/sweep/ (ignored; for looking at after a run). */
export function screenshotPath(app: string, route: string, width: SweepWidth, scheme: Scheme): string {
  const dir = 'test-results/sweep'
  mkdirSync(dir, { recursive: true })
  return path.join(dir, `${app}-${route}-${width}-${scheme}.png`)
}

/** Waits for the images in view to finish (loaded or failed) so screenshots don't show half-drawn cards. */
export async function settleImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { document, innerHeight } = globalThis as unknown as BrowserWindow
    const inView = [...document.images].filter((i) => {
      const r = i.getBoundingClientRect()
      return r.bottom > 0 && r.top < innerHeight
    })
    await Promise.race([
      Promise.all(
        inView.map((i) =>
          i.complete
            ? null
            : new Promise((r) => {
                i.addEventListener('load', r, { once: true })
                i.addEventListener('error', r, { once: true })
              }),
        ),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ])
    await document.fonts.ready
  })
}

/** One computed style property of the first element of `locator`. */
export function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.first().evaluate((el, p) => (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el)[p] ?? '', property)
}

export interface LayoutCheck {
  /** The screen's primary actions: each must be visible and lie entirely inside the viewport. */
  primary?: Locator[]
  /** Names the screen in failure messages, e.g. 'member/publish 320 dark'. */
  label?: string
}

/**
 * No horizontal overflow of the document; every primary action visible and inside the viewport. Soft assertions: one
 * run lists every screen that breaks (the test still fails).
 */
export async function checkLayout(page: Page, { primary = [], label = page.url() }: LayoutCheck = {}): Promise<void> {
  const { scrollWidth, clientWidth, offenders } = await page.evaluate(() => {
    const { document } = globalThis as unknown as BrowserWindow
    const root = document.documentElement
    const width = root.clientWidth
    const scrollWidth = Math.max(root.scrollWidth, document.body.scrollWidth)
    // on overflow, the first elements sticking out, to make the failure readable
    const wide =
      scrollWidth <= width
        ? []
        : [...document.body.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > width + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`)
    return { scrollWidth, clientWidth: width, offenders: wide }
  })
  expect.soft(scrollWidth, `${label}: document wider than the viewport (${clientWidth} px): ${offenders.join(', ')}`).toBeLessThanOrEqual(clientWidth)
  const viewport = page.viewportSize()!
  for (const action of primary) {
    // one round trip per action: scrolls it into view and measures it; an empty box means it is not visible
    const box = await action.evaluate((node) => {
      const el = node as unknown as El
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    })
    if (box.width === 0 || box.height === 0) await expect(action, `${label}: primary action not visible`).toBeVisible({ timeout: 1000 })
    const where = `${action}: x=${Math.round(box.x)} w=${Math.round(box.width)} y=${Math.round(box.y)} h=${Math.round(box.height)} in ${viewport.width}x${viewport.height}`
    expect.soft(box.x >= -0.5 && box.x + box.width <= viewport.width + 0.5, `${label}: outside the viewport horizontally: ${where}`).toBe(true)
    expect.soft(box.y >= -0.5 && box.y + box.height <= viewport.height + 0.5, `${label}: outside the viewport vertically: ${where}`).toBe(true)
  }
}

export interface SweepRoute {
  /** Short name used in the screenshot file name. */
  name: string
  /** Opens the route and waits until its content (not a spinner) is on screen. */
  open: (page: Page) => Promise<void>
  /** The primary actions of the screen at this width. */
  primary?: (page: Page, width: SweepWidth) => Locator[]
}

/** Opens each route, then for light and dark checks the layout and takes the screenshot. */
export async function sweepRoutes(page: Page, app: string, width: SweepWidth, routes: readonly SweepRoute[]): Promise<void> {
  for (const route of routes) {
    const t0 = Date.now()
    const t: number[] = []
    await setScheme(page, 'light')
    await route.open(page)
    t.push(Date.now() - t0)
    for (const scheme of SCHEMES) {
      await setScheme(page, scheme)
      // the colour scheme moves no box: primary actions are measured once (light), overflow in both schemes
      const primary = scheme === SCHEMES[0] ? (route.primary?.(page, width) ?? []) : []
      const errorsBefore = test.info().errors.length
      const label = `${app}/${route.name} ${width} ${scheme}`
      await checkLayout(page, { primary, label })
      if (axeAt(width)) await checkAxeInScheme(page, label, scheme === SCHEMES[0])
      t.push(Date.now() - t0)
      if (!wantScreenshot(errorsBefore)) continue
      await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 0))
      await settleImages(page)
      await page.screenshot({ path: screenshotPath(app, route.name, width, scheme) })
      t.push(Date.now() - t0)
    }
    if (process.env.SWEEP_TIMING) console.log(route.name, width, t.join(' '))
  }
}

export type FailMode = '500' | 'timeout' | 'offline'
export const FAIL_MODES: readonly FailMode[] = ['500', 'timeout', 'offline']

/**
 * Makes every request matching `pattern` fail: '500' answers the error envelope with status 500, 'timeout' holds the
 * request for a moment and then fails it as timed out (net::ERR_TIMED_OUT), 'offline' fails it as disconnected.
 * Returns a function that lets the calls through again.
 */
export async function failCalls(page: Page, pattern: string | RegExp, mode: FailMode): Promise<() => Promise<void>> {
  const handler = async (route: import('@playwright/test').Route) => {
    if (mode === '500') {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, success: false, message: '服务器内部错误', data: null }) })
    } else if (mode === 'timeout') {
      await new Promise((r) => setTimeout(r, 300))
      await route.abort('timedout')
    } else await route.abort('internetdisconnected')
  }
  await page.route(pattern, handler)
  return () => page.unroute(pattern, handler)
}

/** The error state every data screen shows: role="alert" with a message and a 重试 button. */
export function loadError(scope: Page | Locator): Locator {
  return scope.getByRole('alert').filter({ has: scope.getByRole('button', { name: /重试|重新加载/ }) })
}

/**
 * Asserts a visible error message with a retry button (never an endless spinner or a silent "no data"), then
 * optionally restores the calls, clicks retry and waits for `recovered`.
 */
export async function expectErrorWithRetry(
  scope: Page | Locator,
  options: { restore?: () => Promise<void>; recovered?: Locator } = {},
): Promise<void> {
  const error = loadError(scope)
  await expect(error.first()).toBeVisible({ timeout: 15_000 })
  await expect(error.first()).not.toHaveText(/^\s*(重试|重新加载)?\s*$/)
  if (options.restore) {
    await options.restore()
    await error.first().getByRole('button', { name: /重试|重新加载/ }).click()
    if (options.recovered) await expect(options.recovered).toBeVisible()
    await expect(error).toHaveCount(0)
  }
}

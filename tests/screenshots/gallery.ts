/**
 * The README gallery: which screenshots it shows (read from README.md itself, so the two cannot drift) and how to
 * tell that a screen is ready to be photographed.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { SCHEMES, SWEEP_WIDTHS, type Scheme, type SweepWidth } from '../e2e/support/sweep'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const GALLERY_DIR = path.join(ROOT, 'docs', 'screenshots')

export interface Shot {
  app: 'member' | 'admin'
  route: string
  width: SweepWidth
  scheme: Scheme
  file: string
}

/** Every `docs/screenshots/<app>-<route>-<width>-<scheme>.png` the README shows, in order, each once. */
export function galleryShots(readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')): Shot[] {
  const shots = new Map<string, Shot>()
  for (const [, name, app, route, width, scheme] of readme.matchAll(/docs\/screenshots\/((member|admin)-([a-z-]+)-(\d+)-([a-z]+))\.png/g)) {
    if (!(SWEEP_WIDTHS as readonly number[]).includes(Number(width)) || !(SCHEMES as readonly string[]).includes(scheme!)) {
      throw new Error(`README shows ${name}.png: the width must be one of ${SWEEP_WIDTHS.join(', ')} and the scheme light or dark`)
    }
    shots.set(name!, { app: app as Shot['app'], route: route!, width: Number(width) as SweepWidth, scheme: scheme as Scheme, file: path.join(GALLERY_DIR, `${name}.png`) })
  }
  return [...shots.values()]
}

// What the function passed to page.waitForFunction uses of the browser (this file is type-checked without the DOM lib).
interface Img {
  src: string
  currentSrc: string
  complete: boolean
  naturalWidth: number
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number; width: number; height: number }
  decode(): Promise<void>
}
interface BrowserWindow {
  document: { images: Iterable<Img>; fonts: { ready: Promise<unknown>; status: string } }
  innerWidth: number
  innerHeight: number
}

/**
 * Waits until every image in the viewport has loaded and decoded its real picture (not the grey placeholder the
 * renderer shows when an image fails: `PLACEHOLDER_IMAGE` of renderer/common/components/Img.tsx) and the fonts are
 * in. No fixed sleep: it polls the page; when it times out, the message names the images still missing.
 */
export async function imagesReady(page: Page, timeout = 30_000): Promise<void> {
  const pending = () =>
    page.evaluate(() => {
      const win = globalThis as unknown as BrowserWindow
      const inView = [...win.document.images].filter((i) => {
        const r = i.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < win.innerHeight && r.right > 0 && r.left < win.innerWidth
      })
      const placeholder = (i: Img) => i.src.startsWith('data:image/svg+xml') && i.src.includes('0 0 300 400')
      return inView.filter((i) => !i.complete || i.naturalWidth === 0 || placeholder(i)).map((i) => (i.src.startsWith('data:') ? `placeholder for ${i.currentSrc.slice(0, 60)}` : i.src))
    })
  try {
    await page.waitForFunction(
      () => {
        const win = globalThis as unknown as BrowserWindow
        if (win.document.fonts.status !== 'loaded') return false
        return [...win.document.images].every((i) => {
          const r = i.getBoundingClientRect()
          const visible = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < win.innerHeight && r.right > 0 && r.left < win.innerWidth
          const placeholder = i.src.startsWith('data:image/svg+xml') && i.src.includes('0 0 300 400')
          return !visible || (i.complete && i.naturalWidth > 0 && !placeholder)
        })
      },
      undefined,
      { timeout, polling: 100 },
    )
  } catch (err) {
    throw new Error(`${page.url()}: images in view not loaded after ${timeout} ms: ${(await pending()).join(', ')}`, { cause: err })
  }
  // Loaded is not yet decoded (the renderer asks for async decoding): decode them, so the shot shows pixels.
  await page.evaluate(async () => {
    const win = globalThis as unknown as BrowserWindow
    const inView = [...win.document.images].filter((i) => {
      const r = i.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < win.innerHeight && r.right > 0 && r.left < win.innerWidth
    })
    // Only loaded ones: decode() of a lazy image that has not started loading would wait for it forever.
    await Promise.all(inView.filter((i) => i.complete && i.naturalWidth > 0).map((i) => i.decode().catch(() => undefined)))
  })
}

/**
 * The demo images' thumbnails that resources/ ships (server/seed/media.ts copies them at a demo start instead of
 * making them): one feed and one card thumbnail per image of the manifest, at their widths, and the same bytes
 * the server's functions make from the committed image (else `npm run demo:media -- --renditions`).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DEMO_SMALL_DIR, DEMO_THUMB_DIR, THUMBNAIL_WIDTH, renderSmallThumbnail, renderThumbnail, thumbName } from '../../server/seed/media'
import { DEMO_IMAGE_DIR, DEMO_IMAGES } from '../../server/seed/media-manifest'
import { SMALL_THUMB_WIDTH_PX } from '../../server/media/images'

const FIX = 'run `npm run demo:media -- --renditions`'

describe('shipped demo thumbnails', () => {
  it('every demo image has a feed and a card thumbnail at their widths', async () => {
    const missing = DEMO_IMAGES.flatMap((image) => [DEMO_THUMB_DIR, DEMO_SMALL_DIR].map((dir) => path.join(dir, thumbName(image.file)))).filter((file) => !existsSync(file))
    expect(missing, FIX).toEqual([])
    const image = DEMO_IMAGES[0]!
    expect((await sharp(path.join(DEMO_THUMB_DIR, thumbName(image.file))).metadata()).width).toBe(Math.min(THUMBNAIL_WIDTH, image.width))
    expect((await sharp(path.join(DEMO_SMALL_DIR, thumbName(image.file))).metadata()).width).toBe(Math.min(SMALL_THUMB_WIDTH_PX, image.width))
  })

  it('are the files a demo start would make from the committed images', async () => {
    // A few images spread over the set (making all 244 takes ~7 s): first, middle, last.
    const sample = [0, Math.floor(DEMO_IMAGES.length / 2), DEMO_IMAGES.length - 1].map((i) => DEMO_IMAGES[i]!)
    for (const image of sample) {
      const thumb = await renderThumbnail(readFileSync(path.join(DEMO_IMAGE_DIR, image.file)))
      expect(readFileSync(path.join(DEMO_THUMB_DIR, thumbName(image.file))).equals(thumb), `${image.file}: ${FIX}`).toBe(true)
      expect(readFileSync(path.join(DEMO_SMALL_DIR, thumbName(image.file))).equals(await renderSmallThumbnail(thumb)), `${image.file}: ${FIX}`).toBe(true)
    }
  })
})

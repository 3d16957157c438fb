import { rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { storageFault } from '../db/faults'
import { Unavailable } from '../errors'
import { createCpuPool, IMAGE_CONCURRENCY, IMAGE_THREADS } from '../telemetry/cpu-pool'
import { blameFullDisk, commitFile, newMediaName, smallThumbnailUrlOf, thumbnailUrlOf, uploadPath, type MediaStorage } from './storage'

/*
 * Images are accepted by content, never by name or declared type: sharp must decode the file as JPEG, PNG,
 * WebP or GIF. Every accepted image is re-encoded (so no byte of the original is served): auto-rotated from
 * its EXIF orientation, then written as WebP without metadata (sharp drops EXIF, GPS, XMP and ICC unless
 * asked to keep them) in three renditions: display (≤ 1600 px on the longer side, the note viewer), feed
 * thumbnail (480 px wide) and card thumbnail (240 px wide: a waterfall column on a desktop screen, chosen by
 * the cards' srcset). The card rendition is made from the feed thumbnail just written, not from the upload:
 * decoding a 480 px WebP costs little next to decoding the photo again (bench/images.ts measures both).
 * Animated GIFs keep their first frame.
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif'])
const DISPLAY_MAX_PX = 1600
const THUMB_WIDTH_PX = 480
export const SMALL_THUMB_WIDTH_PX = 240
/**
 * libwebp effort 2 instead of the default 4: measured on the bench's 2–4 MP photos (issue #19), the display
 * rendition costs 193 instead of 294 ms of CPU, is 3 % larger and 0.23 dB PSNR lower against the
 * uncompressed resize (34.25 vs 34.48 dB): no visible difference, a third less CPU per upload.
 */
export const WEBP_EFFORT = 2
/** Decompression-bomb guard: refuse images beyond ~40 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000

/*
 * Decoding and encoding a camera photo costs a core for a tenth of a second or more. Images are processed
 * IMAGE_CONCURRENCY at a time (telemetry/cpu-pool.ts; one on 2 cores), each with IMAGE_THREADS libvips
 * threads, so uploads queue among themselves under load instead of taking every core and libuv thread
 * from the reads. An upload is admitted as a whole before its body is read while its first image can expect to
 * start within IMAGE_MAX_WAIT_MS (and fewer than IMAGE_MAX_WAITING images wait); beyond that it is answered
 * 503 with Retry-After (the app retries) instead of waiting longer than its client would. The bound was 100
 * waiting images only: under the mixed bench's overload the stored uploads then waited 34 s (p50) to 55 s
 * (p99) for their turn (stop 35), while the refused ones, answered at once, made "uploads p99" look fine.
 */
sharp.concurrency(IMAGE_THREADS)
export const IMAGE_MAX_WAITING = 100
export const IMAGE_MAX_WAIT_MS = 2000
export const imagePool = createCpuPool({
  name: 'image',
  concurrency: IMAGE_CONCURRENCY,
  maxWaiting: IMAGE_MAX_WAITING,
  maxWaitMs: IMAGE_MAX_WAIT_MS,
  busy: () => Unavailable('图片处理繁忙，请稍后重试', 5),
})

export interface StoredImage {
  url: string
  thumbnailUrl: string
  smallThumbnailUrl: string
  width: number
  height: number
}

export class ImageRejected extends Error {
  override name = 'ImageRejected'
}

function pipeline(file: string) {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
}

/**
 * Decode, re-encode and store an uploaded image (in the image pool); throws ImageRejected when it is not a usable
 * image. `admitted`: its upload was admitted as a whole (imagePool.admit before its body was read).
 */
export function storeImage(storage: MediaStorage, file: string, workDir: string, admitted = false): Promise<StoredImage> {
  return imagePool.run(() => processImage(storage, file, workDir), admitted)
}

async function processImage(storage: MediaStorage, file: string, workDir: string): Promise<StoredImage> {
  let format: string | undefined
  try {
    format = (await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch (err) {
    await blameFullDisk(workDir, err)
    throw new ImageRejected('请选择图片文件')
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw new ImageRejected('不支持的文件类型')
  const display = newMediaName('webp')
  const thumb = { rel: display.rel.replace(/\.webp$/, '.thumb.webp'), url: thumbnailUrlOf(display.url) }
  const small = { rel: display.rel.replace(/\.webp$/, '.small.webp'), url: smallThumbnailUrlOf(display.url) }
  const displayTmp = path.join(workDir, `${path.basename(display.rel)}`)
  const thumbTmp = path.join(workDir, `${path.basename(thumb.rel)}`)
  const smallTmp = path.join(workDir, `${path.basename(small.rel)}`)
  try {
    const info = await pipeline(file)
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toFile(displayTmp)
    await pipeline(file).resize({ width: THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toFile(thumbTmp)
    await sharp(thumbTmp).resize({ width: SMALL_THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toFile(smallTmp)
    // The renditions first: a display image under /uploads always has its thumbnails beside it.
    await commitFile(storage, smallTmp, small.rel)
    await commitFile(storage, thumbTmp, thumb.rel)
    await commitFile(storage, displayTmp, display.rel)
    return { url: display.url, thumbnailUrl: thumb.url, smallThumbnailUrl: small.url, width: info.width, height: info.height }
  } catch (err) {
    await Promise.all([displayTmp, thumbTmp, smallTmp].map((f) => rm(f, { force: true })))
    if (storageFault(err)) throw err
    await blameFullDisk(workDir, err)
    throw new ImageRejected('处理图片失败，请重试')
  }
}

export interface ImageFacts {
  width: number
  height: number
  thumbnailUrl: string | null
  /** The card rendition; null for images stored before it existed. */
  smallThumbnailUrl: string | null
}

/** `renditionUrl` when it names another stored file that decodes as an image, else null. */
async function rendition(storage: MediaStorage, url: string, renditionUrl: string): Promise<string | null> {
  const file = renditionUrl === url ? null : uploadPath(storage, renditionUrl)
  if (!file) return null
  try {
    await sharp(file).metadata()
    return renditionUrl
  } catch {
    return null
  }
}

/**
 * Size and thumbnails of an already stored image referenced by a note (null when the file is missing or
 * not an image). Only the headers are read.
 */
export async function imageFacts(storage: MediaStorage, url: string): Promise<ImageFacts | null> {
  const file = uploadPath(storage, url)
  if (!file) return null
  try {
    const meta = await sharp(file).metadata()
    if (!meta.format || !IMAGE_FORMATS.has(meta.format)) return null
    const [thumbnailUrl, smallThumbnailUrl] = await Promise.all([rendition(storage, url, thumbnailUrlOf(url)), rendition(storage, url, smallThumbnailUrlOf(url))])
    const rotated = (meta.orientation ?? 1) >= 5
    return { width: (rotated ? meta.height : meta.width) ?? 0, height: (rotated ? meta.width : meta.height) ?? 0, thumbnailUrl, smallThumbnailUrl: thumbnailUrl && smallThumbnailUrl }
  } catch {
    return null
  }
}

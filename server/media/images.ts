import { rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { storageFault } from '../db/faults'
import { Unavailable } from '../errors'
import { createCpuPool, IMAGE_CONCURRENCY, IMAGE_THREADS } from '../telemetry/cpu-pool'
import { blameFullDisk, commitFile, newMediaName, thumbnailUrlOf, uploadPath, type MediaStorage } from './storage'

/*
 * Images are accepted by content, never by name or declared type: sharp must decode the file as JPEG, PNG,
 * WebP or GIF. Every accepted image is re-encoded (so no byte of the original is served): auto-rotated from
 * its EXIF orientation, then written as WebP without metadata (sharp drops EXIF, GPS, XMP and ICC unless
 * asked to keep them) in two renditions: display (≤ 1600 px on the longer side) and feed thumbnail
 * (480 px wide). Animated GIFs keep their first frame.
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif'])
const DISPLAY_MAX_PX = 1600
const THUMB_WIDTH_PX = 480
/**
 * libwebp effort 2 instead of the default 4: measured on the bench's 2–4 MP photos (issue #19), the display
 * rendition costs 193 instead of 294 ms of CPU, is 3 % larger and 0.23 dB PSNR lower against the
 * uncompressed resize (34.25 vs 34.48 dB): no visible difference, a third less CPU per upload.
 */
const WEBP_EFFORT = 2
/** Decompression-bomb guard: refuse images beyond ~40 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000

/*
 * Decoding and encoding a camera photo costs a core for a tenth of a second or more. Images are processed
 * IMAGE_CONCURRENCY at a time (telemetry/cpu-pool.ts; one on 2 cores), each with IMAGE_THREADS libvips
 * threads, so uploads queue among themselves under load instead of taking every core and libuv thread
 * from the reads. Up to IMAGE_MAX_WAITING wait (a few seconds of work); beyond that an upload is answered
 * 503 with Retry-After (the app retries) instead of waiting longer than its client would.
 */
sharp.concurrency(IMAGE_THREADS)
export const IMAGE_MAX_WAITING = 100
export const imagePool = createCpuPool({
  name: 'image',
  concurrency: IMAGE_CONCURRENCY,
  maxWaiting: IMAGE_MAX_WAITING,
  busy: () => Unavailable('图片处理繁忙，请稍后重试', 5),
})

export interface StoredImage {
  url: string
  thumbnailUrl: string
  width: number
  height: number
}

export class ImageRejected extends Error {
  override name = 'ImageRejected'
}

function pipeline(file: string) {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
}

/** Decode, re-encode and store an uploaded image (in the image pool); throws ImageRejected when it is not a usable image. */
export function storeImage(storage: MediaStorage, file: string, workDir: string): Promise<StoredImage> {
  return imagePool.run(() => processImage(storage, file, workDir))
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
  const displayTmp = path.join(workDir, `${path.basename(display.rel)}`)
  const thumbTmp = path.join(workDir, `${path.basename(thumb.rel)}`)
  try {
    const info = await pipeline(file)
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toFile(displayTmp)
    await pipeline(file).resize({ width: THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toFile(thumbTmp)
    await commitFile(storage, thumbTmp, thumb.rel)
    await commitFile(storage, displayTmp, display.rel)
    return { url: display.url, thumbnailUrl: thumb.url, width: info.width, height: info.height }
  } catch (err) {
    await Promise.all([rm(displayTmp, { force: true }), rm(thumbTmp, { force: true })])
    if (storageFault(err)) throw err
    await blameFullDisk(workDir, err)
    throw new ImageRejected('处理图片失败，请重试')
  }
}

export interface ImageFacts {
  width: number
  height: number
  thumbnailUrl: string | null
}

/**
 * Size and thumbnail of an already stored image referenced by a note (null when the file is missing or
 * not an image). Only the header is read.
 */
export async function imageFacts(storage: MediaStorage, url: string): Promise<ImageFacts | null> {
  const file = uploadPath(storage, url)
  if (!file) return null
  try {
    const meta = await sharp(file).metadata()
    if (!meta.format || !IMAGE_FORMATS.has(meta.format)) return null
    const thumbUrl = thumbnailUrlOf(url)
    const thumbFile = thumbUrl === url ? null : uploadPath(storage, thumbUrl)
    let thumbnailUrl: string | null = null
    if (thumbFile) {
      try {
        await sharp(thumbFile).metadata()
        thumbnailUrl = thumbUrl
      } catch {
        thumbnailUrl = null
      }
    }
    const rotated = (meta.orientation ?? 1) >= 5
    return { width: (rotated ? meta.height : meta.width) ?? 0, height: (rotated ? meta.width : meta.height) ?? 0, thumbnailUrl }
  } catch {
    return null
  }
}

import { rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { storageFault } from '../db/faults'
import { Unavailable } from '../errors'
import { createCpuPool, IMAGE_CONCURRENCY, IMAGE_NICE, IMAGE_PROCESS, IMAGE_THREADS } from '../telemetry/cpu-pool'
import { EncodeFailure, IMAGE_FORMATS } from './image-encode'
import { ImageProcess } from './image-process'
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
export { IMAGE_FORMATS, SMALL_THUMB_WIDTH_PX, WEBP_EFFORT } from './image-encode'

/*
 * Decoding and encoding a camera photo costs a core for a tenth of a second or more. Images are processed
 * IMAGE_CONCURRENCY at a time (telemetry/cpu-pool.ts; one on 2 cores; server-wide with WORKERS > 1), each with
 * IMAGE_THREADS libvips threads, in an image process of their own at the lowest OS priority (image-process.ts,
 * image-worker.ts; issue 42): the bound keeps uploads from taking more than their share of the cores, the
 * priority keeps them from taking, within that share, the CPU that reads and writes need at that moment. Uploads
 * queue among themselves. An upload is admitted as a whole before its body is read while its first image can
 * expect to start within IMAGE_MAX_WAIT_MS (and fewer than IMAGE_MAX_WAITING images wait); beyond that it is
 * answered 503 with Retry-After (the app retries) instead of waiting longer than its client would. The
 * expected wait follows the images' measured run times, so when reads leave the image process little CPU its
 * runs lengthen and uploads are refused sooner: uploads give way, never reads. The bound was 100 waiting images
 * only: under the mixed bench's overload the stored uploads then waited 34 s (p50) to 55 s (p99) for their
 * turn (stop 35), while the refused ones, answered at once, made "uploads p99" look fine.
 */
export const IMAGE_MAX_WAITING = 100
export const IMAGE_MAX_WAIT_MS = 2000
export const imagePool = createCpuPool({
  name: 'image',
  concurrency: IMAGE_CONCURRENCY,
  maxWaiting: IMAGE_MAX_WAITING,
  maxWaitMs: IMAGE_MAX_WAIT_MS,
  busy: () => Unavailable('图片处理繁忙，请稍后重试', 5),
})
/** Where the images are encoded (one per server process; started on the first image or by warmImageProcess). */
export const imageProcess = new ImageProcess({ threads: IMAGE_THREADS, slots: IMAGE_CONCURRENCY, nice: IMAGE_NICE, enabled: IMAGE_PROCESS })
// In-process encoding (no image process) uses the same number of libvips threads.
sharp.concurrency(IMAGE_THREADS)

/** Start the image process before the first upload needs it (the server's start): the first upload does not wait for it. */
export const warmImageProcess = () => imageProcess.warm()

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

/**
 * Decode, re-encode and store an uploaded image (in the image pool); throws ImageRejected when it is not a usable
 * image. `admitted`: its upload was admitted as a whole (imagePool.admit before its body was read).
 */
export async function storeImage(storage: MediaStorage, file: string, workDir: string, admitted = false): Promise<StoredImage> {
  // Starting the image process (the first image of a server not warmed at start, or after a crash) is not an
  // image's run: timed inside the pool it would make the mean run seconds long, and the uploads after it were
  // refused 503 for a wait they would never have had.
  await imageProcess.warm()
  return imagePool.run(() => processImage(storage, file, workDir), admitted)
}

/** The file-system error an encoding failure carries, as storageFault recognises it (ENOSPC, EIO…). */
const fsError = (failure: EncodeFailure) => Object.assign(new Error(failure.message), { code: failure.code })

async function processImage(storage: MediaStorage, file: string, workDir: string): Promise<StoredImage> {
  const display = newMediaName('webp')
  const thumb = { rel: display.rel.replace(/\.webp$/, '.thumb.webp'), url: thumbnailUrlOf(display.url) }
  const small = { rel: display.rel.replace(/\.webp$/, '.small.webp'), url: smallThumbnailUrlOf(display.url) }
  const job = {
    file,
    display: path.join(workDir, path.basename(display.rel)),
    thumb: path.join(workDir, path.basename(thumb.rel)),
    small: path.join(workDir, path.basename(small.rel)),
  }
  try {
    const info = await imageProcess.encode(job)
    // The renditions first: a display image under /uploads always has its thumbnails beside it.
    await commitFile(storage, job.small, small.rel)
    await commitFile(storage, job.thumb, thumb.rel)
    await commitFile(storage, job.display, display.rel)
    return { url: display.url, thumbnailUrl: thumb.url, smallThumbnailUrl: small.url, width: info.width, height: info.height }
  } catch (caught) {
    await Promise.all([job.display, job.thumb, job.small].map((f) => rm(f, { force: true })))
    const err = caught instanceof EncodeFailure && caught.code ? fsError(caught) : caught
    if (storageFault(err)) throw err
    await blameFullDisk(workDir, err)
    if (caught instanceof EncodeFailure && caught.stage === 'probe') throw new ImageRejected('请选择图片文件')
    if (caught instanceof EncodeFailure && caught.stage === 'format') throw new ImageRejected('不支持的文件类型')
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

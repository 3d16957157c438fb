import sharp from 'sharp'

/*
 * The CPU-heavy part of storing an image, and nothing else: decode the upload, check its format, write the
 * three WebP renditions to the work files it is given. No storage, database or metrics here, so that the image
 * process (image-worker.ts) loads only this and sharp; the server's side (images.ts) names the files, commits
 * them and turns failures into replies. Runs in-process too when no image process can be started.
 */

export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif'])
export const DISPLAY_MAX_PX = 1600
export const THUMB_WIDTH_PX = 480
export const SMALL_THUMB_WIDTH_PX = 240
/**
 * libwebp effort 2 instead of the default 4: measured on the bench's 2–4 MP photos (issue #19), the display
 * rendition costs 193 instead of 294 ms of CPU, is 3 % larger and 0.23 dB PSNR lower against the
 * uncompressed resize (34.25 vs 34.48 dB): no visible difference, a third less CPU per upload.
 */
export const WEBP_EFFORT = 2
/** Decompression-bomb guard: refuse images beyond ~40 megapixels before decoding them. */
export const MAX_INPUT_PIXELS = 40_000_000

export interface EncodeJob {
  /** The upload. */
  file: string
  /** Work files for the display rendition, the feed thumbnail and the card thumbnail. */
  display: string
  thumb: string
  small: string
}

export interface Encoded {
  width: number
  height: number
}

/** Where encoding failed: `probe` (not decodable), `format` (decodable, not one we take), `encode`. */
export type EncodeStage = 'probe' | 'format' | 'encode'

export class EncodeFailure extends Error {
  override name = 'EncodeFailure'

  constructor(
    readonly stage: EncodeStage,
    message: string,
    /** The errno name when the file system failed (ENOSPC, EIO…): the caller tells storage faults apart. */
    readonly code?: string,
  ) {
    super(message)
  }
}

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function pipeline(file: string) {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
}

/** Decode `job.file` and write its three renditions (auto-rotated, WebP, no metadata); throws EncodeFailure. */
export async function encodeImage(job: EncodeJob): Promise<Encoded> {
  let format: string | undefined
  try {
    format = (await sharp(job.file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch (err) {
    throw new EncodeFailure('probe', (err as Error).message, codeOf(err))
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw new EncodeFailure('format', String(format))
  try {
    const info = await pipeline(job.file)
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toFile(job.display)
    await pipeline(job.file).resize({ width: THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toFile(job.thumb)
    // The card rendition from the feed thumbnail just written: decoding a 480 px WebP costs little next to the photo.
    await sharp(job.thumb).resize({ width: SMALL_THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toFile(job.small)
    return { width: info.width, height: info.height }
  } catch (err) {
    throw new EncodeFailure('encode', (err as Error).message, codeOf(err))
  }
}

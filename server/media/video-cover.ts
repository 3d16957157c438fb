import { execFile } from 'node:child_process'
import path from 'node:path'
import sharp from 'sharp'
import { storeImage, type StoredImage } from './images'
import type { MediaStorage } from './storage'

/*
 * The cover of a video uploaded without one (docs/decisions.md, "Video covers"). When an ffmpeg binary is
 * on PATH (a server where the operator installed it), a frame about a second in is taken; otherwise (the
 * desktop build and offline machines ship no ffmpeg) a placeholder in the brand colour with a play mark is
 * drawn with sharp, so no member ever sees a grey card. Either way the picture goes through storeImage like
 * any upload (re-encoded, display and thumbnail renditions).
 */

const BRAND = '#ff2442'
const WIDTH = 720
const HEIGHT = 960
const FFMPEG_TIMEOUT_MS = 15_000

let ffmpegFound: Promise<boolean> | null = null

/** Whether `ffmpeg` runs here (asked once per process). */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegFound ??= new Promise((resolve) => execFile('ffmpeg', ['-version'], { timeout: 5000 }, (err) => resolve(!err)))
  return ffmpegFound
}

function frameOf(video: string, out: string): Promise<boolean> {
  const args = ['-nostdin', '-v', 'error', '-ss', '1', '-i', video, '-frames:v', '1', '-vf', `scale=${WIDTH}:-2`, '-y', out]
  return new Promise((resolve) => execFile('ffmpeg', args, { timeout: FFMPEG_TIMEOUT_MS }, (err) => resolve(!err)))
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="96" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M ${WIDTH / 2 - 30} ${HEIGHT / 2 - 48} L ${WIDTH / 2 + 50} ${HEIGHT / 2} L ${WIDTH / 2 - 30} ${HEIGHT / 2 + 48} Z" fill="${BRAND}"/>
</svg>`

/** A cover for `video` (a work file), stored like an uploaded image. */
export async function produceCover(storage: MediaStorage, video: string, workDir: string): Promise<StoredImage & { generated: 'frame' | 'placeholder' }> {
  const frame = path.join(workDir, 'cover-frame.png')
  if ((await hasFfmpeg()) && (await frameOf(video, frame))) {
    const stored = await storeImage(storage, frame, workDir).catch(() => null)
    if (stored) return { ...stored, generated: 'frame' }
  }
  const placeholder = path.join(workDir, 'cover-placeholder.png')
  await sharp(Buffer.from(PLACEHOLDER_SVG)).png().toFile(placeholder)
  return { ...(await storeImage(storage, placeholder, workDir)), generated: 'placeholder' }
}

/**
 * Camera-sized JPEG photos for bench --mixed: 2–4 megapixels, EXIF (make, model, an orientation that needs
 * rotating on every other one) and a texture of smooth blobs under sensor-like grain, so they weigh what
 * phone photos weigh (0.6–1.3 MB) and cost the server what real ones cost to decode. Generated once into
 * `dir` (before any timed part) and reused while the recipe is unchanged.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const SIZES: ReadonlyArray<[number, number]> = [
  [1920, 1080],
  [2048, 1536],
  [2304, 1728],
  [1728, 2304],
]
const RECIPE = 'v1: 16 photos, blobs/16 + soft-light grain sigma 24, q88, EXIF Xiaomi, orientation 1/6'
export const PHOTO_COUNT = 16

/** `size`: every photo that size (--photo WxH), else the camera sizes above in turn. */
async function photo(i: number, size?: [number, number]): Promise<Buffer> {
  const [width, height] = size ?? SIZES[i % SIZES.length]!
  const blobs = await sharp({ create: { width: Math.round(width / 16), height: Math.round(height / 16), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer()
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png({ compressionLevel: 0 }).toBuffer()
  return sharp(blobs)
    .resize(width, height, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'Xiaomi', Model: 'Redmi Note 12', Software: 'shiliu bench' } })
    .withMetadata({ orientation: i % 2 ? 6 : 1 })
    .toBuffer()
}

/** The photo files in `dir`, generated when missing or made by another recipe. */
export async function ensurePhotos(dir: string, size?: [number, number]): Promise<string[]> {
  const marker = path.join(dir, 'recipe.txt')
  const recipe = size ? `${RECIPE}, all ${size.join('x')}` : RECIPE
  const files = Array.from({ length: PHOTO_COUNT }, (_, i) => path.join(dir, `IMG_${String(1000 + i)}.jpg`))
  if (existsSync(marker) && readFileSync(marker, 'utf8') === recipe && files.every((f) => existsSync(f))) return files
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const started = Date.now()
  for (const [i, file] of files.entries()) writeFileSync(file, await photo(i, size))
  writeFileSync(marker, recipe)
  console.log(`Generated ${PHOTO_COUNT} camera-sized photos in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})`)
  return files
}

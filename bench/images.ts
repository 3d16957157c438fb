/**
 * npm run bench -- --images: what storing one uploaded image costs (media/images.ts: decode, re-encode as the
 * display, feed and card renditions), per photo size, as wall time and process CPU time per image, one image
 * at a time (an upload request stores its images one after another). The photos are made here from a demo
 * picture scaled up to typical phone sizes and saved as JPEG (quality 88).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { SMALL_THUMB_WIDTH_PX, storeImage, WEBP_EFFORT } from '../server/media/images'
import { resourcesDir } from '../server/media/resources'
import { mediaStorage, uploadPath } from '../server/media/storage'

const ROUNDS = Number(process.env.BENCH_IMAGE_ROUNDS ?? 12)
const SIZES: Array<[number, number]> = [
  [1080, 1440],
  [3024, 4032],
]

export async function runImages(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-images-'))
  try {
    const storage = mediaStorage(path.join(dir, 'uploads'))
    mkdirSync(storage.tmpDir, { recursive: true })
    const demoDir = path.join(resourcesDir(), 'demo', 'images')
    const source = path.join(demoDir, readdirSync(demoDir).sort()[0]!)
    console.log(`storing one uploaded image (${ROUNDS} rounds after 2 warm-up, sharp concurrency ${sharp.concurrency()}); load: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
    console.log('  photo          wall ms/image (median)   CPU ms/image (mean)')
    for (const [w, h] of SIZES) {
      const photo = path.join(dir, `photo-${w}.jpg`)
      await sharp(source).resize(w, h, { fit: 'fill' }).jpeg({ quality: 88 }).toFile(photo)
      const walls: number[] = []
      let cpu = 0
      for (let i = 0; i < ROUNDS + 2; i++) {
        const c0 = process.cpuUsage()
        const t0 = performance.now()
        await storeImage(storage, photo, storage.tmpDir)
        const wall = performance.now() - t0
        const used = process.cpuUsage(c0)
        if (i < 2) continue
        walls.push(wall)
        cpu += (used.user + used.system) / 1000
      }
      walls.sort((a, b) => a - b)
      console.log(`  ${`${w}×${h} JPEG`.padEnd(14)} ${walls[Math.floor(walls.length / 2)]!.toFixed(1).padStart(12)} ${(cpu / ROUNDS).toFixed(1).padStart(22)}`)
    }
    // The card rendition's own share, made as storeImage makes it (from the 480 px feed thumbnail).
    const stored = await storeImage(storage, path.join(dir, `photo-${SIZES[0]![0]}.jpg`), storage.tmpDir)
    const thumb = uploadPath(storage, stored.thumbnailUrl)!
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    for (let i = 0; i < ROUNDS; i++) await sharp(thumb).resize({ width: SMALL_THUMB_WIDTH_PX }).webp({ quality: 72, effort: WEBP_EFFORT }).toBuffer()
    const used = process.cpuUsage(c0)
    console.log(`  of which the ${SMALL_THUMB_WIDTH_PX} px card rendition: ${((performance.now() - t0) / ROUNDS).toFixed(1)} ms wall, ${((used.user + used.system) / 1000 / ROUNDS).toFixed(1)} ms CPU per image`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

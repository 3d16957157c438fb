/**
 * Demo media: the shipped files of resources/demo/ are copied once into DATA_DIR/uploads/demo/ (so the
 * server serves them as /uploads/demo/... like any upload), and each image gets a feed thumbnail (480 px
 * WebP) in uploads/demo/thumbs/ and a card thumbnail (240 px WebP, made from the feed one) in
 * uploads/demo/small/, as uploads get them (server/media/images.ts). Seeds of any size reuse these few files.
 *
 * The thumbnails ship in resources/demo/thumbs/ and resources/demo/small/ (`npm run demo:media --
 * --renditions` makes them with the functions below), so a demo start copies them instead of decoding and
 * encoding 244 images (~2.5 s of CPU on two cores at every first start, and the test suite starts ~20 demos);
 * one that is missing from resources/ is made here as before.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { DEFAULT_AVATAR } from '../contract/users'
import { SMALL_THUMB_WIDTH_PX } from '../media/images'
import { resourcesDir } from '../media/resources'
import type { CategorySlug } from './corpus'
import * as manifest from './media-manifest'

export const THUMBNAIL_WIDTH = 480

export interface ImageMedia {
  url: string
  thumbnailUrl: string
  smallThumbnailUrl: string
  width: number
  height: number
  categories: readonly CategorySlug[]
}

export interface VideoMedia {
  url: string
  coverUrl: string
  duration: number
  size: number
  categories: readonly CategorySlug[]
}

export interface MediaLibrary {
  images: ImageMedia[]
  /** Images that fit each category (all images when none does). */
  imagesFor(category: CategorySlug): ImageMedia[]
  /** Avatar URL by the file name the corpus names (DemoUser.avatar). */
  avatarByFile: Map<string, string>
  avatars: string[]
  videos: VideoMedia[]
  /** The server's default avatar (installed by the auth routes at start). */
  defaultAvatar: string
}

/** manifest paths are relative to the repository root, i.e. start with resources/. */
function shipped(relative: string): string {
  return path.join(resourcesDir(), relative.replace(/^resources[\\/]/, ''))
}

/**
 * A temporary name of this writer's own beside `target`: two instances preparing the same DATA_DIR at once
 * (two `npm run demo`) each write their own file and the last rename wins with identical content.
 */
const tmpName = (target: string) => `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`

const TMP_WRITER = /\.(\d+)-[0-9a-f]{8}\.tmp$/

/** Whether the process that named a temporary file is gone (signal 0 only asks; EPERM means it lives). */
function writerGone(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** A writer killed mid-copy leaves its temporary file behind: remove those of writers that no longer run. */
async function sweepDeadWriters(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  const dead = names.filter((name) => {
    const pid = TMP_WRITER.exec(name)?.[1]
    return pid !== undefined && writerGone(Number(pid))
  })
  await Promise.all(dead.map((name) => unlink(path.join(dir, name)).catch(() => undefined)))
}

/** Copy unless an identical-size copy is already there (a second seed into the same DATA_DIR). */
async function install(source: string, target: string): Promise<void> {
  const [from, to] = await Promise.all([stat(source).catch(() => null), stat(target).catch(() => null)])
  if (!from) throw new Error(`Demo media file missing: ${source} (resources/ is incomplete; see docs/demo-data.md)`)
  if (to && to.size === from.size) return
  const tmp = tmpName(target)
  await copyFile(source, tmp)
  await rename(tmp, target)
}

/** A demo image's feed thumbnail (fastest WebP effort: ~15 ms per image, decoding included). */
export const renderThumbnail = (image: Buffer): Promise<Buffer> =>
  sharp(image).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 70, effort: 0 }).toBuffer()

/** A demo image's card thumbnail, made from its feed thumbnail: a few ms per image. */
export const renderSmallThumbnail = (thumbnail: Buffer): Promise<Buffer> =>
  sharp(thumbnail).resize({ width: SMALL_THUMB_WIDTH_PX, withoutEnlargement: true }).webp({ quality: 70, effort: 0 }).toBuffer()

/**
 * A rendition of `source`: a copy of the one resources/ ships, else made here by `render` (sources are read
 * into memory first: sharp cannot open files inside an Electron asar archive).
 */
async function rendition(source: string, shippedCopy: string, target: string, render: (input: Buffer) => Promise<Buffer>): Promise<void> {
  if (existsSync(target)) return
  if (existsSync(shippedCopy)) return install(shippedCopy, target)
  const tmp = tmpName(target)
  await writeFile(tmp, await render(await readFile(source)))
  await rename(tmp, target)
}

/** Run tasks with a small concurrency (sharp has its own thread pool; this just bounds memory). */
async function runLimited(tasks: Array<() => Promise<void>>, limit: number, onDone?: MediaProgress): Promise<void> {
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < tasks.length) {
      await tasks[next++]!()
      await onDone?.(++done, tasks.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
}

/** A demo image's thumbnail file name (in uploads/demo/thumbs/ and small/, and in resources/demo/ likewise). */
export const thumbName = (file: string) => `${path.parse(file).name}.webp`

/** Where resources/ ships the demo images' feed and card thumbnails (relative to the repository, as the manifest's). */
export const DEMO_THUMB_DIR = path.join(manifest.DEMO_IMAGE_DIR, '..', 'thumbs')
export const DEMO_SMALL_DIR = path.join(manifest.DEMO_IMAGE_DIR, '..', 'small')

/** Called after each file is in place (awaited: a test can stop the process at a chosen point). */
export type MediaProgress = (done: number, total: number) => void | Promise<void>

/**
 * Install the demo media into `uploadsDir/demo/` (idempotent and resumable: every file is written to a
 * temporary name and renamed, so a file that exists is complete; a second run copies only what is missing).
 * Rows only need the URLs (demoMedia()), so callers may generate while this runs, as long as both finish
 * before the server serves.
 */
export async function installDemoMedia(uploadsDir: string, onProgress?: MediaProgress): Promise<void> {
  const root = path.join(uploadsDir, 'demo')
  const dirs = { images: path.join(root, 'images'), thumbs: path.join(root, 'thumbs'), small: path.join(root, 'small'), avatars: path.join(root, 'avatars'), videos: path.join(root, 'videos') }
  for (const dir of Object.values(dirs)) {
    await mkdir(dir, { recursive: true })
    await sweepDeadWriters(dir)
  }
  const tasks: Array<() => Promise<void>> = []
  for (const image of manifest.DEMO_IMAGES) {
    const source = shipped(path.join(manifest.DEMO_IMAGE_DIR, image.file))
    tasks.push(() => install(source, path.join(dirs.images, image.file)))
    const thumb = thumbName(image.file)
    tasks.push(async () => {
      const [shippedThumb, shippedSmall] = [DEMO_THUMB_DIR, DEMO_SMALL_DIR].map((dir) => shipped(path.join(dir, thumb)))
      await rendition(source, shippedThumb!, path.join(dirs.thumbs, thumb), renderThumbnail)
      // Made from the feed thumbnail, in place by now.
      await rendition(path.join(dirs.thumbs, thumb), shippedSmall!, path.join(dirs.small, thumb), renderSmallThumbnail)
    })
  }
  for (const avatar of manifest.DEMO_AVATARS) {
    tasks.push(() => install(shipped(path.join(manifest.DEMO_AVATAR_DIR, avatar.file)), path.join(dirs.avatars, avatar.file)))
  }
  for (const video of manifest.DEMO_VIDEOS) {
    for (const file of [video.file, video.cover]) tasks.push(() => install(shipped(path.join(manifest.DEMO_VIDEO_DIR, file)), path.join(dirs.videos, file)))
  }
  await runLimited(tasks, 4, onProgress)
}

/** The demo media as server-relative URLs (/uploads/demo/...), with sizes and categories. */
export function demoMedia(): MediaLibrary {
  const images: ImageMedia[] = manifest.DEMO_IMAGES.map((image) => ({
    url: `/uploads/demo/images/${image.file}`,
    thumbnailUrl: `/uploads/demo/thumbs/${thumbName(image.file)}`,
    smallThumbnailUrl: `/uploads/demo/small/${thumbName(image.file)}`,
    width: image.width,
    height: image.height,
    categories: image.categories,
  }))
  const byCategory = new Map<CategorySlug, ImageMedia[]>()
  for (const image of images) {
    for (const category of image.categories) byCategory.set(category, [...(byCategory.get(category) ?? []), image])
  }
  const avatarByFile = new Map(manifest.DEMO_AVATARS.map((a) => [a.file, `/uploads/demo/avatars/${a.file}`]))
  return {
    images,
    imagesFor: (category) => byCategory.get(category) ?? images,
    avatarByFile,
    avatars: [...avatarByFile.values()],
    videos: manifest.DEMO_VIDEOS.map((v) => ({
      url: `/uploads/demo/videos/${v.file}`,
      coverUrl: `/uploads/demo/videos/${v.cover}`,
      duration: Math.round(v.durationSec),
      size: v.bytes,
      categories: v.categories,
    })),
    defaultAvatar: DEFAULT_AVATAR,
  }
}

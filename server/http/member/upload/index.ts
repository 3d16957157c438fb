import type Router from '@koa/router'
import { stat } from 'node:fs/promises'
import type { Context, Next } from 'koa'
import { requireUserOrAdmin } from '../../../auth/middleware'
import { BATCH_MAX_FILES, UPLOAD_MESSAGES, type ImageUploadReply } from '../../../contract/upload'
import { storageFault } from '../../../db/faults'
import type { AppDeps } from '../../../deps'
import { IMAGE_MAX_BYTES, ImageRejected, imagePool, storeImage, type StoredImage } from '../../../media/images'
import { checkUploadBudget, recordUploads, type LedgerEntry, type MediaOwner } from '../../../media/lifecycle'
import { MEDIA_KIND } from '../../../db/entities'
import { displayName, mediaStorage, uploadPath, type MediaStorage } from '../../../media/storage'
import { produceCover } from '../../../media/video-cover'
import { isStoredVideo, storeVideo, VIDEO_MAX_BYTES, VideoRejected } from '../../../media/videos'
import { ok } from '../../envelope'
import { AppError, Invalid, withFacts } from '../../../errors'
import { writeLimit } from '../../middlewares/rate-limit'
import { filesOf, multipart, type UploadedFile } from './multipart'
import { msg } from '../../../i18n/message'
import { localize } from '../../../i18n/format'
import { localeOf } from '../../locale'

/*
 * POST /upload/single (field file), /upload/image (field image), /upload/multiple (field files, ≤ 9) and
 * /upload/video (field file or video, optional thumbnail). Login required; images ≤ 5 MB each, accepted
 * only if they decode, re-encoded without metadata (media/images.ts); videos ≤ 100 MB, recognised by their
 * bytes (media/videos.ts).
 */

const SINGLE_FIELDS = ['file', 'image']
const MULTIPLE_FIELDS = ['files', 'files[]', 'file', 'image']
const VIDEO_FIELDS = ['file', 'video']

/** An image of an upload admitted by `imageRoom` (so it is never refused half-way through). */
async function imageReply(storage: MediaStorage, file: UploadedFile, workDir: string): Promise<ImageUploadReply> {
  const stored = await storeImage(storage, file.filepath, workDir, true)
  return { ...stored, originalname: displayName(file.originalFilename), size: file.size }
}

const owner = (ctx: Context): MediaOwner => ({ userId: (ctx.state.user as { id: number } | undefined)?.id ?? null, adminId: (ctx.state.admin as { id: number } | undefined)?.id ?? null })

/** A stored image's ledger entry: bytes on disk, its renditions included. */
async function imageEntry(storage: MediaStorage, image: Pick<StoredImage, 'url' | 'thumbnailUrl' | 'smallThumbnailUrl'>): Promise<LedgerEntry> {
  const files = [image.url, image.thumbnailUrl, image.smallThumbnailUrl]
  const sizes = await Promise.all(files.map(async (u) => (await stat(uploadPath(storage, u)!).catch(() => null))?.size ?? 0))
  return { ...image, kind: MEDIA_KIND.image, bytes: sizes.reduce((sum, n) => sum + n, 0) }
}

/**
 * Quota (413) and hourly budget (429) of the member (media/lifecycle.ts): checked before the body is read,
 * with what is already stored, and again once the files' sizes are known.
 */
function budget(deps: AppDeps, fields: readonly string[]) {
  const facts = { statuses: [413, 429] }
  return {
    before: withFacts(facts, async (ctx: Context, next: Next) => {
      await checkUploadBudget(deps, owner(ctx), 0)
      await next()
    }),
    after: withFacts(facts, async (ctx: Context, next: Next) => {
      const files = filesOf(ctx, fields)
      await checkUploadBudget(deps, owner(ctx), files.reduce((sum, f) => sum + f.size, 0), Math.max(1, files.length))
      await next()
    }),
  }
}

/**
 * An image upload the image pool cannot take now (its queue is full: media/images.ts) is refused with its 503
 * before its body is read: parsing 2–4 MB of multipart and writing it to disk only to refuse it cost the main
 * thread ~8 % under the mixed bench (issue 19), for nothing.
 */
async function imageRoom(_ctx: Context, next: Next): Promise<void> {
  const over = imagePool.admit()
  try {
    await next()
  } finally {
    over()
  }
}

function rejected(err: unknown): AppError {
  if (err instanceof ImageRejected || err instanceof VideoRejected) return Invalid(err.message)
  throw err
}

export function registerUploadRoutes(router: Router, deps: AppDeps): void {
  const storage = mediaStorage(deps.config.uploadsDir)
  // Members upload for their notes; administrators for the back-office note form.
  const auth = requireUserOrAdmin(deps)
  const writes = writeLimit(deps)
  const imageLimits = { maxFileSize: IMAGE_MAX_BYTES, tooBig: UPLOAD_MESSAGES.imageTooBig }
  const record = (ctx: Context, entries: LedgerEntry[]) => recordUploads(deps.db, owner(ctx), entries)
  const images = (ctx: Context, replies: ImageUploadReply[]) => Promise.all(replies.map((r) => imageEntry(storage, r))).then((e) => record(ctx, e))
  const singleBudget = budget(deps, SINGLE_FIELDS)
  const multipleBudget = budget(deps, MULTIPLE_FIELDS)
  const videoBudget = budget(deps, [...VIDEO_FIELDS, 'thumbnail'])

  const single = async (ctx: Context) => {
    const [file] = filesOf(ctx, SINGLE_FIELDS)
    if (!file) throw Invalid(UPLOAD_MESSAGES.noFile)
    try {
      const reply = await imageReply(storage, file, ctx.state.workDir as string)
      await images(ctx, [reply])
      ok(ctx, reply, '上传成功')
    } catch (err) {
      throw rejected(err)
    }
  }
  const singleChain = [auth, writes, singleBudget.before, imageRoom, multipart(storage, { ...imageLimits, fields: SINGLE_FIELDS, maxFiles: 1, tooMany: UPLOAD_MESSAGES.oneImage }), singleBudget.after, single]
  router.post('/upload/single', ...singleChain)
  router.post('/upload/image', ...singleChain)

  router.post('/upload/multiple', auth, writes, multipleBudget.before, imageRoom, multipart(storage, { ...imageLimits, fields: MULTIPLE_FIELDS, maxFiles: BATCH_MAX_FILES }), multipleBudget.after, async (ctx: Context) => {
    const files = filesOf(ctx, MULTIPLE_FIELDS)
    if (files.length === 0) throw Invalid(UPLOAD_MESSAGES.noFile)
    const uploaded: ImageUploadReply[] = []
    const failed: Array<{ originalname: string; message: string }> = []
    // Queued together, so another upload admitted meanwhile does not slip in between this one's images.
    const outcomes = await Promise.allSettled(files.map((file) => imageReply(storage, file, ctx.state.workDir as string)))
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') uploaded.push(outcome.value)
      else failed.push({ originalname: displayName(files[i]!.originalFilename), message: localize(rejected(outcome.reason).text, localeOf(ctx)) })
    })
    if (uploaded.length === 0) throw Invalid(failed[0]?.message ?? UPLOAD_MESSAGES.notImage)
    await images(ctx, uploaded)
    ok(ctx, { uploaded, failed }, failed.length ? msg('{uploaded}张成功，{failed}张失败', { uploaded: uploaded.length, failed: failed.length }) : '全部图片上传成功')
  })

  const videoLimits = { fields: [...VIDEO_FIELDS, 'thumbnail'], maxFileSize: VIDEO_MAX_BYTES, maxFiles: 2, tooBig: UPLOAD_MESSAGES.videoTooBig, tooMany: UPLOAD_MESSAGES.oneVideo }
  router.post('/upload/video', auth, writes, videoBudget.before, multipart(storage, videoLimits), videoBudget.after, async (ctx: Context) => {
    const [video] = filesOf(ctx, VIDEO_FIELDS)
    if (!video) throw Invalid(UPLOAD_MESSAGES.noVideo)
    const [thumb] = filesOf(ctx, ['thumbnail'])
    if (thumb && thumb.size > IMAGE_MAX_BYTES) throw new AppError(413, UPLOAD_MESSAGES.imageTooBig)
    if (!(await isStoredVideo(video.filepath))) throw Invalid(UPLOAD_MESSAGES.notVideo)
    try {
      const workDir = ctx.state.workDir as string
      const sent = thumb ? await storeImage(storage, thumb.filepath, workDir).catch((err: unknown) => Promise.reject(storageFault(err) ? err : new ImageRejected('视频封面必须是图片'))) : null
      // No cover sent: a frame of the video, or a placeholder (media/video-cover.ts).
      const cover = sent ?? (await produceCover(storage, video.filepath, workDir))
      const stored = await storeVideo(storage, video.filepath)
      await record(ctx, [
        { url: stored.url, thumbnailUrl: null, kind: MEDIA_KIND.video, bytes: stored.size },
        await imageEntry(storage, cover),
      ])
      const coverUrl = cover.url
      ok(ctx, { url: stored.url, coverUrl, cover: coverUrl, thumbnailUrl: cover.thumbnailUrl, originalname: displayName(video.originalFilename), size: stored.size, duration: 0 }, '视频上传成功')
    } catch (err) {
      throw rejected(err)
    }
  })
}

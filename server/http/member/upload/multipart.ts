import type { Context, Next } from 'koa'
import { koaBody } from 'koa-body'
import { UPLOAD_MESSAGES } from '../../../contract/upload'
import { storageFault } from '../../../db/faults'
import { blameFullDisk, makeWorkDir, removeDir, type MediaStorage } from '../../../media/storage'
import { AppError, Invalid, withFacts } from '../../../errors'

/*
 * Per-route multipart parsing (the app-wide body parser only reads JSON). Files are streamed by formidable
 * straight to a private work directory under DATA_DIR/tmp, never buffered in memory, with the route's size
 * and count limits enforced while streaming; only the expected field names are kept. The work directory
 * is removed when the request ends, whatever happened, so rejected or unused files never linger.
 */

export interface UploadedFile {
  filepath: string
  originalFilename: string | null
  size: number
}

export interface MultipartLimits {
  /** Accepted file field names (others are dropped unread... to disk, then removed with the work dir). */
  fields: readonly string[]
  maxFileSize: number
  maxFiles: number
  tooBig: string
  tooMany?: string
}

/** formidable error codes (formidable/src/FormidableError.js). */
const FORMIDABLE = { maxFieldsExceeded: 1007, smallerThanMinFileSize: 1008, biggerThanMaxFileSize: 1009, noEmptyFiles: 1010, maxFilesExceeded: 1015, biggerThanTotalMaxFileSize: 1016 }

function translate(err: unknown, limits: MultipartLimits): AppError {
  const code = (err as { code?: number }).code
  if (code === FORMIDABLE.biggerThanMaxFileSize || code === FORMIDABLE.biggerThanTotalMaxFileSize) return new AppError(413, limits.tooBig)
  if (code === FORMIDABLE.maxFilesExceeded) return Invalid(limits.tooMany ?? UPLOAD_MESSAGES.tooMany)
  if (code === FORMIDABLE.noEmptyFiles || code === FORMIDABLE.smallerThanMinFileSize) return Invalid(UPLOAD_MESSAGES.noFile)
  return Invalid('上传失败，请求格式无效')
}

export function multipart(storage: MediaStorage, limits: MultipartLimits) {
  // 400 for a request that is no upload, 413 for a file over its limit, 507 when the disk is full.
  return withFacts({ statuses: [400, 413, 507] }, async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.is('multipart')) throw Invalid(UPLOAD_MESSAGES.noFile)
    const workDir = await makeWorkDir(storage)
    ctx.state.workDir = workDir
    try {
      const parse = koaBody({
        multipart: true,
        json: false,
        urlencoded: false,
        text: false,
        formidable: {
          uploadDir: workDir,
          keepExtensions: false,
          maxFileSize: limits.maxFileSize,
          maxTotalFileSize: limits.maxFileSize * limits.maxFiles,
          maxFiles: limits.maxFiles,
          maxFields: 20,
          maxFieldsSize: 64 * 1024,
          allowEmptyFiles: false,
          minFileSize: 1,
          filter: (part) => limits.fields.includes(part.name ?? ''),
        },
      })
      try {
        await parse(ctx, async () => {})
      } catch (err) {
        // A full disk is the server's problem (507), whatever formidable made of it.
        if (storageFault(err)) throw err
        await blameFullDisk(workDir, err)
        throw translate(err, limits)
      }
      await next()
    } finally {
      await removeDir(workDir)
    }
  })
}

/** The uploaded files of the given fields, in field order. */
export function filesOf(ctx: Context, fields: readonly string[]): UploadedFile[] {
  const all = (ctx.request as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {}
  return fields.flatMap((f) => {
    const v = all[f]
    return v ? (Array.isArray(v) ? v : [v]) : []
  })
}

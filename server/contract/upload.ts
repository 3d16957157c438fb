import { z } from 'zod'
import { fixed } from '../i18n/message'

/* Uploads (member-and-visitor.md §5, §7, §9): images ≤ 5 MB (≤ 9 per batch), one video ≤ 100 MB. */

export const IMAGE_MAX_MB = 5
export const VIDEO_MAX_MB = 100
export const BATCH_MAX_FILES = 9

export const UPLOAD_MESSAGES = {
  noFile: '请选择文件',
  notImage: '请选择图片文件',
  imageTooBig: fixed('图片大小不能超过{max}MB', { max: IMAGE_MAX_MB }),
  tooMany: fixed('最多只能上传{max}张图片', { max: BATCH_MAX_FILES }),
  oneImage: '一次只能上传一张图片',
  oneVideo: '一次只能上传一个视频和一张封面',
  notVideo: '请选择视频文件',
  videoTooBig: fixed('文件大小不能超过{max}MB', { max: VIDEO_MAX_MB }),
  noVideo: '没有视频文件',
} as const

export const imageUploadReply = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  smallThumbnailUrl: z.string().describe('卡片尺寸的缩略图（240 px 宽 WebP），与 thumbnailUrl（480 px）一起用于 srcset'),
  width: z.number().int(),
  height: z.number().int(),
  originalname: z.string(),
  size: z.number().int(),
})
export type ImageUploadReply = z.infer<typeof imageUploadReply>

export const multipleUploadReply = z.object({
  uploaded: z.array(imageUploadReply),
  failed: z.array(z.object({ originalname: z.string(), message: z.string() })),
})
export type MultipleUploadReply = z.infer<typeof multipleUploadReply>

export const videoUploadReply = z.object({
  url: z.string(),
  coverUrl: z.string().nullable(),
  cover: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  originalname: z.string(),
  size: z.number().int(),
  duration: z.number().int(),
})
export type VideoUploadReply = z.infer<typeof videoUploadReply>

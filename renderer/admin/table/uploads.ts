import type { ImageUploadReply, MultipleUploadReply, VideoUploadReply } from '../../../server/contract/upload'
import { INVALID_IMAGE_URL, normalizeUploadUrl } from '../../../server/contract/media'
import type { AdminApi } from '../api/http'

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_MAX_COUNT = 9
/** A thumbnail that has not loaded by then shows the placeholder (spec: lazy image timeouts 3 / 5 / 8 s). */
export const IMAGE_TIMEOUT_MS = 8000
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const VIDEO_TYPES = ['video/mp4', 'video/x-msvideo', 'video/avi', 'video/quicktime']

/** Problems with chosen images, per the upload rules (5 MB each, jpg/jpeg/png/webp). */
export function checkImages(files: File[]): string | null {
  for (const file of files) {
    if (!IMAGE_TYPES.includes(file.type)) return `${file.name}: 不支持的文件类型`
    if (file.size > IMAGE_MAX_BYTES) return `${file.name}: 图片大小不能超过5MB`
  }
  return null
}

export function checkVideo(file: File): string | null {
  if (!VIDEO_TYPES.includes(file.type) && !/\.(mp4|avi|mov)$/i.test(file.name)) return '请选择视频文件'
  if (file.size > VIDEO_MAX_BYTES) return '视频大小不能超过100MB'
  return null
}

export async function uploadImages(api: AdminApi, files: File[]): Promise<string[]> {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  const env = await api.request<MultipleUploadReply>('/upload/multiple', { method: 'POST', body: form, timeout: 120_000 })
  return env.data.uploaded.map((u) => u.url)
}

/** One image (a video note's cover): POST /upload/single, field `file`. */
export async function uploadImage(api: AdminApi, file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  const env = await api.request<ImageUploadReply>('/upload/single', { method: 'POST', body: form, timeout: 120_000 })
  return env.data.url
}

/** A pasted image URL, by the rule the server applies at submit: the `/uploads/...` path, or the server's message. */
export function checkImageUrl(input: string): { url: string } | { problem: string } {
  const url = normalizeUploadUrl(input)
  return url ? { url } : { problem: INVALID_IMAGE_URL }
}

export async function uploadVideo(api: AdminApi, file: File): Promise<{ url: string; cover: string }> {
  const form = new FormData()
  form.append('video', file)
  const env = await api.request<VideoUploadReply>('/upload/video', { method: 'POST', body: form, timeout: 300_000 })
  return { url: env.data.url, cover: env.data.coverUrl ?? '' }
}

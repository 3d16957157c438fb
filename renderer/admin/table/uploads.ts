import type { AdminApi } from '../api/http'

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_MAX_COUNT = 9
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

function urlsOf(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(urlsOf)
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>
    if (typeof record.url === 'string') return [record.url]
    for (const key of ['uploaded', 'files', 'urls', 'data']) if (key in record) return urlsOf(record[key])
  }
  return typeof data === 'string' ? [data] : []
}

export async function uploadImages(api: AdminApi, files: File[]): Promise<string[]> {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  const env = await api.request<unknown>('/upload/multiple', { method: 'POST', body: form, timeout: 120_000 })
  return urlsOf(env.data)
}

export async function uploadVideo(api: AdminApi, file: File): Promise<{ url: string; cover: string }> {
  const form = new FormData()
  form.append('video', file)
  const env = await api.request<Record<string, unknown>>('/upload/video', { method: 'POST', body: form, timeout: 300_000 })
  const data = env.data ?? {}
  const cover = data.cover ?? data.coverUrl ?? data.cover_url
  return { url: typeof data.url === 'string' ? data.url : '', cover: typeof cover === 'string' ? cover : '' }
}

import { ApiError } from '../../common/api/errors'
import { uploadWithProgress } from '../../common/api/upload'
import type { ImageUploadReply, MultipleUploadReply, VideoUploadReply } from '../../../server/contract/upload'
import { api, memberTokens } from './client'

async function withRefresh<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && (await api.refreshTokens())) return run()
    throw err
  }
}

/** POST /upload/multiple (field files) → urls in order. */
export async function uploadImages(files: readonly Blob[], onProgress?: (p: number) => void): Promise<string[]> {
  return withRefresh(async () => {
    const form = new FormData()
    files.forEach((f, i) => form.append('files', f, f instanceof File ? f.name : `image-${i + 1}.jpg`))
    const data = await uploadWithProgress<MultipleUploadReply>({ path: '/upload/multiple', form, tokens: memberTokens, onProgress })
    const urls = data.uploaded.map((x) => x.url)
    if (urls.length === 0) throw new ApiError('上传失败，没有成功上传的图片', 0, 0)
    return urls
  })
}

/** POST /upload/single (field file) → url. */
export async function uploadImage(file: Blob, name = 'image.png'): Promise<string> {
  return withRefresh(async () => {
    const form = new FormData()
    form.append('file', file, file instanceof File ? file.name : name)
    return (await uploadWithProgress<ImageUploadReply>({ path: '/upload/single', form, tokens: memberTokens })).url
  })
}

export interface VideoUploadResult {
  url: string
  coverUrl: string | null
}

/** POST /upload/video (field file, optional thumbnail), 300 s timeout, real progress. */
export async function uploadVideo(file: File, thumbnail: Blob | null, onProgress: (p: number) => void, signal?: AbortSignal): Promise<VideoUploadResult> {
  return withRefresh(async () => {
    const form = new FormData()
    form.append('file', file, file.name)
    if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.jpg')
    const data = await uploadWithProgress<VideoUploadReply>({ path: '/upload/video', form, tokens: memberTokens, timeout: 300_000, onProgress, signal })
    return { url: data.url, coverUrl: data.coverUrl }
  })
}

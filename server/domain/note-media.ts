import { Invalid } from '../errors'
import { imageFacts } from '../media/images'
import { normalizeUploadUrl, uploadPath, type MediaStorage } from '../media/storage'
import { isStoredVideo } from '../media/videos'

/*
 * Media a note references must be files we stored (/uploads/...), checked before the note's transaction:
 * images must still decode (their size and thumbnails are recorded with the note), the video must be a
 * video container. So a note can never point at an arbitrary or foreign URL.
 */

export interface NoteImage {
  url: string
  thumbnailUrl: string | null
  smallThumbnailUrl: string | null
  width: number
  height: number
}

export interface NoteVideo {
  url: string
  coverUrl: string | null
}

export async function resolveImages(storage: MediaStorage, urls: readonly string[]): Promise<NoteImage[]> {
  const out: NoteImage[] = []
  for (const raw of urls) {
    const url = normalizeUploadUrl(raw)
    if (!url) throw Invalid('图片地址无效，请重新上传')
    const facts = await imageFacts(storage, url)
    if (!facts) throw Invalid('图片不存在或已失效，请重新上传')
    out.push({ url, ...facts })
  }
  return out
}

export async function resolveVideo(storage: MediaStorage, video: { url: string; coverUrl?: string | null; cover_url?: string | null }): Promise<NoteVideo> {
  const url = normalizeUploadUrl(video.url)
  const file = url ? uploadPath(storage, url) : null
  if (!url || !file || !(await isStoredVideo(file))) throw Invalid('视频不存在或已失效，请重新上传')
  const coverRaw = video.coverUrl ?? video.cover_url ?? null
  if (!coverRaw) return { url, coverUrl: null }
  const [cover] = await resolveImages(storage, [coverRaw]).catch(() => {
    throw Invalid('视频封面无效，请重新上传')
  })
  return { url, coverUrl: cover!.url }
}

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../../common/api/errors'
import { toast } from '../../../common/components/toast'
import { createPost, updatePost } from '../../api/posts'
import { uploadImages, uploadVideo } from '../../api/upload'
import { compressImage } from './compress'
import type { ImageItem } from './ImageUploader'
import { toPostInput, type PublishFormState } from './usePublishForm'
import type { VideoItem } from './VideoUploader'

/** Publishing flow (spec §4): validate → upload media → send → message → caller resets and redirects. */
export function useSubmitPost(setImages: (i: ImageItem[]) => void, setVideo: (v: VideoItem | null) => void) {
  const qc = useQueryClient()
  const [busy, setBusy] = useState<'publish' | 'draft' | null>(null)

  const uploadMedia = async (f: PublishFormState): Promise<{ images: string[]; video: { url: string; coverUrl: string | null } | null }> => {
    if (f.type === 1) {
      const pending = f.images.filter((i) => !i.url && i.file)
      if (pending.length === 0) return { images: f.images.map((i) => i.url!).filter(Boolean), video: null }
      toast.info(pending.length > 3 ? `正在上传 ${pending.length} 张图片，请耐心等待...` : '正在上传图片...')
      let files: File[]
      try {
        files = await Promise.all(pending.map((i) => compressImage(i.file!)))
      } catch {
        throw new ApiError('处理图片失败，请重试', 0, 0)
      }
      const urls = await uploadImages(files)
      let k = 0
      const next = f.images.map((i) => (i.url ? i : { ...i, url: urls[k++] ?? null }))
      setImages(next)
      return { images: next.map((i) => i.url).filter((u): u is string => Boolean(u)), video: null }
    }
    const v = f.video
    if (!v) throw new ApiError('没有视频文件', 0, 0)
    if (v.url) return { images: [], video: { url: v.url, coverUrl: v.coverUrl } }
    if (!v.file) throw new ApiError('没有视频文件', 0, 0)
    toast.info('正在上传视频...')
    let current: VideoItem = { ...v, status: 'uploading', progress: 0 }
    setVideo(current)
    try {
      const res = await uploadVideo(v.file, v.cover, (p) => {
        current = { ...current, progress: p }
        setVideo(current)
      })
      current = { ...current, status: 'uploaded', progress: 100, url: res.url, coverUrl: res.coverUrl }
      setVideo(current)
      return { images: [], video: { url: res.url, coverUrl: res.coverUrl } }
    } catch (err) {
      setVideo({ ...current, status: 'error' })
      throw err instanceof ApiError ? err : new ApiError('视频上传失败，请重试', 0, 0)
    }
  }

  /** Returns the note id, or null on failure (a message was shown). */
  /** `editing`: saving changes to a published note (spec §8: 更新成功 / 更新失败，请重试). */
  const submit = async (f: PublishFormState, isDraft: boolean, existingId: number | null, editing = false): Promise<number | null> => {
    setBusy(isDraft ? 'draft' : 'publish')
    try {
      const media = await uploadMedia(f)
      toast.info(isDraft ? '正在保存草稿...' : '正在发布笔记...')
      const input = toPostInput(f, media.images, media.video, isDraft)
      let id = existingId
      let message: string
      if (existingId) message = await updatePost(existingId, input)
      else ({ id, message } = await createPost(input))
      // A note held for review says so (the server's message); otherwise the spec's own words.
      toast.success(!isDraft && message.includes('审核') ? message : isDraft ? '草稿保存成功' : editing ? '更新成功' : '发布成功')
      void qc.invalidateQueries({ queryKey: ['posts'] })
      if (id) void qc.invalidateQueries({ queryKey: ['post', id] })
      return id
    } catch (err) {
      const fallback = isDraft ? '草稿保存失败，请重试' : editing ? '更新失败，请重试' : '发布失败，请重试'
      toast.error(err instanceof ApiError && err.message ? err.message : fallback)
      return null
    } finally {
      setBusy(null)
    }
  }

  return { submit, busy }
}

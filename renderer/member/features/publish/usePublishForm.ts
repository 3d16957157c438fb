import { useCallback, useState } from 'react'
import { htmlToText, textToHtml } from '../../../common/richtext/html'
import { decodeMentions, encodeMentions } from '../../../common/richtext/mentions'
import type { Category, PostDetail } from '../../api/types'
import type { PostInput } from '../../api/posts'
import { serverImageItem, type ImageItem } from './ImageUploader'
import type { PublishDraft } from './publishRules'
import type { VideoItem } from './VideoUploader'

export interface Mention {
  nickname: string
  userId: string
}

export interface PublishFormState {
  type: 1 | 2
  title: string
  content: string
  mentions: Mention[]
  categoryId: number | null
  tags: string[]
  images: ImageItem[]
  video: VideoItem | null
}

export const EMPTY_FORM: PublishFormState = { type: 1, title: '', content: '', mentions: [], categoryId: null, tags: [], images: [], video: null }

/** Form state of the publish page; switching tab clears the other mode's media. */
export function usePublishForm() {
  const [form, setForm] = useState<PublishFormState>(EMPTY_FORM)
  const set = useCallback(<K extends keyof PublishFormState>(key: K, value: PublishFormState[K]) => setForm((f) => ({ ...f, [key]: value })), [])
  const setType = useCallback((type: 1 | 2) => setForm((f) => (f.type === type ? f : { ...f, type, images: [], video: null })), [])
  const reset = useCallback(() => setForm(EMPTY_FORM), [])
  return { form, set, setType, reset, setForm }
}

export function draftFacts(f: PublishFormState): PublishDraft {
  return {
    title: f.title,
    contentLength: f.content.trim().length,
    categoryId: f.categoryId,
    type: f.type,
    imageCount: f.images.length,
    hasVideo: Boolean(f.video && (f.video.file || f.video.url)),
  }
}

/** A loaded draft → form state (category matched by name when the id is missing). */
export function formFromPost(post: PostDetail, categories: readonly Category[]): PublishFormState {
  const { text, picked } = decodeMentions(htmlToText(post.content))
  const categoryId = post.category_id ?? categories.find((c) => c.name === post.category)?.id ?? null
  const video: VideoItem | null =
    post.type === 2 && post.video_url
      ? { file: null, name: '已上传的视频', size: 0, preview: post.video_url, cover: null, coverPreview: null, url: post.video_url, coverUrl: post.cover_url, progress: 100, status: 'uploaded' }
      : null
  return {
    type: post.type === 2 ? 2 : 1,
    title: post.title,
    content: text,
    mentions: picked,
    categoryId,
    tags: post.tags.map((t) => t.name),
    images: post.type === 1 ? post.images.map(serverImageItem) : [],
    video,
  }
}

export function toPostInput(f: PublishFormState, images: string[], video: { url: string; coverUrl: string | null } | null, isDraft: boolean): PostInput {
  return {
    title: f.title.trim(),
    content: textToHtml(encodeMentions(f.content.trim(), f.mentions)),
    images: f.type === 1 ? images : [],
    video: f.type === 2 ? video : null,
    tags: f.tags,
    category_id: f.categoryId,
    type: f.type,
    is_draft: isDraft,
  }
}

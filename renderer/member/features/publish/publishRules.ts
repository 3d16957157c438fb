/** Publish-form rules of spec §5/§9 (pure, unit-tested). */
export const PUBLISH_LIMITS = { title: 100, content: 2000, tags: 10, tagLength: 8, images: 9, imageBytes: 5 * 1024 * 1024, videoBytes: 100 * 1024 * 1024 } as const

export const PUBLISH_MESSAGES = {
  title: '请输入标题',
  content: '请输入内容',
  category: '请选择分类',
  images: '请至少上传一张图片',
  video: '请选择视频文件',
  titleOrContent: '请输入标题或内容',
} as const

export interface PublishDraft {
  title: string
  /** Plain text length of the content. */
  contentLength: number
  categoryId: number | null
  type: 1 | 2
  imageCount: number
  hasVideo: boolean
}

function mediaError(d: PublishDraft): string {
  if (d.type === 1) return d.imageCount > 0 ? '' : PUBLISH_MESSAGES.images
  return d.hasVideo ? '' : PUBLISH_MESSAGES.video
}

/** First blocking problem for publishing, or ''. */
export function publishError(d: PublishDraft): string {
  if (!d.title.trim()) return PUBLISH_MESSAGES.title
  if (d.contentLength === 0) return PUBLISH_MESSAGES.content
  if (!d.categoryId) return PUBLISH_MESSAGES.category
  return mediaError(d)
}

/** First blocking problem for saving a draft, or ''. */
export function draftError(d: PublishDraft): string {
  if (!d.title.trim() && d.contentLength === 0) return PUBLISH_MESSAGES.titleOrContent
  return mediaError(d)
}

export const canPublish = (d: PublishDraft) => publishError(d) === ''
export const canSaveDraft = (d: PublishDraft) => draftError(d) === ''

/** Tags: trimmed, at most 8 characters, duplicates ignored, at most 10. Returns the new list or an error. */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; error: string } {
  const t = raw.trim().replace(/^#/, '').slice(0, PUBLISH_LIMITS.tagLength)
  if (!t || tags.includes(t)) return { tags: [...tags], error: '' }
  if (tags.length >= PUBLISH_LIMITS.tags) return { tags: [...tags], error: `最多只能添加${PUBLISH_LIMITS.tags}个标签` }
  return { tags: [...tags, t], error: '' }
}

/** Tag suggestions: case-insensitive substring, up to 10, excluding chosen ones. */
export function suggestTags(all: readonly string[], query: string, chosen: readonly string[]): string[] {
  const q = query.trim().toLowerCase()
  return all.filter((t) => !chosen.includes(t) && (!q || t.toLowerCase().includes(q))).slice(0, 10)
}

export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm'] as const

export function imageFileError(file: { type: string; size: number }): string {
  if (!file.type.startsWith('image/')) return '只能上传图片文件'
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return '不支持的文件类型'
  if (file.size > PUBLISH_LIMITS.imageBytes) return `图片大小为${(file.size / 1024 / 1024).toFixed(1)}MB，超过5MB限制，请选择更小的图片`
  return ''
}

export function videoFileError(file: { name: string; type: string; size: number }): string {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!file.type.startsWith('video/') && !(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return '请选择视频文件'
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return '不支持的视频格式'
  if (file.size > PUBLISH_LIMITS.videoBytes) return '文件大小不能超过100MB'
  return ''
}

/** Move one item of a list to another index (drag reorder). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item!)
  return next
}

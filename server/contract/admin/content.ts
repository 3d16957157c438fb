import { z } from 'zod'
import { boolish, choice, displayIdRef, numericRef, optionalId, requireUserRef, requiredId } from './refs'

/*
 * Notes and comments (admin-back-office.md §5): author, title, content, category and type are required to
 * publish; a draft requires none of title, content and category. Tags at most 10, images at most 9 (image
 * notes), a video for video notes, view_count ≥ 0.
 */

const mediaUrl = z.string().trim().min(1).max(500, '地址过长')
const title = z.string().trim().max(100, '标题最多100个字符')
const content = z.string().max(2000, '内容最多2000个字符')
const tags = z
  .array(z.string().trim().min(1, '标签不能为空').max(32, '标签最多32个字符'), { error: '标签必须是列表' })
  .max(10, '最多添加10个标签')
const images = z.array(mediaUrl, { error: '图片必须是列表' }).max(9, '最多上传9张图片')
const noteType = choice([1, 2], '请选择笔记类型')

const noteFields = {
  title: title.optional(),
  content: content.optional(),
  category_id: optionalId,
  tags: tags.optional(),
  images: images.optional(),
  video_url: z.preprocess((v) => (v === '' ? null : v), mediaUrl.nullable().optional()),
  cover_url: z.preprocess((v) => (v === '' ? null : v), mediaUrl.nullable().optional()),
  is_draft: boolish.optional(),
  view_count: z.coerce.number({ error: '浏览量必须是数字' }).int('浏览量必须是整数').min(0, '浏览量不能小于0').optional(),
}

const blank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === ''

export const postCreateBody = z
  .object({ user_display_id: displayIdRef, user_id: numericRef, type: noteType, ...noteFields })
  .superRefine(requireUserRef('user', '请输入作者ID'))
  .superRefine((v, ctx) => {
    if (v.is_draft) return
    if (blank(v.title)) ctx.addIssue({ code: 'custom', message: '请输入标题', path: ['title'] })
    else if (blank(v.content)) ctx.addIssue({ code: 'custom', message: '请输入内容', path: ['content'] })
    else if (!v.category_id) ctx.addIssue({ code: 'custom', message: '请选择分类', path: ['category_id'] })
  })
  .superRefine((v, ctx) => {
    if (v.type === 2 && !v.video_url) ctx.addIssue({ code: 'custom', message: '请上传视频', path: ['video_url'] })
    if (v.type === 2 && v.images?.length) ctx.addIssue({ code: 'custom', message: '视频笔记不能添加图片', path: ['images'] })
  })
/** Edit: every field optional; publishing rules are checked against the merged note by the command. */
export const postUpdateBody = z.object({ type: noteType.optional(), ...noteFields })
export type PostCreateBody = z.infer<typeof postCreateBody>
export type PostUpdateBody = z.infer<typeof postUpdateBody>

const commentContent = z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(2000, '评论内容最多2000个字符')

export const commentCreateBody = z
  .object({ post_id: requiredId('请输入笔记ID'), user_display_id: displayIdRef, user_id: numericRef, parent_id: optionalId, content: commentContent })
  .superRefine(requireUserRef('user', '请输入评论者ID'))
export const commentUpdateBody = z.object({ content: commentContent })
export type CommentCreateBody = z.infer<typeof commentCreateBody>
export type CommentUpdateBody = z.infer<typeof commentUpdateBody>

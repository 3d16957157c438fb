import { z } from 'zod'
import { commentCreateBody as memberCommentBody } from '../comments'
import { draftFlag, noteProblem, postUpdateBody } from '../posts'
import { displayIdRef, numericRef, requireUserRef, requiredId, userRefsRequired } from './refs'

/*
 * Notes and comments (admin-back-office.md §5). A note follows the member API's rules exactly (the same
 * field schemas and the publish / draft rules of noteProblem): title, content and category are required to
 * publish, a draft needs a title or content; tags ≤ 10, images ≤ 9 (image notes), a video for video notes.
 * The admin form also names the author and may send the video flat as video_url / cover_url.
 */

/** `video_url` / `cover_url` (the admin form) → `video: { url, coverUrl }` (the member contract). */
function flatVideo(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  const body = { ...(v as Record<string, unknown>) }
  const url = body.video_url
  if (body.video === undefined && url !== undefined) body.video = url === null || url === '' ? null : { url, coverUrl: body.cover_url || null }
  delete body.video_url
  delete body.cover_url
  return body
}

const { type, ...noteFields } = postUpdateBody.shape
const viewCount = z.coerce.number({ error: '浏览量必须是数字' }).int('浏览量必须是整数').min(0, '浏览量不能小于0')

export const postCreateBody = z.preprocess(
  flatVideo,
  z
    .object({
      user_display_id: displayIdRef,
      user_id: numericRef,
      ...noteFields,
      type: type.unwrap(),
      view_count: viewCount.optional(),
    })
    .superRefine(requireUserRef('user', '请输入作者ID'))
    .meta(userRefsRequired('user'))
    .transform((b, ctx) => {
      const note = {
        title: b.title ?? '',
        content: b.content ?? '',
        images: b.images ?? [],
        video: b.video ?? null,
        tags: b.tags ?? [],
        category_id: b.category_id ?? null,
        type: b.type,
        is_draft: draftFlag(b.is_draft, b.status) ?? false,
      }
      const problem = noteProblem(note)
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem })
        return z.NEVER
      }
      return { user_display_id: b.user_display_id, user_id: b.user_id, view_count: b.view_count, note }
    }),
)
/** Edit: any subset; the merged note must pass the same rules (checked by the note command). */
export const postUpdateAdminBody = z.preprocess(flatVideo, postUpdateBody.extend({ view_count: viewCount.optional() }))
export type PostCreateAdminBody = z.output<typeof postCreateBody>
export type PostUpdateAdminBody = z.output<typeof postUpdateAdminBody>

/** The member API's comment body (post_id, content, parent_id) plus whose comment it is. */
export const commentCreateBody = memberCommentBody
  .extend({ post_id: requiredId('请输入笔记ID'), user_display_id: displayIdRef, user_id: numericRef })
  .superRefine(requireUserRef('user', '请输入评论者ID'))
  .meta(userRefsRequired('user'))
/** An edit changes only the text, with the member rules. */
export const commentUpdateBody = memberCommentBody.pick({ content: true })
export type CommentCreateAdminBody = z.output<typeof commentCreateBody>

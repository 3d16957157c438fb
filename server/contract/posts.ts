import { z } from 'zod'
import { idSchema, listReplySchema, multiLine, pageQuery, queryFlag, singleLine } from './common'
import { hasInvisibleCharacters } from './users'
import { fixed } from '../i18n/message'

/* Notes (posts): feed, detail, create / update / delete, collect (member-and-visitor.md §3, §5, §7). */

export const TITLE_MAX = 100
export const CONTENT_MAX = 2000
/** Bound on the raw rich text (markup included) so a note cannot carry megabytes of tags. */
export const CONTENT_RAW_MAX = 20_000
export const IMAGES_MAX = 9
export const TAGS_MAX = 10
export const TAG_NAME_MAX = 8

export const NOTE_TYPE = { image: 1, video: 2 } as const

/** Length of rich text as the editor counts it: markup removed, entities as one character. */
export function plainLength(html: string): number {
  return [...html.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, '_')].length
}

/** Whether rich text has visible text (not only markup and blanks). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/gi, ' ').trim().length > 0
}

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: 'is_draft 必须是布尔值' }).transform((v) => v === true || v === 1 || v === '1' || v === 'true')

const mediaUrl = z.string({ error: '媒体地址无效' }).trim().min(1, '媒体地址无效').max(500, '媒体地址无效')
const imageRef = z.union([mediaUrl, z.object({ url: mediaUrl })], { error: '图片地址无效' }).transform((v) => (typeof v === 'string' ? v : v.url))

export const videoInput = z.object({
  url: z.string({ error: '请选择视频文件' }).trim().min(1, '请选择视频文件').max(500, '媒体地址无效'),
  coverUrl: mediaUrl.nullish(),
  cover_url: mediaUrl.nullish(),
})

/** Tag names as typed: trimmed, leading '#' dropped, duplicates ignored, ≤ 10 of ≤ 8 characters. */
export const tagNames = z
  .array(z.union([z.string(), z.object({ name: z.string() })], { error: '标签格式无效' }).transform((t) => (typeof t === 'string' ? t : t.name)), {
    error: '标签格式无效',
  })
  .max(50, fixed('最多只能添加{max}个标签', { max: TAGS_MAX }))
  .transform((names) => [...new Set(names.map((n) => n.normalize('NFKC').trim().replace(/^#+/, '').trim()).filter(Boolean))])
  .refine((names) => names.length <= TAGS_MAX, fixed('最多只能添加{max}个标签', { max: TAGS_MAX }))
  .refine((names) => names.every((n) => [...n].length <= TAG_NAME_MAX), fixed('标签最多{max}个字', { max: TAG_NAME_MAX }))
  .refine((names) => names.every((n) => !/[<>]/.test(n) && !hasInvisibleCharacters(n)), '标签包含无效字符')

const categoryRef = z.union([idSchema, z.null(), z.literal('')], { error: '分类无效' }).transform((v) => (v === '' ? null : v))

const noteFields = {
  title: z.string({ error: '标题必须是文本' }).trim().max(TITLE_MAX, fixed('标题不能超过{max}个字符', { max: TITLE_MAX })).refine(...singleLine('标题')),
  content: z
    .string({ error: '内容必须是文本' })
    .max(CONTENT_RAW_MAX, `内容不能超过${CONTENT_MAX}个字符`)
    .refine(...multiLine('内容'))
    .refine((html) => plainLength(html) <= CONTENT_MAX, `内容不能超过${CONTENT_MAX}个字符`)
    .meta({ 'x-max-plain-length': CONTENT_MAX, description: `去掉标记后最多${CONTENT_MAX}个字符（maxLength 为含标记的上限）` }),
  images: z.array(imageRef, { error: '图片列表无效' }).max(IMAGES_MAX, fixed('最多只能上传{max}张图片', { max: IMAGES_MAX })),
  video: videoInput.nullable(),
  tags: tagNames,
  category_id: categoryRef,
  type: z.union([z.literal(1), z.literal(2), z.enum(['1', '2'])], { error: '笔记类型必须是1或2' }).transform(Number),
  is_draft: flag,
}

/** A complete note as the rules see it (create body, or stored note merged with an update). */
export interface NoteDraft {
  title: string
  content: string
  images: string[]
  video: { url: string; coverUrl?: string | null; cover_url?: string | null } | null
  tags: string[]
  category_id: number | null
  type: number
  is_draft: boolean
}

/**
 * The publish / draft rules of §5 (publish: title, content, category and media; draft: title or content).
 * Returns the first message, or null when the note may be saved. Media is optional for drafts (decided).
 */
export function noteProblem(note: NoteDraft): string | null {
  if (note.is_draft) return note.title || hasText(note.content) ? null : '请输入标题或内容'
  if (!note.title) return '请输入标题'
  if (!hasText(note.content)) return '请输入内容'
  if (!note.category_id) return '请选择分类'
  if (note.type === NOTE_TYPE.image && note.images.length === 0) return '请至少上传一张图片'
  if (note.type === NOTE_TYPE.video && !note.video) return '请选择视频文件'
  return null
}

/**
 * XiaoShiLiu v1.3's note status, in replies beside is_draft and moderation: 0 published, 1 draft, 2 submitted
 * (审核中), 3 not published by a moderator's decision (未通过, or hidden).
 */
export const NOTE_STATUS = { published: 0, draft: 1, pending: 2, rejected: 3 } as const

/** A note's v1.3 status from its draft flag and moderation state (server/db/visibility.ts: 1 hidden, 2 pending, 3 rejected). */
export function noteStatusOf(isDraft: boolean, moderation: number): number {
  if (isDraft) return NOTE_STATUS.draft
  if (moderation === 2) return NOTE_STATUS.pending
  return moderation === 0 ? NOTE_STATUS.published : NOTE_STATUS.rejected
}

/**
 * `status` on writes: 1 makes the note a draft; 2 (v1.3's "submit") publishes it, through the review setting
 * (published at once when review is off); 0 leaves it to is_draft; anything else is a 400 (docs/decisions.md).
 */
const noteStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.enum(['0', '1', '2'])], { error: '笔记状态只能是0（发布）、1（草稿）或2（提交审核）' }).transform(Number)

/** The draft flag once `status` is read: status 1 always means draft, 2 always means publish. */
export const draftFlag = (isDraft: boolean | undefined, status: number | undefined): boolean | undefined => (status === 1 ? true : status === 2 ? false : isDraft)

export const postCreateBody = z
  .object({
    title: noteFields.title.default(''),
    content: noteFields.content.default(''),
    images: noteFields.images.default([]),
    video: noteFields.video.optional().transform((v) => v ?? null),
    tags: noteFields.tags.default([]),
    category_id: noteFields.category_id.optional().transform((v) => v ?? null),
    type: noteFields.type.default(1),
    is_draft: flag.default(false),
    status: noteStatus.optional(),
  })
  .transform(({ status, ...note }) => ({ ...note, is_draft: draftFlag(note.is_draft, status) ?? false }))
  .superRefine((note, ctx) => {
    const problem = noteProblem(note)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
export type PostCreateBody = z.infer<typeof postCreateBody>

/** Update: any subset of the fields; the merged note must pass the same rules (checked by the command). */
export const postUpdateBody = z.object({
  title: noteFields.title.optional(),
  content: noteFields.content.optional(),
  images: noteFields.images.optional(),
  video: noteFields.video.optional(),
  tags: noteFields.tags.optional(),
  category_id: noteFields.category_id.optional(),
  type: noteFields.type.optional(),
  is_draft: flag.optional(),
  status: noteStatus.optional(),
})
export type PostUpdateBody = z.infer<typeof postUpdateBody>

export const POST_SORTS = ['created_at', 'latest', 'newest', 'desc', 'oldest', 'asc', 'hot', 'popular', 'recommend'] as const
export type PostOrder = 'newest' | 'oldest' | 'hot'
export function postOrder(sort: (typeof POST_SORTS)[number] | undefined): PostOrder {
  if (sort === 'oldest' || sort === 'asc') return 'oldest'
  if (sort === 'hot' || sort === 'popular' || sort === 'recommend') return 'hot'
  return 'newest'
}

export const postListQuery = pageQuery(20).extend({
  category: z.string({ error: '分类无效' }).trim().max(50, '分类无效').refine(...singleLine('分类')).optional().describe("分类ID或 category_title；'recommend' 为推荐频道"),
  recommend: queryFlag.optional().describe('1 = 推荐频道（按热度排序）'),
  type: z
    .enum(['1', '2', 'all'], { error: '笔记类型必须是1或2' })
    .transform((t) => (t === 'all' ? undefined : Number(t)))
    .optional()
    .describe('1 图文，2 视频；all 或不传为全部'),
  user_id: z.string({ error: '用户ID无效' }).trim().min(1, '用户ID无效').max(15, '用户ID无效').optional().describe('作者的小石榴号'),
  is_draft: queryFlag.optional().describe('1 = 草稿（仅本人，需登录）'),
  status: z
    .enum(['0', '1', '2', '3', 'all'], { error: '笔记状态只能是0、1、2、3或all' })
    .transform((s) => (s === 'all' ? s : Number(s)))
    .optional()
    .describe('0 已发布，1 草稿，2 审核中，3 未通过；1–3 仅本人（需登录）；all 为查看者可见的全部（本人：含草稿、审核中和未通过；XiaoShiLiu v1.3.2 的笔记管理）'),
  keyword: z.string({ error: '关键词无效' }).trim().max(100, '关键词不能超过100个字符').refine(...singleLine('关键词')).optional(),
  sort: z.enum(POST_SORTS, { error: '不支持的排序方式' }).optional(),
})
export type PostListQuery = z.infer<typeof postListQuery>

export const postDetailQuery = z.object({ skipViewCount: z.string().optional().describe('兼容参数：浏览量由服务器按每人每小时一次计算') })

export const authorSchema = z.object({
  nickname: z.string(),
  user_avatar: z.string(),
  /** = nickname and user_avatar, the names XiaoShiLiu v1.3.2's client reads (issue 20). */
  author: z.string(),
  avatar: z.string(),
  author_account: z.string().describe('作者小石榴号'),
  author_auto_id: z.number().int(),
  user_id: z.string().describe('作者小石榴号'),
  verified: z.number().int(),
})

/** Card excerpts of the content: plain text of at most this many characters (M §2.7, §9 "list preview 100"). */
export const CONTENT_EXCERPT_MAX = 100

export const tagRefSchema = z.object({ id: z.number().int(), name: z.string() })
export type TagRef = z.infer<typeof tagRefSchema>

/**
 * A note in every list (feed, channels, profile tabs, search, note management): the spec's Note (M §3) with
 * `images` (for a video note: its cover), `tags` and a plain-text `content` excerpt; the full rich text is
 * only in the detail. `image` / `thumbnail` / `image_width` / `image_height` serve the waterfall.
 */
/** Moderation state (server/db/visibility.ts); only an author ever sees a value other than 0 on their own notes. */
export const moderationField = z.number().int().describe('审核状态：0 正常，1 已被隐藏，2 审核中，3 未通过（仅作者本人可见非 0 的内容）')
export const moderationReasonField = z.string().nullable().describe('隐藏或未通过的原因（仅作者本人可见）')

/** Why the personalised 推荐 chose a card (server/domain/discovery/): the source that weighed most, and its line. */
export const RECOMMEND_REASON_TYPES = ['follow', 'author', 'tag', 'category', 'similar', 'interest'] as const
export const recommendReasonSchema = z
  .object({
    type: z.enum(RECOMMEND_REASON_TYPES).describe('follow 关注的作者，author 喜欢过的作者，tag 喜欢的标签，category 常看的分类，similar 相似笔记，interest 资料里的兴趣'),
    text: z.string().describe('展示给用户的理由，如「因为你关注了 小明」「因为你喜欢 #摄影」'),
  })
  .describe('推荐理由（仅登录用户的推荐频道）')
export type RecommendReason = z.infer<typeof recommendReasonSchema>

export const postCardSchema = authorSchema.extend({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe(`纯文本摘要（≤ ${CONTENT_EXCERPT_MAX} 字）；详情中为完整富文本`),
  type: z.number().int(),
  images: z.array(z.string()).describe('图片地址；视频笔记为 [封面]'),
  tags: z.array(tagRefSchema),
  image: z.string().nullable().describe('第一张图（视频笔记为封面）'),
  thumbnail: z.string().nullable().describe('信息流尺寸的缩略图'),
  thumbnail_small: z.string().nullable().describe('卡片尺寸的缩略图（240 px 宽，与 thumbnail 的 480 px 一起组成 srcset）；视频笔记和较早上传的图片为 null'),
  image_width: z.number().int(),
  image_height: z.number().int(),
  video_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  category: z.string().nullable(),
  category_id: z.number().int().nullable(),
  view_count: z.number().int(),
  like_count: z.number().int(),
  likeCount: z.number().int(),
  collect_count: z.number().int(),
  collectCount: z.number().int(),
  comment_count: z.number().int(),
  commentCount: z.number().int(),
  liked: z.boolean(),
  collected: z.boolean(),
  is_draft: z.boolean(),
  status: z.number().int().describe('0 已发布，1 草稿，2 审核中，3 未通过或已被隐藏（XiaoShiLiu v1.3）'),
  moderation: moderationField,
  moderation_reason: moderationReasonField,
  created_at: z.string(),
  recommend_reason: recommendReasonSchema.nullable().optional().describe('推荐理由：仅登录用户的推荐频道有此字段（null 表示热门探索）'),
})
export type PostCard = z.infer<typeof postCardSchema>

export const postListReply = listReplySchema('posts', postCardSchema)
export const collectionListReply = listReplySchema('collections', postCardSchema)

export const postDetailSchema = postCardSchema.extend({
  content: z.string().describe('完整富文本（已净化）'),
  image_list: z.array(z.object({ url: z.string(), thumbnail: z.string().nullable(), width: z.number().int(), height: z.number().int() })),
  video: z.object({ url: z.string(), coverUrl: z.string().nullable() }).nullable(),
  videos: z.array(z.object({ url: z.string(), coverUrl: z.string().nullable() })),
  location: z.string().nullable(),
  followed: z.boolean(),
  isLiked: z.boolean(),
  isCollected: z.boolean(),
  updated_at: z.string(),
})
export type PostDetail = z.infer<typeof postDetailSchema>

/** POST / DELETE /posts/{id}/not-interested (不感兴趣): the state after the call. */
export const notInterestedReply = z.object({ not_interested: z.boolean() })
export type NotInterestedReply = z.infer<typeof notInterestedReply>

export const collectReply = z.object({ collected: z.boolean(), collectCount: z.number().int(), collect_count: z.number().int() })

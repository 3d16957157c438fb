import { z } from 'zod'
import { multiLine } from '../common'
import { isVisibleText } from '../users'
import { fixed } from '../../i18n/message'

/* Watched words, the back-office settings and the review of held notes (issue 18, parts 5–7). */

/** What a watched word does: refuse the write, hold it for review, or mask the word with ***. */
export const WATCH_ACTIONS = ['block', 'review', 'replace'] as const
export type WatchAction = (typeof WATCH_ACTIONS)[number]
export const WATCH_ACTION_LABELS: Record<WatchAction, string> = { block: '禁止发布', review: '需要审核', replace: '替换为***' }

export const WATCHED_WORD_MAX = 100

const watchedWord = z
  .string({ error: '请输入词语' })
  .trim()
  .min(1, '请输入词语')
  .max(WATCHED_WORD_MAX, fixed('词语最多{max}个字符', { max: WATCHED_WORD_MAX }))
  .refine(isVisibleText, '词语包含无效字符')
const watchAction = z.enum(WATCH_ACTIONS, { error: '处理方式只能是 block、review 或 replace' })

export const watchedWordCreateBody = z.object({ word: watchedWord, action: watchAction })
export const watchedWordUpdateBody = watchedWordCreateBody.partial()
export type WatchedWordCreateBody = z.infer<typeof watchedWordCreateBody>
export type WatchedWordUpdateBody = z.infer<typeof watchedWordUpdateBody>

/** 笔记审核: off (publish at once), every note, or each member's first 3 notes. */
export const POST_REVIEW_MODES = ['off', 'all', 'first3'] as const
export type PostReviewMode = (typeof POST_REVIEW_MODES)[number]
export const POST_REVIEW_LABELS: Record<PostReviewMode, string> = { off: '关闭（直接发布）', all: '全部笔记先审后发', first3: '每位用户的前3篇笔记先审后发' }
/** How many published notes a member needs before `first3` lets their notes through. */
export const REVIEW_FIRST_NOTES = 3

/** 推荐频道 for signed-in members: personalised (server/domain/discovery/), or everyone's global hot list. */
export const RECOMMEND_MODES = ['personalised', 'hot'] as const
export type RecommendMode = (typeof RECOMMEND_MODES)[number]
export const RECOMMEND_MODE_LABELS: Record<RecommendMode, string> = { personalised: '个性化推荐（按关注、兴趣和互动）', hot: '全站热门（关闭个性化）' }

/**
 * 成员登录方式 (issue 39 item 3): local passwords beside the campus identity provider, or campus-only sign-in
 * (member password login and registration refused; administrators always keep their password login).
 */
export const MEMBER_SIGN_IN_MODES = ['password_and_campus', 'campus_only'] as const
export type MemberSignInMode = (typeof MEMBER_SIGN_IN_MODES)[number]
export const MEMBER_SIGN_IN_LABELS: Record<MemberSignInMode, string> = {
  password_and_campus: '本站密码与统一身份认证',
  campus_only: '仅统一身份认证（关闭密码登录与注册）',
}

/** The settings the back-office edits: each one's label and the values it accepts (with their labels). */
export const SITE_SETTINGS = {
  post_review: { label: '笔记审核', values: POST_REVIEW_LABELS, default: 'off' },
  recommend_mode: { label: '推荐频道', values: RECOMMEND_MODE_LABELS, default: 'personalised' },
  member_sign_in: { label: '成员登录方式', values: MEMBER_SIGN_IN_LABELS, default: 'password_and_campus' },
} as const satisfies Record<string, { label: string; values: Record<string, string>; default: string }>
export type SiteSettingName = keyof typeof SITE_SETTINGS

/** Every value some setting takes (the handler checks it against the setting named by the path). */
const SETTING_VALUES = [...new Set(Object.values(SITE_SETTINGS).flatMap((s) => Object.keys(s.values)))]
export const siteSettingUpdateBody = z.object({
  value: z.string({ error: '请选择设置值' }).trim().min(1, '请选择设置值').max(255, '设置值无效').meta({ enum: SETTING_VALUES, description: '该设置可取的值之一（路径所指设置的取值表）' }),
})
export type SiteSettingUpdateBody = z.infer<typeof siteSettingUpdateBody>

export const NOTE_REJECT_REASON_MAX = 200
/** The reason stored when a reject sends none (XiaoShiLiu v1.3.2's 待审核 screen sends no body). */
export const NOTE_REJECT_DEFAULT_REASON = '内容不符合社区规范'
/**
 * PUT /admin/posts-audit/{id}/reject (and comments-audit): the reason the author will read. Optional, as for
 * the verification reject (docs/decisions.md): without one the author reads NOTE_REJECT_DEFAULT_REASON, since
 * 「未通过：」 with nothing after it tells them nothing. Our back-office still asks for a reason.
 */
export const noteRejectBody = z
  .object({
    reason: z
      .string({ error: '拒绝原因无效' })
      .trim()
      .max(NOTE_REJECT_REASON_MAX, fixed('拒绝原因最多{max}个字符', { max: NOTE_REJECT_REASON_MAX }))
      .refine(...multiLine('拒绝原因'))
      .nullish(),
  })
  .transform((b) => ({ reason: b.reason || NOTE_REJECT_DEFAULT_REASON }))
/** PUT /admin/posts-audit/{id}/approve: nothing to send. */
export const noteApproveBody = z.object({})
export type NoteRejectBody = z.infer<typeof noteRejectBody>

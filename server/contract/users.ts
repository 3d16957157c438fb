import { z } from 'zod'
import { FOLLOW_LIST_KEYS, type FollowListKind } from './follow-keys'
import { listReplySchema, multiLine, pageQuery, singleLine } from './common'
import { fixed } from '../i18n/message'
import { LOCALES } from '../i18n/locales'

/* Users calls (member-and-visitor.md §3 User info / Follow list entry, §5 Profile, §7 Users). */

/** Served by the server itself from DATA_DIR/uploads/defaults (docs/decisions.md). */
export const DEFAULT_AVATAR = '/uploads/defaults/avatar.webp'
// i18n-ignore: the spec's display defaults are field values (stored and compared), not messages
export const DEFAULT_BIO = '用户没有任何简介'
// i18n-ignore: a field value, as above
export const DEFAULT_LOCATION = '未知'

export const USER_ID_MIN = 3
export const USER_ID_MAX = 15
export const NICKNAME_MAX = 10
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20
export const BIO_MAX = 200
export const MAJOR_MAX = 11
export const INTEREST_MAX = 8
export const INTERESTS_MAX = 5
export const LOCATION_MAX = 50

// i18n-ignore: the spec's profile values (what clients send and store); the apps label them
export const GENDERS = ['男', '女'] as const
// i18n-ignore: profile values, as above
export const ZODIAC_SIGNS = ['白羊座', '金牛座', '双子座', '巨蟹座', '狮子座', '处女座', '天秤座', '天蝎座', '射手座', '摩羯座', '水瓶座', '双鱼座'] as const
// i18n-ignore: profile values, as above
export const EDUCATIONS = ['高中及以下', '大专', '本科', '硕士', '博士'] as const

const USER_MESSAGES_NOT_FOUND = '用户不存在'

export const USER_MESSAGES = {
  notFound: USER_MESSAGES_NOT_FOUND,
  notOwner: '只能修改自己的资料',
  nicknameBlank: '昵称不能为空',
  nicknameTooLong: fixed('昵称不能超过{max}个字符', { max: NICKNAME_MAX }),
  bioTooLong: fixed('个人简介不能超过{max}个字符', { max: BIO_MAX }),
  majorTooLong: fixed('专业不能超过{max}个字符', { max: MAJOR_MAX }),
  interestTooLong: fixed('每个兴趣爱好最长{max}个字', { max: INTEREST_MAX }),
  interestsTooMany: fixed('兴趣爱好最多{max}个', { max: INTERESTS_MAX }),
  interestsDuplicate: '兴趣爱好不能重复',
  interestsInvalid: '兴趣爱好格式不正确',
  gender: '性别只能是男或女',
  zodiac: '请选择正确的星座',
  education: '请选择正确的学历',
  mbti: 'MBTI类型不正确',
  avatar: '头像地址无效',
  locationTooLong: fixed('所在地不能超过{max}个字符', { max: LOCATION_MAX }),
  currentPasswordRequired: '请输入当前密码',
  newPasswordRequired: '请输入新密码',
  newPasswordTooShort: fixed('新密码至少需要{min}位', { min: PASSWORD_MIN }),
  newPasswordTooLong: fixed('新密码不能超过{max}位', { max: PASSWORD_MAX }),
  currentPasswordWrong: '当前密码错误，请检查后重新输入',
  samePassword: '新密码不能与当前密码相同',
  followSelf: '不能关注自己',
  keywordRequired: '请输入搜索关键词',
  locale: fixed('不支持的语言，可选：{locales}', { locales: LOCALES.join('、') }),
} as const

export const DISPLAY_ID_MESSAGES = {
  userIdRequired: '请输入石榴号',
  userIdLength: fixed('石榴号长度需在{min}-{max}个字符之间', { min: USER_ID_MIN, max: USER_ID_MAX }),
  userIdChars: '石榴号只能包含字母、数字和下划线',
} as const

/**
 * Characters no display name may hold: controls (NUL included), format characters (bidi overrides and
 * isolates, zero-width spaces and joiners, BOM), lone surrogates, private-use and unassigned code points.
 * They let one name show as another (`"\u202e\u200b石榴同学"`) or break storage and rendering.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u
export const hasInvisibleCharacters = (text: string) => INVISIBLE.test(text)
/** The refine of display names, named so the OpenAPI document can declare it (server/openapi/text-patterns.ts). */
export const isVisibleText = (text: string) => !INVISIBLE.test(text)
export const INVISIBLE_SOURCE = INVISIBLE.source
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'gu')
/** The text without those characters (for names we only show, such as an uploaded file's name). */
export const withoutInvisibleCharacters = (text: string) => text.replace(EVERY_INVISIBLE, '')
export const INVISIBLE_MESSAGE = '不能包含不可见字符或控制字符'

/**
 * A nickname or other display name: NFKC-normalised (full-width and compatibility forms fold into one), trimmed,
 * refused when it holds invisible or control characters.
 */
export const displayNameSchema = (messages: { blank: string; tooLong: string; label: string }, max: number) =>
  z
    .string({ error: messages.blank })
    .normalize('NFKC')
    .trim()
    .min(1, messages.blank)
    .max(max, messages.tooLong)
    .refine(isVisibleText, `${messages.label}${INVISIBLE_MESSAGE}`)

/** The public display id (石榴号): 3-15 letters, digits or underscores, after NFKC (ｄｅｍｏ is demo). */
export const userIdSchema = z
  .string({ error: DISPLAY_ID_MESSAGES.userIdRequired })
  .normalize('NFKC')
  .trim()
  .min(1, DISPLAY_ID_MESSAGES.userIdRequired)
  .min(USER_ID_MIN, DISPLAY_ID_MESSAGES.userIdLength)
  .max(USER_ID_MAX, DISPLAY_ID_MESSAGES.userIdLength)
  .regex(/^[A-Za-z0-9_]+$/, DISPLAY_ID_MESSAGES.userIdChars)

/** `/users/{id}`: the public display id; anything that is no one's id is a 404, not a 400. */
export const userParams = z.object({ id: z.string().trim().min(1, USER_MESSAGES_NOT_FOUND) })

/** Whether a string can be a display id at all (lookups of anything else answer 404 without a query). */
export const isDisplayIdShape = (id: string) => id.length >= USER_ID_MIN && id.length <= USER_ID_MAX && /^[A-Za-z0-9_]+$/.test(id)
export type UserParams = z.infer<typeof userParams>

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/*
 * What a request may send beyond the target schema, for the OpenAPI document (server/openapi/fallback.ts reads
 * `x-input-also`): a blank string clears the field (the profile editor sends '' to clear), and MBTI is
 * read trimmed and upper-cased.
 */
// i18n-ignore: OpenAPI prose (x-input-also), passed to .meta() below
const BLANK_CLEARS = { 'x-input-also': { type: 'string', pattern: '^\\s*$', description: '空白视为 null（清除）' } }
// i18n-ignore: OpenAPI prose, as above
const MBTI_INPUT = { 'x-input-also': { type: 'string', pattern: '^\\s*(?:[EIei][SNsn][TFtf][JPjp])?\\s*$', description: '不区分大小写；空白视为 null（清除）' } }

/** Interests arrive as an array, a JSON array string or a comma-separated string (spec §3). */
function toInterestList(v: unknown): unknown {
  if (v === null || v === undefined) return v
  if (Array.isArray(v)) return v
  if (typeof v !== 'string') return v
  const s = v.trim()
  if (!s) return []
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s) as unknown
    } catch {
      return v
    }
  }
  return s.split(/[,，]/)
}

export const interestsSchema = z.preprocess(
  toInterestList,
  z
    .array(z.string({ error: USER_MESSAGES.interestsInvalid }).trim().max(INTEREST_MAX, USER_MESSAGES.interestTooLong).refine(...singleLine('兴趣爱好')), { error: USER_MESSAGES.interestsInvalid })
    // Counted as sent (blank entries included), so the documented maxItems is the rule.
    .max(INTERESTS_MAX, USER_MESSAGES.interestsTooMany)
    .transform((list) => list.filter((s) => s.length > 0))
    .refine((list) => new Set(list).size === list.length, USER_MESSAGES.interestsDuplicate)
    .nullable(),
).meta({ 'x-string-form': `逗号分隔或 JSON 数组形式的字符串，服务器规范化为列表（同样最多${INTERESTS_MAX}个）` })

const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._\-/]+$/

/** The `/uploads/...` path an avatar value names, or null when it names anything else. */
export function uploadPathOf(value: string): string | null {
  let p = value
  if (/^https?:\/\//i.test(value)) {
    try {
      p = new URL(value).pathname
    } catch {
      return null
    }
  }
  return p.length <= 500 && UPLOAD_PATH.test(p) && !p.includes('..') ? p : null
}

/**
 * An avatar: media this server serves, `/uploads/...` or the same path behind an API base URL (stored as the
 * path). Any other string (another host's image, a client's bundled default avatar as an absolute URL, a
 * relative asset path or a data: URL) becomes '' (our default avatar) instead of a 400: registration with a
 * client's default avatar must work, and no viewer is ever made to fetch a URL of another origin
 * (docs/decisions.md "Avatars").
 */
export const avatarSchema = z.string({ error: USER_MESSAGES.avatar }).transform((v) => uploadPathOf(v.trim()) ?? '')

/**
 * Profile update. Every field is optional; unknown fields (ids, counters, verified, ...) are dropped.
 * The bio is limited after its markup is stripped, which the server does (it may arrive with tags).
 */
export const profileUpdateBody = z.object({
  nickname: displayNameSchema({ blank: USER_MESSAGES.nicknameBlank, tooLong: USER_MESSAGES.nicknameTooLong, label: '昵称' }, NICKNAME_MAX).optional(),
  bio: z
    .string({ error: USER_MESSAGES.bioTooLong })
    .max(5000, USER_MESSAGES.bioTooLong)
    .refine(...multiLine('个人简介'))
    .meta({ 'x-max-plain-length': BIO_MAX, description: `去掉标记后最多${BIO_MAX}个字符（maxLength 为含标记的上限）` })
    .nullish(),
  avatar: avatarSchema.nullish(),
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { error: USER_MESSAGES.gender }).nullish()).meta(BLANK_CLEARS),
  zodiac_sign: z.preprocess(blankToNull, z.enum(ZODIAC_SIGNS, { error: USER_MESSAGES.zodiac }).nullish()).meta(BLANK_CLEARS),
  education: z.preprocess(blankToNull, z.enum(EDUCATIONS, { error: USER_MESSAGES.education }).nullish()).meta(BLANK_CLEARS),
  mbti: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v),
    z.string({ error: USER_MESSAGES.mbti }).regex(/^[EI][SN][TF][JP]$/, USER_MESSAGES.mbti).nullish(),
  ).meta(MBTI_INPUT),
  major: z.preprocess(blankToNull, z.string({ error: USER_MESSAGES.majorTooLong }).trim().max(MAJOR_MAX, USER_MESSAGES.majorTooLong).refine(...singleLine('专业')).nullish()).meta(BLANK_CLEARS),
  interests: interestsSchema.optional(),
  location: z.string({ error: USER_MESSAGES.locationTooLong }).trim().max(LOCATION_MAX, USER_MESSAGES.locationTooLong).refine(...singleLine('所在地')).nullish(),
  /** Optional (issue 40): older clients never send it; null or '' clears the choice. */
  locale: z.preprocess(blankToNull, z.enum(LOCALES, { error: USER_MESSAGES.locale }).nullish()).meta(BLANK_CLEARS),
})
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>

export const passwordChangeBody = z.object({
  currentPassword: z.string({ error: USER_MESSAGES.currentPasswordRequired }).min(1, USER_MESSAGES.currentPasswordRequired).max(200, USER_MESSAGES.currentPasswordWrong),
  newPassword: z
    .string({ error: USER_MESSAGES.newPasswordRequired })
    .min(1, USER_MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN, USER_MESSAGES.newPasswordTooShort)
    .max(PASSWORD_MAX, USER_MESSAGES.newPasswordTooLong),
})
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>

export const userListQuery = pageQuery(20)
export type UserListQuery = z.infer<typeof userListQuery>

export const userSearchQuery = pageQuery(20).extend({
  keyword: z.string({ error: USER_MESSAGES.keywordRequired }).trim().min(1, USER_MESSAGES.keywordRequired).max(50, '搜索关键词不能超过50个字符').refine(...singleLine('搜索关键词')),
})
export type UserSearchQuery = z.infer<typeof userSearchQuery>

/* Replies */

export const BUTTON_TYPES = ['follow', 'unfollow', 'back', 'mutual', 'normal'] as const
export type ButtonType = (typeof BUTTON_TYPES)[number]

export const followStateSchema = z.object({
  followed: z.boolean(),
  isMutual: z.boolean(),
  buttonType: z.enum(BUTTON_TYPES).describe('follow 关注 / unfollow 已关注 / back 回关 / mutual 互相关注 / normal 本人'),
})
export type FollowState = z.infer<typeof followStateSchema>

export const publicUserSchema = z.object({
  user_id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  location: z.string(),
  verified: z.number().int().describe('0 无 / 1 官方认证 / 2 个人认证'),
})

export const userStatsSchema = z.object({
  follow_count: z.number().int(),
  fans_count: z.number().int(),
  post_count: z.number().int(),
  like_count: z.number().int(),
  collect_count: z.number().int(),
  likes_and_collects: z.number().int(),
})
export type UserStats = z.infer<typeof userStatsSchema>

export const profileSchema = publicUserSchema.extend({
  gender: z.string().nullable(),
  zodiac_sign: z.string().nullable(),
  mbti: z.string().nullable(),
  education: z.string().nullable(),
  major: z.string().nullable(),
  interests: z.array(z.string()),
  created_at: z.string(),
  ...userStatsSchema.shape,
})
export type Profile = z.infer<typeof profileSchema>

/** GET /users/{id}: the profile as the viewer sees it (isBlocked: the viewer blocked this member; false for visitors). */
export const profileViewSchema = profileSchema.extend({ isBlocked: z.boolean() })
export type ProfileView = z.infer<typeof profileViewSchema>

/** The signed-in member (login, register, me): the profile plus the own numeric id. */
/** email: the bound address (only ever shown to its member), null when none (issue 20). */
/** locale: the language the member chose (issue 40), null when none: Accept-Language then decides. */
export const selfSchema = profileSchema.extend({
  id: z.number().int(),
  email: z.string().nullable().optional(),
  locale: z.enum(LOCALES).nullable().optional().describe('界面与服务器消息的语言（zh-CN / en）；null 表示未选择，按 Accept-Language'),
})
export type SelfUser = z.infer<typeof selfSchema>

export const followEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  verified: z.number().int(),
  fans_count: z.number().int(),
  follow_count: z.number().int(),
  post_count: z.number().int(),
  isFollowing: z.boolean(),
  isMutual: z.boolean(),
  buttonType: z.enum(BUTTON_TYPES),
  followed_at: z.string().nullable(),
})
export type FollowEntry = z.infer<typeof followEntrySchema>

/** A user in search results: a follow-list entry without the follow time. */
export const userCardSchema = followEntrySchema.omit({ followed_at: true })
export type UserCard = z.infer<typeof userCardSchema>

export { FOLLOW_LIST_KEYS, type FollowListKind }
export const followListReply = <K extends FollowListKind>(kind: K) => listReplySchema(FOLLOW_LIST_KEYS[kind], followEntrySchema)
export const userSearchReply = listReplySchema('users', userCardSchema)

/** GET /users/{id}/personality-tags: the profile's personality fields, also as one ordered list of tags. */
export const personalityTagsSchema = z.object({
  tags: z.array(z.string()),
  gender: z.string().nullable(),
  zodiac_sign: z.string().nullable(),
  mbti: z.string().nullable(),
  education: z.string().nullable(),
  major: z.string().nullable(),
  interests: z.array(z.string()).nullable(),
})
export type PersonalityTags = z.infer<typeof personalityTagsSchema>

/** Deleting the account asks for its password (issue 11: a stolen access token alone cannot delete it). */
export const ACCOUNT_DELETE_MESSAGES = {
  passwordRequired: '请输入密码以确认注销',
  passwordWrong: '密码错误，无法注销账号',
} as const
export const accountDeleteBody = z.object({
  password: z.string({ error: ACCOUNT_DELETE_MESSAGES.passwordRequired }).min(1, ACCOUNT_DELETE_MESSAGES.passwordRequired).max(200, ACCOUNT_DELETE_MESSAGES.passwordWrong),
})
export type AccountDeleteBody = z.infer<typeof accountDeleteBody>

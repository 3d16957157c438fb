import { z } from 'zod'
import { boolish, choice, displayIdRef, numericRef, requireUserRef } from './refs'

/* Users, administrator accounts and sessions (admin-back-office.md §5, the documented rules). */

export const GENDERS = ['男', '女'] as const
export const ZODIAC_SIGNS = ['白羊座', '金牛座', '双子座', '巨蟹座', '狮子座', '处女座', '天秤座', '天蝎座', '射手座', '摩羯座', '水瓶座', '双鱼座'] as const
export const EDUCATION = ['高中及以下', '大专', '本科', '硕士', '博士'] as const

const blankToNull = (v: unknown) => (v === '' ? null : v)

const displayId = z
  .string({ error: '请输入小石榴号' })
  .trim()
  .min(1, '请输入小石榴号')
  .min(3, '小石榴号长度必须在3-15位之间')
  .max(15, '小石榴号长度必须在3-15位之间')
  .regex(/^[A-Za-z0-9_]+$/, '小石榴号只能包含字母、数字和下划线')
const nickname = z.string({ error: '请输入昵称' }).trim().min(1, '请输入昵称').min(2, '昵称长度必须在2-10位之间').max(10, '昵称长度必须在2-10位之间')
const userPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').min(6, '密码长度必须在6-20位之间').max(20, '密码长度必须在6-20位之间')

const profile = {
  avatar: z.string().trim().max(500, '头像地址过长').optional(),
  bio: z.preprocess(blankToNull, z.string().trim().max(200, '简介最多200个字符').nullable().optional()),
  location: z.string().trim().max(50, 'IP属地最多50个字符').optional(),
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { error: '性别只能是男或女' }).nullable().optional()),
  zodiac_sign: z.preprocess(blankToNull, z.enum(ZODIAC_SIGNS, { error: '星座不正确' }).nullable().optional()),
  mbti: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^[EI][SN][TF][JP]$/i, 'MBTI格式不正确，例如 INFP')
      .transform((v) => v.toUpperCase())
      .nullable()
      .optional(),
  ),
  education: z.preprocess(blankToNull, z.enum(EDUCATION, { error: '学历不正确' }).nullable().optional()),
  major: z.preprocess(blankToNull, z.string().trim().max(11, '专业最多11个字符').nullable().optional()),
  interests: z
    .array(z.string().trim().min(1).max(8, '每个兴趣最多8个字'), { error: '兴趣爱好必须是列表' })
    .max(5, '兴趣爱好最多5个')
    .refine((list) => new Set(list).size === list.length, '兴趣爱好不能重复')
    .nullable()
    .optional(),
  verified: choice([0, 1, 2], '认证状态只能是 0、1 或 2').optional(),
  is_active: boolish.optional(),
}

export const userCreateBody = z.object({ user_id: displayId, nickname, password: userPassword, ...profile })
/** Edit: every field optional; an empty password means "unchanged". */
export const userUpdateBody = z.object({
  user_id: displayId.optional(),
  nickname: nickname.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), userPassword.optional()),
  ...profile,
})
export type UserCreateBody = z.infer<typeof userCreateBody>
export type UserUpdateBody = z.infer<typeof userUpdateBody>

const adminUsername = z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').min(2, '用户名至少需要2位').max(50, '用户名最多50位')
const adminPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码').min(6, '密码至少需要6位').max(100, '密码最多100位')

export const adminCreateBody = z.object({ username: adminUsername, password: adminPassword, is_active: boolish.optional() })
export const adminUpdateBody = z.object({
  username: adminUsername.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), adminPassword.optional()),
  is_active: boolish.optional(),
})
export type AdminCreateBody = z.infer<typeof adminCreateBody>
export type AdminUpdateBody = z.infer<typeof adminUpdateBody>

const userAgent = z.string().trim().max(500, '设备信息最多500个字符').optional()
const expiresAt = z.iso.datetime({ error: '过期时间格式不正确', offset: true }).optional()

export const sessionCreateBody = z
  .object({ user_display_id: displayIdRef, user_id: numericRef, user_agent: userAgent, is_active: boolish.optional(), expires_at: expiresAt })
  .superRefine(requireUserRef('user', '请输入用户ID'))
export const sessionUpdateBody = z.object({ user_agent: userAgent, is_active: boolish.optional(), expires_at: expiresAt })
export type SessionCreateBody = z.infer<typeof sessionCreateBody>
export type SessionUpdateBody = z.infer<typeof sessionUpdateBody>

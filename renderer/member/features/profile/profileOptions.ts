export const GENDERS = ['暂不设置', '男', '女'] as const
export const ZODIACS = ['暂不设置', '白羊座', '金牛座', '双子座', '巨蟹座', '狮子座', '处女座', '天秤座', '天蝎座', '射手座', '摩羯座', '水瓶座', '双鱼座'] as const
export const EDUCATIONS = ['暂不设置', '高中及以下', '大专', '本科', '硕士', '博士'] as const
export const MBTI_DIMENSIONS: readonly [string, string][] = [
  ['E', 'I'],
  ['S', 'N'],
  ['T', 'F'],
  ['J', 'P'],
]
export const PROFILE_LIMITS = { nickname: 10, bio: 200, major: 11, interest: 8, interests: 5, avatarBytes: 5242880 } as const
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

export function avatarFileError(file: { type: string; size: number }): string {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return '请选择有效的图片格式 (JPEG, PNG, GIF, WebP)'
  if (file.size > PROFILE_LIMITS.avatarBytes) return '图片大小不能超过 5MB'
  return ''
}

/** Interests: each up to 8 characters, at most 5, no duplicates. */
export function addInterest(list: readonly string[], raw: string): string[] {
  const t = raw.trim().slice(0, PROFILE_LIMITS.interest)
  if (!t || list.includes(t) || list.length >= PROFILE_LIMITS.interests) return [...list]
  return [...list, t]
}

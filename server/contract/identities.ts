import { z } from 'zod'

/* Sign-in through the operator's OpenID providers and linked identities (issue 39, docs/identity.md). */

export const providerParams = z.object({ provider: z.string().max(32).regex(/^[a-z0-9_-]+$/, '不存在该登录方式') })

export const oidcStartQuery = z.object({
  redirect: z.string().max(400).optional().describe('登录后回到的站内路径（以 / 开头；其他值一律回到首页）'),
})

export const oidcExchangeBody = z.object({
  code: z.string({ error: '缺少登录凭证' }).trim().min(1, '缺少登录凭证').max(100, '登录凭证无效或已过期，请重新登录'),
})

export const linkBody = z.object({
  redirect: z.string().max(400).optional().describe('关联完成后回到的站内路径'),
})

export const providerSchema = z.object({
  id: z.string().describe('登录方式标识，用于 /auth/oidc/{provider}/start'),
  name: z.string().describe('身份提供方名称'),
  buttonText: z.string().describe('登录按钮文字'),
})
export const providerListReply = z.object({
  providers: z.array(providerSchema),
  passwordLogin: z.boolean().describe('成员能否用本站密码登录、注册（后台「成员登录方式」为仅统一身份认证时为 false）'),
})

export const identitySchema = z.object({
  provider: z.string(),
  name: z.string(),
  email: z.string().nullable().describe('身份提供方最近一次提供的邮箱'),
  linked_at: z.string(),
  last_login_at: z.string().nullable(),
})
export const identityListReply = z.object({ identities: z.array(identitySchema), hasPassword: z.boolean().describe('是否设置了本站密码') })
export const linkStartReply = z.object({ url: z.string().describe('在浏览器中打开的身份提供方地址') })
export type ProviderInfo = z.infer<typeof providerSchema>
export type IdentityListReply = z.infer<typeof identityListReply>
export type ProviderListReply = z.infer<typeof providerListReply>

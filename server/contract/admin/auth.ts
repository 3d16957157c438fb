import { z } from 'zod'

/* Administrator sign-in (admin-back-office.md §2, §5, §7). */

export const adminLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').min(2, '用户名至少需要2位').max(50, '用户名最多50位'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').min(6, '密码至少需要6位').max(100, '密码最多100位'),
})
export type AdminLoginBody = z.infer<typeof adminLoginBody>

export const adminRefreshBody = z.object({ refresh_token: z.string({ error: '缺少刷新令牌' }).min(1, '缺少刷新令牌').max(200, '刷新令牌无效') })
export type AdminRefreshBody = z.infer<typeof adminRefreshBody>

/** Password change: the same field names as the member call PUT /users/{id}/password. */
export const adminPasswordBody = z.object({
  currentPassword: z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码'),
  newPassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').min(6, '新密码至少需要6位').max(100, '新密码最多100位'),
})
export type AdminPasswordBody = z.infer<typeof adminPasswordBody>

export const adminSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
})
export type AdminInfo = z.infer<typeof adminSchema>

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().meta({ example: 3600 }),
  token_type: z.literal('Bearer'),
})

export const adminLoginReply = z.object({ admin: adminSchema, tokens: tokensSchema })
export type AdminLoginReply = z.infer<typeof adminLoginReply>
export const adminRefreshReply = z.object({ tokens: tokensSchema })

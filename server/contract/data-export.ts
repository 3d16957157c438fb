import { z } from 'zod'

/* A member's export of their own data (issue 21 part 5): 账号与安全 → 导出我的数据. */

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES).describe('pending 生成中，ready 可下载，failed 失败（可重新申请），expired 已过期'),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable().describe('生成后 24 小时'),
  download_url: z.string().nullable().describe('GET 该地址（带 Authorization 请求头）下载 zip；仅本人、仅在有效期内'),
})
export type DataExportReply = z.infer<typeof dataExportSchema>

export const dataExportIdParams = z.object({
  exportId: z.coerce.number({ error: '导出编号无效' }).int('导出编号无效').positive('导出编号无效').max(2_147_483_647, '导出编号无效'),
})

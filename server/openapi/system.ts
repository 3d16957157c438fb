import { z } from 'zod'
import { doc, type DocRoute } from './route'

const TAG = '系统'

/** Health, site statistics and this document. */
export function systemDocRoutes(): DocRoute[] {
  return [
    doc({
      method: 'get',
      path: '/health',
      tag: TAG,
      summary: '健康检查',
      access: 'public',
      data: z.object({
        status: z.literal('ok'),
        timestamp: z.iso.datetime(),
        uptime: z.number().int().describe('秒'),
        service: z.literal('shiliu').describe('服务标识（桌面应用据此确认这是石榴服务器）'),
        version: z.string().describe('服务器版本号（package.json）'),
      }),
    }),
    doc({
      method: 'get',
      path: '/stats',
      tag: TAG,
      summary: '全站统计',
      access: 'public',
      data: z.object({ users: z.number().int(), posts: z.number().int(), comments: z.number().int(), likes: z.number().int() }),
    }),
    doc({
      method: 'get',
      path: '/openapi.json',
      tag: TAG,
      summary: 'OpenAPI 3.1 接口文档',
      description: '本文档本身（不带响应信封），由 zod 契约生成',
      access: 'public',
    }),
  ]
}

import { z } from 'zod'
import { backupHealthSchema } from '../contract/backup'
import { doc, type DocRoute } from './route'

const TAG = '系统'

/** Health, site statistics, metrics and this document. */
export function systemDocRoutes(): DocRoute[] {
  return [
    doc({
      method: 'get',
      path: '/health',
      tag: TAG,
      summary: '健康检查',
      description: '真实的读探测、经写入队列的写探测、数据目录剩余空间、Redis PING（已配置时），并附最近一次定时备份的情况。任一探测失败：503，status 为 degraded，checks 指明哪一项。',
      access: 'public',
      data: z.object({
        status: z.enum(['ok', 'degraded']),
        timestamp: z.iso.datetime(),
        uptime: z.number().int().describe('秒'),
        service: z.literal('shiliu').describe('服务标识（桌面应用据此确认这是石榴服务器）'),
        version: z.string().describe('服务器版本号（package.json）'),
        checks: z.object({
          read: z.string().describe("'ok' 或失败原因"),
          write: z.string().describe("'ok' 或失败原因"),
          disk: z.string().describe("'ok' 或失败原因"),
          redis: z.string().describe("'ok'，未配置为 'off'，或失败原因"),
        }),
        backup: backupHealthSchema.describe('定时备份（BACKUP_DIR）：本实例是否执行，以及最近一次备份的时间、结果与大小（仅供参考，失败不影响 status）'),
      }),
      errors: [503],
    }),
    doc({
      method: 'get',
      path: '/health/live',
      tag: TAG,
      summary: '存活检查',
      description: '进程能应答即返回 ok，不访问数据库',
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
      path: '/metrics',
      tag: TAG,
      summary: 'Prometheus 指标',
      description:
        '本进程的指标，Prometheus 文本格式（不带响应信封）：按路由模板的请求耗时直方图、写入批大小与排队时间、读连接排队时间、' +
        '图片处理与密码哈希池的排队深度与运行时间、笔记卡片缓存命中率、打开的通知流数量，以及 Node 进程指标。' +
        '未设置 METRICS_TOKEN 时为 404；设置后须以 `Authorization: Bearer <METRICS_TOKEN>` 调用，否则 401。',
      access: 'public',
      media: 'text/plain',
      errors: [401, 404],
      messages: { 401: '需要有效的指标令牌（METRICS_TOKEN）' },
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

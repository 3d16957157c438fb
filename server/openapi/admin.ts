import { z } from 'zod'
import { ADMIN_MOUNTS, type ResourceMount } from '../admin'
import { rowSchema } from '../admin/fields'
import { listQuerySchema } from '../admin/query'
import { activitySchema, monitorQuery, monitorSummarySchema } from '../contract/admin/audit'
import { outboxQuery, outboxReply } from '../contract/admin/outbox'
import { classActivityReply, classroomInfoSchema, classroomResetBody, classroomResetReply, classStudentsBody, classStudentsReply } from '../contract/admin/classroom'
import { adminLoginBody, adminLoginReply, adminPasswordBody, adminRefreshBody, adminRefreshReply, adminSchema } from '../contract/admin/auth'
import { batchDeleteBody, batchDeleteReply } from '../contract/admin/list'
import { adminStreamQuery } from '../contract/admin/stream'
import { streamTicketSchema } from '../contract/notifications'
import { doc, type DocRoute } from './route'

const ADMIN_AUTH_TAG = '管理员认证'

function resourceRoutes({ base, resource: r }: ResourceMount): DocRoute[] {
  const tag = `管理后台：${r.label}`
  const row = rowSchema(r.fields, r.expand?.schema)
  const routes: DocRoute[] = [
    doc({ method: 'get', path: base, tag, summary: `${r.label}列表`, description: r.description, access: 'admin', query: listQuerySchema(r), list: row }),
    doc({ method: 'get', path: `${base}/:id`, tag, summary: `${r.label}详情`, access: 'admin', data: row, errors: [404] }),
  ]
  if (r.create) routes.push(doc({ method: 'post', path: base, tag, summary: `创建${r.label}`, access: 'admin', body: r.create.body, data: row, errors: [400, 409] }))
  if (r.update) routes.push(doc({ method: 'put', path: `${base}/:id`, tag, summary: `更新${r.label}`, access: 'admin', body: r.update.body, data: row, errors: [400, 404, 409] }))
  for (const a of r.actions ?? []) routes.push(doc({ method: a.method, path: `${base}/:id${a.path}`, tag, summary: a.summary, access: 'admin', body: a.body, data: row, errors: [400, 404] }))
  for (const v of r.reveals ?? []) routes.push(doc({ method: 'post', path: `${base}/:id${v.path}`, tag, summary: v.summary, access: 'admin', data: v.data, errors: [404] }))
  if (r.remove) {
    routes.push(doc({ method: 'delete', path: `${base}/:id`, tag, summary: `删除${r.label}`, access: 'admin', data: batchDeleteReply, errors: [404] }))
    routes.push(doc({ method: 'delete', path: base, tag, summary: `批量删除${r.label}`, description: 'ids 为空时返回 400「请选择要删除的项目」', access: 'admin', body: batchDeleteBody, data: batchDeleteReply, errors: [400, 404] }))
  }
  return routes
}

/** Every admin route: the session routes, the monitor, then each resource mount (the same list the router uses). */
export function adminDocRoutes(): DocRoute[] {
  return [
    doc({ method: 'post', path: '/auth/admin/login', tag: ADMIN_AUTH_TAG, summary: '管理员登录', access: 'public', body: adminLoginBody, data: adminLoginReply, errors: [400, 401, 403] }),
    doc({ method: 'post', path: '/auth/admin/refresh', tag: ADMIN_AUTH_TAG, summary: '刷新管理员令牌', description: '刷新令牌每次使用后轮换；旧令牌再次使用会注销整个会话', access: 'public', body: adminRefreshBody, data: adminRefreshReply, errors: [400, 401] }),
    doc({ method: 'get', path: '/auth/admin/me', tag: ADMIN_AUTH_TAG, summary: '当前管理员', access: 'admin', data: adminSchema }),
    doc({ method: 'post', path: '/auth/admin/logout', tag: ADMIN_AUTH_TAG, summary: '管理员退出登录', access: 'admin', data: z.null() }),
    doc({ method: 'put', path: '/auth/admin/password', tag: ADMIN_AUTH_TAG, summary: '修改管理员密码', description: '成功后该管理员的其他会话失效', access: 'admin', body: adminPasswordBody, data: z.null(), errors: [400] }),
    doc({
      method: 'get',
      path: '/admin/monitor/activities',
      tag: '管理后台：动态监控',
      summary: '最新动态',
      description: '用户注册、发布笔记、发表评论，以及举报（report_submit）、审核处理（moderation_action）、账号限制（user_ban），按时间倒序；activity_type 只看一类',
      access: 'admin',
      query: monitorQuery,
      data: z.array(activitySchema),
      errors: [400],
    }),
    doc({ method: 'get', path: '/admin/monitor/summary', tag: '管理后台：动态监控', summary: '概览数字', description: '用户、笔记、评论数，待处理举报组数（审核队列角标）与生效中的账号限制数', access: 'admin', data: monitorSummarySchema }),
    doc({
      method: 'get',
      path: '/admin/outbox',
      tag: '管理后台：邮件',
      summary: '本地发件箱（只读）',
      description: 'SMTP_URL=outbox 时服务器写入 DATA_DIR/outbox/ 的邮件，最新的在前；发送真实邮件时 404（不保留已发邮件）。仅用于离线演示与测试',
      access: 'admin',
      query: outboxQuery,
      data: outboxReply,
      errors: [400, 404],
    }),
    doc({
      method: 'get',
      path: '/admin/classroom',
      tag: '管理后台：课堂',
      summary: '课堂模式信息',
      description: '课堂模式（npm run demo -- --classroom）下：学生地址、课堂码、教师页与已生成的账号表；不是课堂模式时 404。课堂模式只能由服务器启动环境开启，没有接口能开关它',
      access: 'admin',
      data: classroomInfoSchema,
      errors: [404],
    }),
    doc({
      method: 'post',
      path: '/admin/classroom/students',
      tag: '管理后台：课堂',
      summary: '批量创建班级账号',
      description: '创建 count 个学生账号（class01、class02…，接着已有编号），每个一次性随机密码；同时生成可打印的 A4 账号表与 CSV（仅教师页可见）。不是课堂模式时 404',
      access: 'admin',
      body: classStudentsBody,
      data: classStudentsReply,
      errors: [400, 404],
    }),
    doc({
      method: 'post',
      path: '/admin/classroom/export',
      tag: '管理后台：课堂',
      summary: '导出本节课的学生动态',
      description: '一个 zip：每位学生（班级账号与用课堂码注册的同学）一个文件夹，内容同个人数据导出（笔记及其图片、评论等），另有 members.csv。保存在教师页下。不是课堂模式时 404',
      access: 'admin',
      data: classActivityReply,
      errors: [404],
    }),
    doc({
      method: 'post',
      path: '/admin/classroom/reset',
      tag: '管理后台：课堂',
      summary: '下课重置',
      description: '先导出本节课的学生动态，再让演示脚本停止服务器、清空课堂数据（保留密钥与导出）并以初始演示数据重新启动。需 confirm: "RESET"。只有用 npm run demo -- --classroom 启动时可用（否则 409）；不是课堂模式时 404',
      access: 'admin',
      body: classroomResetBody,
      data: classroomResetReply,
      errors: [400, 404, 409],
    }),
    doc({ method: 'post', path: '/admin/stream-ticket', tag: '管理后台：动态监控', summary: '后台实时连接凭证', description: '一次性，60 秒内有效；只能打开 GET /admin/stream', access: 'admin', data: streamTicketSchema }),
    doc({
      method: 'get',
      path: '/admin/stream',
      tag: '管理后台：动态监控',
      summary: '后台实时事件（Server-Sent Events）',
      description:
        '`text/event-stream`，不是 JSON 信封。事件：`report_group`（新的举报组，`id:` 为举报组 id）与 `queue`（`{ open_reports }`，审核队列角标；每批事件之后、队列变化时发送）；空闲时每 25 秒一行 `: heartbeat`。' +
        '凭证：`?ticket=`（POST /admin/stream-ticket，一次性）或 Authorization 请求头。断线重连时带 `Last-Event-ID` 或 `?lastEventId=` 补发错过的举报组。' +
        '每位管理员最多 5 个连接（超出 429）；与用户的通知连接共用每个实例的上限（超出 503）。',
      access: 'admin',
      query: adminStreamQuery,
      media: 'text/event-stream',
      errors: [429, 503],
    }),
    ...ADMIN_MOUNTS.flatMap(resourceRoutes),
  ]
}

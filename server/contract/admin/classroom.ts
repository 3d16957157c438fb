import { z } from 'zod'
import { fixed } from '../../i18n/message'

/** The back-office's classroom screen (issue 43, docs/classroom.md): only in classroom mode, 404 otherwise. */

export const MAX_STUDENTS = 200

export const classroomInfoSchema = z.object({
  url: z.string().describe('学生打开的地址（课堂网络上的地址）'),
  code: z.string().describe('课堂码：学生自行注册时填写'),
  teacher_url: z.string().describe('教师页（二维码、课堂码、账号表），路径含只给教师的密钥'),
  seats: z.number().int().describe('一个地址后预计的手机数：无账号的限流（验证码、注册、查重）按此倍数放宽'),
  sheets: z.array(z.object({ sheet: z.string(), csv: z.string() })).describe('已生成的账号表（最新的在前），教师页下的地址'),
  exports: z.array(z.string()).describe('本节课动态的导出（zip，最新的在前），教师页下的地址'),
  can_reset: z.boolean().describe('能否在后台重置（仅由 npm run demo -- --classroom 启动时）'),
})
export type ClassroomInfo = z.infer<typeof classroomInfoSchema>

export const classStudentsBody = z.object({
  count: z.coerce
    .number({ error: '请输入学生人数' })
    .int('学生人数必须是整数')
    .min(1, '学生人数至少为 1')
    .max(MAX_STUDENTS, fixed('一次最多创建 {max} 个账号', { max: MAX_STUDENTS })),
})
export type ClassStudentsBody = z.infer<typeof classStudentsBody>

export const classStudentsReply = z.object({
  accounts: z.array(z.object({ user_id: z.string(), nickname: z.string(), password: z.string().describe('一次性随机密码，只在这里和账号表上出现') })),
  sheet: z.string().describe('可打印的 A4 账号表（教师页下）'),
  csv: z.string().describe('同一批账号的 CSV'),
})
export type ClassStudentsReply = z.infer<typeof classStudentsReply>

export const classActivityReply = z.object({
  name: z.string(),
  url: z.string().describe('下载地址（教师页下）'),
  members: z.number().int().describe('导出的学生数（班级账号与用课堂码注册的同学）'),
  notes: z.number().int().describe('学生发布的笔记数'),
})
export type ClassActivityReply = z.infer<typeof classActivityReply>

export const CLASSROOM_RESET_CONFIRM = 'RESET'
export const classroomResetBody = z.object({
  confirm: z.literal(CLASSROOM_RESET_CONFIRM, { error: fixed('请输入 {confirm} 确认重置', { confirm: CLASSROOM_RESET_CONFIRM }) }),
})

export const classroomResetReply = z.object({
  export: classActivityReply.describe('重置前导出的本节课动态'),
})

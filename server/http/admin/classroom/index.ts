import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentAdmin, requireAdmin } from '../../../auth/middleware'
import { recordAdminAction } from '../../../admin/audit-log'
import { listSheets, readRoom } from '../../../classroom/room'
import { CLASSROOM_MESSAGES } from '../../../classroom/rules'
import { createClassAccounts } from '../../../classroom/sheet'
import { classroomResetBody, classStudentsBody, type ClassActivityReply, type ClassroomInfo, type ClassStudentsBody } from '../../../contract/admin/classroom'
import type { AppDeps } from '../../../deps'
import { Conflict, NotFound } from '../../../errors'
import { msg } from '../../../i18n/message'
import { exportClassActivity, listActivityExports } from '../../../classroom/activity'
import { canReset, requestClassroomReset } from '../../../classroom/restart'
import { roomUrl } from '../../classroom-pages'
import { ok } from '../../envelope'
import { localeOf } from '../../locale'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/**
 * The back-office's classroom screen (issue 43): the room's address, class code and teacher page, and class
 * accounts in one step. 404 outside classroom mode: no request can turn the mode on (it comes from the
 * server's environment only).
 */
export function registerClassroomRoutes(router: Router, deps: AppDeps): void {
  const auth = requireAdmin(deps)
  // After validation: bad input is a 400 whatever the mode (the house rule); good input outside classroom mode, 404.
  const inClassroom = async (ctx: Context, next: () => Promise<unknown>) => {
    if (!deps.config.classroom) throw NotFound(CLASSROOM_MESSAGES.notClassroom)
    ctx.set('Cache-Control', 'no-store')
    await next()
  }
  const teacherBase = () => `/classroom/${deps.config.classroom!.teacherKey}/`

  router.get('/admin/classroom', auth, inClassroom, (ctx) => {
    const room = deps.config.classroom!
    const url = readRoom(deps.config.dataDir)?.url ?? roomUrl(ctx)
    const info: ClassroomInfo = {
      url,
      code: room.code,
      teacher_url: `${url}${teacherBase()}`,
      seats: room.seats,
      sheets: listSheets(deps.config.dataDir).map((name) => ({ sheet: `${teacherBase()}${name}`, csv: `${teacherBase()}${name.replace(/\.html$/, '.csv')}` })),
      exports: listActivityExports(deps.config.dataDir).map((name) => `${teacherBase()}${name}`),
      can_reset: canReset(),
    }
    ok(ctx, info)
  })

  const exportNow = async (ctx: Context): Promise<ClassActivityReply> => {
    const made = await exportClassActivity(deps, { locale: localeOf(ctx) })
    await recordAdminAction(deps, currentAdmin(ctx), { action: 'export', resource: 'classroom', detail: { name: made.name, members: made.members } })
    return { ...made, url: `${teacherBase()}${made.name}` }
  }

  router.post('/admin/classroom/export', auth, inClassroom, async (ctx) => {
    ok(ctx, await exportNow(ctx), '已导出本节课的学生动态')
  })

  // The class's activity is exported first, then the demo script stops, resets and restarts the server.
  router.post('/admin/classroom/reset', auth, validate({ body: classroomResetBody }), inClassroom, async (ctx) => {
    if (!canReset()) throw Conflict(CLASSROOM_MESSAGES.resetUnavailable)
    const made = await exportNow(ctx)
    await recordAdminAction(deps, currentAdmin(ctx), { action: 'reset', resource: 'classroom' })
    requestClassroomReset()
    ok(ctx, { export: made }, '已导出并开始重置：服务器将在几秒内以初始演示数据重新启动')
  })

  router.post('/admin/classroom/students', auth, writeLimit(deps), validate({ body: classStudentsBody }), inClassroom, async (ctx) => {
    const { count } = validated<never, ClassStudentsBody>(ctx).body
    const created = await createClassAccounts(deps.db, deps.config.dataDir, count, { locale: localeOf(ctx) })
    await recordAdminAction(deps, currentAdmin(ctx), { action: 'create', resource: 'classroom-students', detail: { count, first: created.accounts[0]?.user_id } })
    ok(ctx, { accounts: created.accounts, sheet: `${teacherBase()}${created.sheet}`, csv: `${teacherBase()}${created.csv}` }, msg('已创建 {count} 个班级账号', { count }))
  })
}

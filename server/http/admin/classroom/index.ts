import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentAdmin, requireAdmin } from '../../../auth/middleware'
import { recordAdminAction } from '../../../admin/audit-log'
import { listSheets, readRoom } from '../../../classroom/room'
import { CLASSROOM_MESSAGES } from '../../../classroom/rules'
import { createClassAccounts } from '../../../classroom/sheet'
import { classStudentsBody, type ClassroomInfo, type ClassStudentsBody } from '../../../contract/admin/classroom'
import type { AppDeps } from '../../../deps'
import { NotFound } from '../../../errors'
import { roomUrl } from '../../../classroom/pages'
import { ok } from '../../envelope'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/**
 * The back-office's classroom screen (issue 43): the room's address, class code and teacher page, and class
 * accounts in one step. 404 outside classroom mode: no request can turn the mode on (it comes from the
 * server's environment only).
 */
export function registerClassroomRoutes(router: Router, deps: AppDeps): void {
  const auth = requireAdmin(deps)
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
    }
    ok(ctx, info)
  })

  router.post('/admin/classroom/students', auth, inClassroom, writeLimit(deps), validate({ body: classStudentsBody }), async (ctx) => {
    const { count } = validated<never, ClassStudentsBody>(ctx).body
    const created = await createClassAccounts(deps.db, deps.config.dataDir, count)
    await recordAdminAction(deps, currentAdmin(ctx), { action: 'create', resource: 'classroom-students', detail: { count, first: created.accounts[0]?.user_id } })
    ok(ctx, { accounts: created.accounts, sheet: `${teacherBase()}${created.sheet}`, csv: `${teacherBase()}${created.csv}` }, `已创建 ${count} 个班级账号`)
  })
}

import { inTransaction } from '../../db/transaction'
import { In, type EntityManager } from 'typeorm'
import { verificationApproveBody, verificationRejectBody, verificationRevealReply } from '../../contract/admin/audit'
import { intFilter } from '../../contract/admin/list'
import { User, VERIFICATION_STATUS, Verification } from '../../db/entities'
import { revealApplication } from '../../domain/identity'
import { Invalid } from '../../errors'
import { date, int, str } from '../fields'
import { actionWith, type AdminResource } from '../resource'

async function pending(m: EntityManager, id: number): Promise<Verification> {
  const application = await m.getRepository(Verification).findOneByOrFail({ id })
  if (application.status !== VERIFICATION_STATUS.pending) throw Invalid('该申请已审核，不能重复审核')
  return application
}

/**
 * Recompute a user's badge from their approved applications: the type of the latest approved one, or 0.
 * Used after an approval and after a delete, so the badge always follows the applications.
 */
async function syncBadge(m: EntityManager, userId: number): Promise<void> {
  const latest = await m.getRepository(Verification).findOne({
    where: { user_id: userId, status: VERIFICATION_STATUS.approved },
    order: { audit_time: 'DESC', id: 'DESC' },
  })
  await m.getRepository(User).update({ id: userId }, { verified: latest?.type ?? 0 })
}

/**
 * Verification applications (the spec's "audit" screen), served at /admin/audit and at the documented
 * alias /admin/verifications. Type 1 is official, 2 personal (the member screen's reading; docs/decisions.md):
 * approving sets users.verified to the type; rejecting stores the reason (empty when none is sent) and grants nothing.
 */
export const verifications: AdminResource = {
  name: 'verifications',
  label: '认证申请',
  description: '认证申请（type：1 官方认证，2 个人认证；status：0 待审核，1 已通过，2 已拒绝）',
  entity: Verification,
  alias: 'v',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = v.user_id'),
  fields: {
    id: int('v.id'),
    user_id: int('v.user_id'),
    user_display_id: str('u.user_id'),
    nickname: str('u.nickname'),
    avatar: str('u.avatar'),
    type: int('v.type'),
    content: str('v.content', { description: '申请内容（已净化的 HTML 表格；姓名、证件号、电话、信用代码已打码，完整内容见 /reveal）' }),
    status: int('v.status'),
    admin_note: str('v.admin_note', { nullable: true }),
    audit_time: date('v.audit_time', { nullable: true }),
    created_at: date('v.created_at'),
    updated_at: date('v.updated_at'),
  },
  filters: { status: { sql: 'v.status', schema: intFilter }, type: { sql: 'v.type', schema: intFilter } },
  search: ['u.user_id', 'u.nickname'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'updated_at'],
  defaultSort: { field: 'created_at', order: 'desc' },
  async remove({ deps }, ids) {
    await inTransaction(deps.db, async (m) => {
      // Only deleting an approved application can take a badge away; others leave the user as they are.
      const approved = await m.getRepository(Verification).find({ select: { id: true, user_id: true }, where: { id: In(ids), status: VERIFICATION_STATUS.approved } })
      await m.getRepository(Verification).delete({ id: In(ids) })
      for (const userId of new Set(approved.map((r) => r.user_id))) await syncBadge(m, userId)
    })
  },
  reveals: [
    {
      path: '/reveal',
      summary: '查看未打码的申请内容（写入操作日志）',
      message: '获取成功',
      data: verificationRevealReply,
      run: async ({ deps, admin }, id) => ({ id, content: await revealApplication(deps, admin, id) }),
    },
  ],
  actions: [
    actionWith({
      method: 'put',
      path: '/approve',
      summary: '通过认证申请（admin_note 可选）',
      action: 'approve',
      message: '审核通过成功',
      body: verificationApproveBody,
      run: ({ deps }, id, input) =>
        inTransaction(deps.db, async (m) => {
          const application = await pending(m, id)
          await m.getRepository(Verification).update({ id }, { status: VERIFICATION_STATUS.approved, admin_note: input.admin_note ?? null, audit_time: new Date() })
          await m.getRepository(User).update({ id: application.user_id }, { verified: application.type })
        }),
    }),
    actionWith({
      method: 'put',
      path: '/reject',
      summary: '拒绝认证申请（admin_note 可选，未填写时保存为空）',
      action: 'reject',
      message: '拒绝申请成功',
      body: verificationRejectBody,
      run: ({ deps }, id, input) =>
        inTransaction(deps.db, async (m) => {
          await pending(m, id)
          await m.getRepository(Verification).update({ id }, { status: VERIFICATION_STATUS.rejected, admin_note: input.admin_note, audit_time: new Date() })
        }),
    }),
  ],
}

import type { VerificationRevealReply } from '../../../server/contract/admin/audit'
import { errorMessage } from '../api/http'
import type { ResourceDef, Row } from '../table/types'
import { asText } from '../ui/format'
import { idColumn, optionsOf } from './shared'

/** Team decision: 1 官方认证 (official), 2 个人认证 (personal), as the admin and member screens label them. */
export const AUDIT_TYPE: Record<string, string> = { '1': '官方认证', '2': '个人认证' }
export const AUDIT_STATUS: Record<string, string> = { '0': '待审核', '1': '已通过', '2': '已拒绝' }

const pending = (row: Row) => asText(row.status) !== '0'

/** Spec: 删除用户…的认证申请？; an approved application also takes the user's badge (server: the badge follows the applications). */
export function auditDeleteConfirm(row: Row): string {
  const who = asText(row.nickname) || asText(row.user_display_id)
  const badge = asText(row.status) === '1' ? `该申请已通过，删除后「${who}」的${AUDIT_TYPE[asText(row.type)] ?? '认证'}标识也会随之取消（除非还有其他已通过的申请）。` : ''
  return `确定要删除用户「${who}」的认证申请吗？${badge}此操作不可撤销`
}

export const audit: ResourceDef = {
  name: 'audit',
  title: '认证管理',
  description: '审核用户的认证申请',
  entity: '认证申请',
  endpoint: '/admin/audit',
  sortOrderParam: 'order',
  defaultSort: { field: 'created_at', order: 'desc' },
  canCreate: false,
  canEdit: false,
  columns: [
    idColumn,
    { key: 'user_display_id', label: '小石榴号', cell: { kind: 'userLink' } },
    { key: 'nickname', label: '昵称', cell: { kind: 'text', truncate: 10 } },
    { key: 'type', label: '认证类型', cell: { kind: 'map', options: AUDIT_TYPE } },
    { key: 'content', label: '申请内容', cell: { kind: 'content', title: '申请内容（个人信息已打码）', linkText: '查看' } },
    {
      key: 'status',
      label: '状态',
      cell: {
        kind: 'status',
        options: { '0': { label: '待审核', tone: 'warning' }, '1': { label: '已通过', tone: 'success' }, '2': { label: '已拒绝', tone: 'danger' } },
      },
    },
    { key: 'admin_note', label: '审核备注', cell: { kind: 'text', truncate: 20 } },
    { key: 'created_at', label: '申请时间', cell: { kind: 'date' }, sortable: true },
    { key: 'audit_time', label: '审核时间', cell: { kind: 'date' } },
  ],
  filters: [
    { key: 'status', label: '审核状态', type: 'select', options: optionsOf(AUDIT_STATUS) },
    { key: 'type', label: '认证类型', type: 'select', options: optionsOf(AUDIT_TYPE) },
    { key: 'search', label: '小石榴号/昵称', type: 'text' },
  ],
  fields: [],
  deleteConfirm: auditDeleteConfirm,
  actions: [
    {
      // The masked table is in the list; the full one only on request, and every request is logged.
      id: 'reveal',
      title: '显示完整信息',
      icon: 'eye',
      async run(row, { api, toast, confirm, show }) {
        if (!(await confirm('将显示申请人的完整个人信息（姓名、证件号、电话），此操作会记录在操作日志中。继续吗？'))) return
        try {
          const data = await api.post<VerificationRevealReply>(`/admin/audit/${asText(row.id)}/reveal`, {})
          show('申请内容（完整信息）', data.content)
        } catch (err) {
          toast(`获取失败: ${errorMessage(err) || '操作失败'}`, 'error')
        }
      },
    },
    {
      id: 'approve',
      title: '通过',
      icon: 'check',
      hidden: pending,
      async run(row, { api, toast, prompt }) {
        const note = await prompt({ title: '通过认证申请', message: '可填写审核备注（选填）', placeholder: '审核备注' })
        if (note === null) return
        try {
          await api.put(`/admin/audit/${asText(row.id)}/approve`, note ? { admin_note: note } : {})
          toast('审核通过成功', 'success')
        } catch (err) {
          toast(`审核通过失败: ${errorMessage(err) || '操作失败'}`, 'error')
        }
      },
    },
    {
      id: 'reject',
      title: '拒绝',
      icon: 'x',
      hidden: pending,
      async run(row, { api, toast, prompt }) {
        const reason = await prompt({ title: '拒绝认证申请', message: '请填写拒绝原因', placeholder: '拒绝原因', required: true, requiredMessage: '请输入拒绝原因' })
        if (reason === null) return
        try {
          await api.put(`/admin/audit/${asText(row.id)}/reject`, { admin_note: reason })
          toast('拒绝申请成功', 'success')
        } catch (err) {
          toast(`拒绝申请失败: ${errorMessage(err) || '操作失败'}`, 'error')
        }
      },
    },
  ],
}

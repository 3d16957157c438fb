import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

const ACTIONS: Record<string, string> = {
  create: '创建',
  update: '更新',
  delete: '删除',
  'batch-delete': '批量删除',
  approve: '通过认证',
  reject: '拒绝认证',
  reveal: '查看完整个人信息',
  login: '登录',
  logout: '退出登录',
  password: '修改密码',
}

/** The server's admin action log (read-only; beyond the spec's screens). */
export const auditLogs: ResourceDef = {
  name: 'audit-logs',
  title: '操作日志',
  description: '管理员的每一次写操作',
  entity: '操作日志',
  endpoint: '/admin/audit-logs',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  columns: [
    idColumn,
    { key: 'admin_username', label: '管理员' },
    { key: 'action', label: '操作', cell: { kind: 'map', options: ACTIONS }, sortable: true },
    { key: 'resource', label: '资源', sortable: true },
    { key: 'resource_ids', label: '记录ID', cell: { kind: 'text', truncate: 30 } },
    { key: 'detail', label: '涉及字段', cell: { kind: 'text', truncate: 40 } },
    createdColumn,
  ],
  filters: [
    { key: 'action', label: '操作', type: 'select', options: Object.entries(ACTIONS).map(([value, label]) => ({ value, label })) },
    { key: 'resource', label: '资源', type: 'text' },
    { key: 'admin_username', label: '管理员', type: 'text' },
  ],
  fields: [],
}

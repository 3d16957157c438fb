import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

const ACTIVE = { '1': { label: '有效', tone: 'success' }, true: { label: '有效', tone: 'success' }, '0': { label: '已失效', tone: 'neutral' }, false: { label: '已失效', tone: 'neutral' } } as const

/** 管理员会话 (XiaoShiLiu v1.3.2): administrators' logins, listed and ended like members' sessions. */
export const adminSessions: ResourceDef = {
  name: 'admin-sessions',
  title: '管理员会话',
  description: '查看和管理管理员登录会话',
  entity: '管理员会话',
  endpoint: '/admin/admin-sessions',
  canCreate: false,
  columns: [
    idColumn,
    { key: 'username', label: '管理员' },
    { key: 'user_agent', label: '设备', cell: { kind: 'text', truncate: 30 } },
    { key: 'ip', label: 'IP' },
    { key: 'is_active', label: '状态', cell: { kind: 'status', options: ACTIVE } },
    { key: 'expires_at', label: '过期时间', cell: { kind: 'date' }, sortable: true },
    { key: 'last_activity', label: '最后活动', cell: { kind: 'date' }, sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'is_active', label: '会话状态', type: 'select', options: [{ value: '1', label: '有效' }, { value: '0', label: '已失效' }] },
    { key: 'username', label: '管理员账号', type: 'text' },
  ],
  toggles: [{ field: 'is_active', onTitle: '使会话失效', offTitle: '恢复会话', icon: 'power' }],
  fields: [
    { key: 'user_agent', label: '设备信息', type: 'text', maxLength: 500 },
    { key: 'is_active', label: '有效', type: 'switch', defaultValue: true },
  ],
}

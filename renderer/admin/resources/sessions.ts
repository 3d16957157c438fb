import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const sessions: ResourceDef = {
  name: 'sessions',
  title: '用户会话管理',
  description: '查看和管理用户登录会话',
  entity: '会话',
  endpoint: '/admin/sessions',
  columns: [
    idColumn,
    { key: 'user_display_id', label: '用户', cell: { kind: 'userLink' } },
    { key: 'user_agent', label: '设备', cell: { kind: 'text', truncate: 30 } },
    { key: 'is_active', label: '状态', cell: { kind: 'status', options: { '1': { label: '有效', tone: 'success' }, true: { label: '有效', tone: 'success' }, '0': { label: '已失效', tone: 'neutral' }, false: { label: '已失效', tone: 'neutral' } } } },
    { key: 'expires_at', label: '过期时间', cell: { kind: 'date' }, sortable: true },
    { key: 'last_activity', label: '最后活动', cell: { kind: 'date' }, sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'is_active', label: '会话状态', type: 'select', options: [{ value: '1', label: '有效' }, { value: '0', label: '已失效' }] },
    { key: 'user_display_id', label: '小石榴号', type: 'text' },
    { key: 'user_agent', label: '设备', type: 'text' },
  ],
  toggles: [{ field: 'is_active', onTitle: '使会话失效', offTitle: '恢复会话', icon: 'power' }],
  fields: [
    { key: 'user_display_id', label: '用户小石榴号', type: 'text', required: true },
    { key: 'user_agent', label: '设备信息', type: 'text', maxLength: 500 },
    { key: 'is_active', label: '有效', type: 'switch', defaultValue: true },
  ],
}

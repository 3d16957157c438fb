import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const admins: ResourceDef = {
  name: 'admins',
  title: '管理员管理',
  description: '管理后台管理员账号',
  entity: '管理员',
  endpoint: '/admin/admins',
  columns: [
    idColumn,
    { key: 'username', label: '用户名', sortable: true },
    { key: 'is_active', label: '状态', cell: { kind: 'boolean', labels: ['启用', '停用'] } },
    createdColumn,
  ],
  filters: [
    { key: 'is_active', label: '账号状态', type: 'select', options: [{ value: '1', label: '启用' }, { value: '0', label: '停用' }] },
    { key: 'search', label: '用户名', type: 'text' },
  ],
  toggles: [{ field: 'is_active', onTitle: '停用管理员', offTitle: '启用管理员', icon: 'power' }],
  fields: [
    { key: 'username', label: '用户名', type: 'text', required: true, minLength: 2, maxLength: 50 },
    { key: 'password', label: '密码', type: 'password', requiredIn: 'create', minLength: 6, maxLength: 50, help: '编辑时留空表示不修改' },
    { key: 'is_active', label: '启用', type: 'switch', defaultValue: true },
  ],
}

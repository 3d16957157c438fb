import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const admins: ResourceDef = {
  name: 'admins',
  title: '管理员管理',
  description: '管理后台管理员账号',
  entity: '管理员',
  endpoint: '/admin/admins',
  columns: [idColumn, { key: 'username', label: '用户名', sortable: true }, createdColumn],
  filters: [{ key: 'search', label: '用户名', type: 'text' }],
  fields: [
    { key: 'username', label: '用户名', type: 'text', required: true, minLength: 2, maxLength: 50 },
    { key: 'password', label: '密码', type: 'password', requiredIn: 'create', minLength: 6, maxLength: 50, help: '编辑时留空表示不修改' },
  ],
}

import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const tags: ResourceDef = {
  name: 'tags',
  title: '标签管理',
  description: '管理笔记标签',
  entity: '标签',
  endpoint: '/admin/tags',
  columns: [
    idColumn,
    { key: 'name', label: '标签名称', sortable: true },
    { key: 'description', label: '描述', cell: { kind: 'text', truncate: 30 } },
    { key: 'use_count', label: '使用次数', sortable: true },
    createdColumn,
  ],
  filters: [{ key: 'search', label: '标签名称', type: 'text' }],
  fields: [
    { key: 'name', label: '标签名称', type: 'text', required: true, maxLength: 32 },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 200 },
  ],
}

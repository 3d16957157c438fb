import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const categories: ResourceDef = {
  name: 'categories',
  title: '分类管理',
  description: '管理笔记分类频道',
  entity: '分类',
  endpoint: '/admin/categories',
  columns: [
    idColumn,
    { key: 'name', label: '分类名称', sortable: true },
    { key: 'category_title', label: '英文标识', sortable: true },
    { key: 'post_count', label: '笔记数', sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'name', label: '分类名称', type: 'text' },
    { key: 'category_title', label: '英文标识', type: 'text' },
  ],
  fields: [
    { key: 'name', label: '分类名称', type: 'text', required: true, maxLength: 50 },
    {
      key: 'category_title',
      label: '英文标识',
      type: 'text',
      required: true,
      maxLength: 50,
      pattern: { regex: /^[a-z]+$/, message: '只能输入小写英文字母' },
    },
  ],
}

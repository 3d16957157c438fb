import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const collections: ResourceDef = {
  name: 'collections',
  title: '收藏管理',
  description: '管理用户收藏的笔记',
  entity: '收藏',
  endpoint: '/admin/collections',
  columns: [
    idColumn,
    { key: 'user_display_id', label: '用户', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'post_id', label: '笔记', cell: { kind: 'postLink', labelField: 'post_title', truncate: 20 }, sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'user_display_id', label: '小石榴号', type: 'text' },
    { key: 'post_id', label: '笔记ID', type: 'id' },
    { key: 'search', label: '用户/笔记标题', type: 'text' },
  ],
  fields: [
    { key: 'user_display_id', label: '用户小石榴号', type: 'text', required: true },
    { key: 'post_id', label: '笔记ID', type: 'number', required: true, min: 1 },
  ],
}

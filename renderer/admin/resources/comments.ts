import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const comments: ResourceDef = {
  name: 'comments',
  title: '评论管理',
  description: '管理笔记评论和回复',
  entity: '评论',
  endpoint: '/admin/comments',
  columns: [
    { ...idColumn, cell: { kind: 'commentLink', postField: 'post_id' } },
    { key: 'content', label: '内容', cell: { kind: 'content', title: '评论内容' } },
    { key: 'user_display_id', label: '评论者', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'post_id', label: '笔记', cell: { kind: 'postLink', labelField: 'post_title', truncate: 14 }, sortable: true },
    { key: 'parent_id', label: '父评论ID' },
    { key: 'like_count', label: '点赞数', sortable: true },
    { key: 'reply_count', label: '回复数', sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'search', label: '评论内容', type: 'text' },
    { key: 'user_display_id', label: '小石榴号', type: 'text' },
    { key: 'post_id', label: '笔记ID', type: 'id' },
    { key: 'parent_id', label: '父评论ID', type: 'id' },
  ],
  fields: [
    { key: 'post_id', label: '笔记ID', type: 'number', required: true, min: 1, only: 'create' },
    { key: 'user_display_id', label: '评论者小石榴号', type: 'text', required: true, only: 'create' },
    { key: 'parent_id', label: '父评论ID', type: 'number', min: 1, only: 'create' },
    { key: 'content', label: '内容', type: 'textarea', required: true, maxLength: 2000 },
  ],
}

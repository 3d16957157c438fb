import type { ResourceDef } from '../table/types'
import { LIKE_TARGET, createdColumn, idColumn, optionsOf } from './shared'

export const likes: ResourceDef = {
  name: 'likes',
  title: '点赞管理',
  description: '管理笔记和评论的点赞',
  entity: '点赞',
  endpoint: '/admin/likes',
  columns: [
    idColumn,
    { key: 'user_display_id', label: '用户', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'target_type', label: '目标类型', cell: { kind: 'map', options: LIKE_TARGET }, sortable: true },
    { key: 'target_id', label: '目标', cell: { kind: 'postLink', labelField: 'post_title', truncate: 16, onlyIf: (row) => Number(row.target_type) === 1 }, sortable: true },
    { key: 'comment_content', label: '被赞评论', cell: { kind: 'content', title: '评论内容' } },
    createdColumn,
  ],
  filters: [
    { key: 'target_type', label: '目标类型', type: 'select', options: optionsOf(LIKE_TARGET) },
    { key: 'user_display_id', label: '小石榴号', type: 'text' },
    { key: 'target_id', label: '目标ID', type: 'id' },
  ],
  fields: [
    { key: 'user_display_id', label: '用户小石榴号', type: 'text', required: true },
    { key: 'target_type', label: '目标类型', type: 'select', required: true, options: optionsOf(LIKE_TARGET), defaultValue: '1' },
    { key: 'target_id', label: '目标ID', type: 'number', required: true, min: 1 },
  ],
}

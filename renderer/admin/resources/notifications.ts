import type { ResourceDef } from '../table/types'
import { NOTIFICATION_TYPE, createdColumn, idColumn, optionsOf } from './shared'

export const notifications: ResourceDef = {
  name: 'notifications',
  title: '通知管理',
  description: '管理系统和互动通知',
  entity: '通知',
  endpoint: '/admin/notifications',
  columns: [
    idColumn,
    { key: 'user_display_id', label: '接收者', cell: { kind: 'userLink' } },
    { key: 'sender_display_id', label: '发送者', cell: { kind: 'userLink', labelField: 'sender_nickname' } },
    { key: 'type', label: '类型', cell: { kind: 'map', options: NOTIFICATION_TYPE }, sortable: true },
    { key: 'title', label: '标题', cell: { kind: 'text', truncate: 20 } },
    { key: 'target_id', label: '笔记', cell: { kind: 'postLink' } },
    { key: 'comment_id', label: '评论', cell: { kind: 'commentLink', postField: 'target_id' } },
    { key: 'is_read', label: '已读', cell: { kind: 'boolean', labels: ['已读', '未读'] }, sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'type', label: '通知类型', type: 'select', options: optionsOf(NOTIFICATION_TYPE) },
    { key: 'is_read', label: '阅读状态', type: 'select', options: [{ value: '0', label: '未读' }, { value: '1', label: '已读' }] },
    { key: 'user_display_id', label: '接收者小石榴号', type: 'text' },
    { key: 'sender_display_id', label: '发送者小石榴号', type: 'text' },
  ],
  fields: [
    { key: 'user_display_id', label: '接收者小石榴号', type: 'text', required: true },
    { key: 'sender_display_id', label: '发送者小石榴号', type: 'text', required: true },
    { key: 'type', label: '类型', type: 'select', required: true, options: optionsOf(NOTIFICATION_TYPE) },
    { key: 'title', label: '标题', type: 'text', required: true, maxLength: 100 },
    { key: 'target_id', label: '目标笔记ID', type: 'number', min: 1 },
    { key: 'comment_id', label: '评论ID', type: 'number', min: 1 },
    { key: 'is_read', label: '已读', type: 'switch' },
  ],
}

import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn } from './shared'

export const follows: ResourceDef = {
  name: 'follows',
  title: '关注管理',
  description: '管理用户之间的关注关系',
  entity: '关注',
  endpoint: '/admin/follows',
  columns: [
    idColumn,
    { key: 'follower_display_id', label: '关注者', cell: { kind: 'userLink', labelField: 'follower_nickname' } },
    { key: 'following_display_id', label: '被关注者', cell: { kind: 'userLink', labelField: 'following_nickname' } },
    createdColumn,
  ],
  filters: [
    { key: 'follower_display_id', label: '关注者小石榴号', type: 'text' },
    { key: 'following_display_id', label: '被关注者小石榴号', type: 'text' },
  ],
  fields: [
    { key: 'follower_display_id', label: '关注者小石榴号', type: 'text', required: true },
    { key: 'following_display_id', label: '被关注者小石榴号', type: 'text', required: true, validate: (v, values) => (v === values.follower_display_id ? '不能关注自己' : null) },
  ],
}

import type { ResourceDef, Row } from '../table/types'
import { asText, truncate } from '../ui/format'
import { createdColumn, idColumn } from './shared'

/** Deleting a comment deletes its replies too (server: removeComment); the confirmation says so. */
export function commentDeleteConfirm(row: Row): string {
  const text = truncate(asText(row.content).replace(/<[^>]*>/g, '').trim(), 20) || `#${asText(row.id)}`
  const replies = Number(row.reply_count) || 0
  const cascade = replies > 0 ? `它的 ${replies} 条回复也会一并删除，` : '它的回复（如有）也会一并删除，'
  return `确定要删除评论「${text}」吗？${cascade}此操作不可撤销`
}

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
  deleteConfirm: commentDeleteConfirm,
  fields: [
    { key: 'post_id', label: '笔记ID', type: 'number', required: true, min: 1, only: 'create' },
    { key: 'user_display_id', label: '评论者小石榴号', type: 'text', required: true, only: 'create' },
    { key: 'parent_id', label: '父评论ID', type: 'number', min: 1, only: 'create' },
    { key: 'content', label: '内容', type: 'textarea', required: true, maxLength: 2000 },
  ],
}

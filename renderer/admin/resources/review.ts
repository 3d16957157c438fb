import { NOTE_REJECT_REASON_MAX } from '../../../server/contract/admin/moderation'
import { errorMessage } from '../api/http'
import type { ResourceDef, RowAction } from '../table/types'
import { asText } from '../ui/format'
import { NOTE_TYPE, createdColumn, idColumn, optionsOf } from './shared'
import { loadCategoryOptions } from './posts'

/** Approve and reject (with the reason the author reads) for a review queue at `endpoint`. */
function reviewActions(endpoint: string, noun: string): RowAction[] {
  return [
    {
      id: 'approve',
      title: '通过',
      icon: 'check',
      async run(row, { api, toast, confirm }) {
        if (!(await confirm(`通过后${noun}将公开显示，并通知作者。确定通过吗？`))) return
        try {
          await api.put(`${endpoint}/${asText(row.id)}/approve`, {})
          toast('审核通过成功', 'success')
        } catch (err) {
          toast(`审核通过失败: ${errorMessage(err) || '操作失败'}`, 'error')
        }
      },
    },
    {
      id: 'reject',
      title: '拒绝',
      icon: 'x',
      async run(row, { api, toast, prompt }) {
        const reason = await prompt({ title: `拒绝${noun}`, message: `作者会看到「未通过：原因」（最多${NOTE_REJECT_REASON_MAX}字）`, placeholder: '拒绝原因', required: true, requiredMessage: '请输入拒绝原因' })
        if (reason === null) return
        try {
          await api.put(`${endpoint}/${asText(row.id)}/reject`, { reason })
          toast('已拒绝', 'success')
        } catch (err) {
          toast(`拒绝失败: ${errorMessage(err) || '操作失败'}`, 'error')
        }
      },
    },
  ]
}

/** 待审核笔记: notes held by a review word or the 笔记审核 setting (docs/moderation.md). */
export const postsAudit: ResourceDef = {
  name: 'posts-audit',
  title: '待审核笔记',
  description: '先审后发：通过后公开，拒绝时作者可修改后重新提交',
  entity: '待审核笔记',
  endpoint: '/admin/posts-audit',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  defaultSort: { field: 'updated_at', order: 'asc' },
  columns: [
    { ...idColumn, cell: { kind: 'postLink' } },
    { key: 'title', label: '标题', cell: { kind: 'text', truncate: 16 } },
    { key: 'content', label: '内容', cell: { kind: 'content', title: '笔记内容' } },
    { key: 'user_display_id', label: '作者', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'category', label: '分类' },
    { key: 'type', label: '类型', cell: { kind: 'map', options: NOTE_TYPE } },
    { key: 'images', label: '媒体', cell: { kind: 'media' } },
    { key: 'status', label: '状态', cell: { kind: 'status', options: { '2': { label: '审核中', tone: 'warning' } } } },
    createdColumn,
    { key: 'updated_at', label: '提交时间', cell: { kind: 'date' }, sortable: true },
  ],
  filters: [
    { key: 'type', label: '笔记类型', type: 'select', options: optionsOf(NOTE_TYPE) },
    { key: 'category_id', label: '分类', type: 'select', loadOptions: loadCategoryOptions },
    { key: 'search', label: '标题/内容', type: 'text' },
    { key: 'user_display_id', label: '作者小石榴号', type: 'text' },
  ],
  fields: [],
  actions: reviewActions('/admin/posts-audit', '笔记'),
}

/** 待审核评论: comments held by a review word. */
export const commentsAudit: ResourceDef = {
  name: 'comments-audit',
  title: '待审核评论',
  description: '含“需要审核”敏感词的评论：通过后公开显示',
  entity: '待审核评论',
  endpoint: '/admin/comments-audit',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  defaultSort: { field: 'created_at', order: 'asc' },
  columns: [
    { ...idColumn, cell: { kind: 'commentLink', postField: 'post_id' } },
    { key: 'content', label: '评论内容', cell: { kind: 'content', title: '评论内容' } },
    { key: 'user_display_id', label: '评论者', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'post_id', label: '笔记', cell: { kind: 'postLink', labelField: 'post_title', truncate: 12 } },
    createdColumn,
  ],
  filters: [
    { key: 'search', label: '评论内容', type: 'text' },
    { key: 'user_display_id', label: '评论者小石榴号', type: 'text' },
  ],
  fields: [],
  actions: reviewActions('/admin/comments-audit', '评论'),
}

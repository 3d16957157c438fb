import { WATCH_ACTION_LABELS, WATCHED_WORD_MAX } from '../../../server/contract/admin/moderation'
import type { ResourceDef } from '../table/types'
import { createdColumn, idColumn, optionsOf } from './shared'

/** Watched words: one pass over every title, note, comment, nickname and bio (docs/moderation.md). */
export const watchedWords: ResourceDef = {
  name: 'watched-words',
  title: '敏感词管理',
  description: '发布和评论时检查的词语：禁止、审核或替换',
  entity: '敏感词',
  endpoint: '/admin/watched-words',
  columns: [
    idColumn,
    { key: 'word', label: '词语', sortable: true },
    {
      key: 'action',
      label: '处理方式',
      sortable: true,
      cell: {
        kind: 'status',
        options: {
          block: { label: WATCH_ACTION_LABELS.block, tone: 'danger' },
          review: { label: WATCH_ACTION_LABELS.review, tone: 'warning' },
          replace: { label: WATCH_ACTION_LABELS.replace, tone: 'info' },
        },
      },
    },
    createdColumn,
  ],
  filters: [
    { key: 'action', label: '处理方式', type: 'select', options: optionsOf(WATCH_ACTION_LABELS) },
    { key: 'search', label: '词语', type: 'text' },
  ],
  fields: [
    { key: 'word', label: '词语', type: 'text', required: true, maxLength: WATCHED_WORD_MAX, help: '不区分大小写和全角/半角；中文无需分词，出现在任何位置都会匹配' },
    { key: 'action', label: '处理方式', type: 'select', required: true, options: optionsOf(WATCH_ACTION_LABELS), defaultValue: 'review', help: '昵称和个人简介中，需要审核的词语按禁止处理' },
  ],
}

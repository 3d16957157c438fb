import type { ResourceDef } from '../table/types'

/** 邮件发件箱: what SMTP_URL=outbox wrote instead of sending (offline demos and tests), read-only. */
export const outbox: ResourceDef = {
  name: 'outbox',
  title: '邮件发件箱',
  description: '离线演示时（SMTP_URL=outbox）服务器写入的邮件，只读',
  entity: '邮件',
  endpoint: '/admin/outbox',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  columns: [
    { key: 'created_at', label: '时间', cell: { kind: 'date' } },
    { key: 'to', label: '收件人' },
    { key: 'subject', label: '主题', cell: { kind: 'text', truncate: 30 } },
    { key: 'text', label: '正文', cell: { kind: 'content', title: '邮件正文', linkText: '查看' } },
  ],
  filters: [],
  fields: [],
}

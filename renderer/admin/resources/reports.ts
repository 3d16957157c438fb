import type { ResourceDef, Row } from '../table/types'
import { asText } from '../ui/format'
import { moderationAction } from './moderation'
import { idColumn, optionsOf } from './shared'

/*
 * The moderation queue (issue 18): open reports grouped by target, newest report first; each action
 * closes the group (the server tells the reporters and writes the audit log).
 */

export const REPORT_TARGET: Record<string, string> = { post: '笔记', comment: '评论', user: '用户' }
export const REPORT_STATUS: Record<string, string> = { '0': '待处理', '1': '已处理' }
export const REPORT_RESOLUTION: Record<string, string> = { dismiss: '已驳回', hide: '已隐藏', restore: '已恢复', delete: '已删除', warn: '已警告', ban: '已封禁' }
const MODERATION: Record<string, string> = { '0': '可见', '1': '已隐藏', '2': '审核中', '3': '未通过' }

const ENDPOINT = '/admin/reports'
const handled = (row: Row) => asText(row.status) !== '0'
const notContent = (row: Row) => handled(row) || asText(row.target_type) === 'user' || row.target_moderation === null

export const reports: ResourceDef = {
  name: 'reports',
  title: '举报处理',
  description: '按对象分组的举报：驳回、隐藏、删除、警告或封禁',
  entity: '举报',
  endpoint: ENDPOINT,
  canCreate: false,
  canEdit: false,
  canDelete: false,
  defaultSort: { field: 'latest_reported_at', order: 'desc' },
  defaultFilters: { status: '0' },
  columns: [
    idColumn,
    { key: 'target_type', label: '对象', cell: { kind: 'map', options: REPORT_TARGET } },
    { key: 'preview_title', label: '标题', cell: { kind: 'postLink', labelField: 'preview_title', truncate: 16, onlyIf: (row) => row.post_id !== null } },
    { key: 'preview_content', label: '内容', cell: { kind: 'content', title: '被举报的内容', linkText: '查看' } },
    { key: 'author_display_id', label: '作者', cell: { kind: 'userLink', labelField: 'author_nickname' } },
    { key: 'report_count', label: '举报数', sortable: true },
    { key: 'reasons', label: '原因', cell: { kind: 'array' } },
    { key: 'first_reported_at', label: '首次举报', cell: { kind: 'date' }, sortable: true },
    { key: 'latest_reported_at', label: '最近举报', cell: { kind: 'date' }, sortable: true },
    { key: 'target_moderation', label: '内容状态', cell: { kind: 'map', options: MODERATION } },
    {
      key: 'status',
      label: '状态',
      cell: { kind: 'status', options: { '0': { label: '待处理', tone: 'warning' }, '1': { label: '已处理', tone: 'success' } } },
    },
    { key: 'resolution', label: '处理结果', cell: { kind: 'map', options: REPORT_RESOLUTION } },
    { key: 'resolution_note', label: '处理理由', cell: { kind: 'text', truncate: 16 } },
    { key: 'resolved_by', label: '处理人' },
  ],
  filters: [
    { key: 'status', label: '状态', type: 'select', options: optionsOf(REPORT_STATUS) },
    { key: 'target_type', label: '对象', type: 'select', options: optionsOf(REPORT_TARGET) },
    { key: 'resolution', label: '处理结果', type: 'select', options: optionsOf(REPORT_RESOLUTION) },
    { key: 'search', label: '作者/标题', type: 'text' },
  ],
  fields: [],
  actions: [
    moderationAction({ id: 'dismiss', title: '驳回', icon: 'check', endpoint: ENDPOINT, path: '/dismiss', ask: { kind: 'note', message: '驳回后内容保持不变，举报人会收到处理结果。' }, done: '已驳回举报', hidden: handled }),
    moderationAction({
      id: 'hide',
      title: '隐藏',
      icon: 'eye',
      endpoint: ENDPOINT,
      path: '/hide',
      ask: { kind: 'reason', message: '隐藏后仅作者和管理员可见，作者会看到理由。可在“已处理”中恢复。', placeholder: '隐藏理由（作者可见）', requiredMessage: '请填写处理理由' },
      done: '已隐藏',
      hidden: notContent,
    }),
    moderationAction({
      id: 'restore',
      title: '恢复显示',
      icon: 'refresh',
      endpoint: ENDPOINT,
      path: '/restore',
      ask: { kind: 'note', message: '恢复后所有人可见，作者会收到通知。' },
      done: '已恢复显示',
      hidden: (row) => asText(row.target_moderation) !== '1' || !handled(row),
    }),
    moderationAction({
      id: 'delete',
      title: '删除内容',
      icon: 'trash',
      endpoint: ENDPOINT,
      path: '/delete',
      ask: { kind: 'reason', message: '删除不可撤销，作者会收到理由。', placeholder: '删除理由（作者可见）', requiredMessage: '请填写处理理由' },
      done: '已删除',
      hidden: notContent,
    }),
    moderationAction({
      id: 'warn',
      title: '警告作者',
      icon: 'bell',
      endpoint: ENDPOINT,
      path: '/warn',
      ask: { kind: 'reason', message: '警告内容将以系统通知原样发给作者。', placeholder: '警告内容', requiredMessage: '请填写警告内容' },
      done: '已警告作者',
      hidden: handled,
    }),
    moderationAction({ id: 'ban', title: '封禁作者', icon: 'ban', endpoint: ENDPOINT, path: '/ban', ask: { kind: 'ban', send: 'duration', message: '封禁期间作者仍可登录和浏览，但不能发布、评论、点赞、关注或修改资料。' }, done: '已限制作者的账号', hidden: handled }),
  ],
}

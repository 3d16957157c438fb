import type { AdminApi } from '../api/http'
import { errorMessage } from '../api/http'
import type { FormValue, FormValues, Option, ResourceDef, Row } from '../table/types'
import { defaultPayload, initialValues } from '../table/validation'
import { asText } from '../ui/format'
import { NOTE_TYPE, createdColumn, idColumn, optionsOf } from './shared'

const isVideo = (values: FormValues) => values.type === '2'
const isImage = (values: FormValues) => values.type !== '2'

function blank(v: FormValue): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
}

const isDraft = (values: FormValues) => values.is_draft === true

/** Title, content and category are required to publish (spec §5); a draft may omit them. */
function requiredToPublish(label: string, verb = '请输入') {
  return (value: FormValue, values: FormValues) => (blank(value) && !isDraft(values) ? `${verb}${label}` : null)
}

/** A draft needs a title or content (the server's noteProblem rule), nothing more. */
function titleRule(value: FormValue, values: FormValues): string | null {
  if (!isDraft(values)) return requiredToPublish('标题')(value, values)
  return blank(value) && blank(values.content) ? '请输入标题或内容' : null
}

export async function loadCategoryOptions(api: AdminApi): Promise<Option[]> {
  const list = await api.list<Row>('/admin/categories', { page: 1, limit: 100, sortField: 'id', sortOrder: 'asc' })
  return list.data.map((c) => ({ value: asText(c.id), label: asText(c.name) }))
}

const fields: ResourceDef['fields'] = [
  { key: 'user_display_id', label: '作者小石榴号', type: 'text', required: true, only: 'create' },
  { key: 'title', label: '标题', type: 'text', maxLength: 100, validate: titleRule },
  { key: 'content', label: '内容', type: 'textarea', maxLength: 2000, validate: requiredToPublish('内容') },
  { key: 'category_id', label: '分类', type: 'select', loadOptions: loadCategoryOptions, validate: requiredToPublish('分类', '请选择') },
  { key: 'type', label: '类型', type: 'select', required: true, options: optionsOf(NOTE_TYPE), defaultValue: '1' },
  { key: 'is_draft', label: '草稿', type: 'switch', defaultValue: false },
  { key: 'tags', label: '标签', type: 'list', maxItems: 10, placeholder: '输入标签后按回车' },
  {
    key: 'images',
    label: '图片',
    type: 'images',
    maxItems: 9,
    visibleWhen: isImage,
    validate: (v, values, mode) => (blank(v) && mode === 'create' && !isDraft(values) ? '请至少上传一张图片' : null),
  },
  {
    key: 'video_url',
    label: '视频',
    type: 'video',
    coverField: 'cover_url',
    visibleWhen: isVideo,
    validate: (v, values, mode) => (blank(v) && mode === 'create' && !isDraft(values) ? '请上传视频' : null),
  },
  { key: 'cover_url', label: '封面', type: 'cover', visibleWhen: isVideo, help: '不上传时使用视频上传返回的封面' },
  { key: 'view_count', label: '浏览量', type: 'number', min: 0, only: 'edit' },
]

/** A note's status (server/contract/posts.ts NOTE_STATUS); a note hidden by a moderator counts as 未过审. */
const NOTE_STATUS_CELL = {
  '0': { label: '已发布', tone: 'success' },
  '1': { label: '草稿', tone: 'warning' },
  '2': { label: '待审核', tone: 'info' },
  '3': { label: '未过审', tone: 'danger' },
} as const

export const posts: ResourceDef = {
  name: 'posts',
  title: '笔记管理',
  description: '管理图文和视频笔记',
  entity: '笔记',
  endpoint: '/admin/posts',
  saveFailure: '提交失败',
  columns: [
    { ...idColumn, cell: { kind: 'postLink' } },
    { key: 'title', label: '标题', cell: { kind: 'text', truncate: 16 }, sortable: true },
    { key: 'content', label: '内容', cell: { kind: 'content', title: '笔记内容' } },
    { key: 'user_display_id', label: '作者', cell: { kind: 'userLink', labelField: 'nickname' } },
    { key: 'category', label: '分类' },
    { key: 'type', label: '类型', cell: { kind: 'map', options: NOTE_TYPE } },
    { key: 'images', label: '媒体', cell: { kind: 'media' } },
    { key: 'tags', label: '标签', cell: { kind: 'tags' } },
    // `status` (0–3), not is_draft: a held or refused note is not published (issue 41).
    { key: 'status', label: '状态', cell: { kind: 'status', options: NOTE_STATUS_CELL } },
    { key: 'view_count', label: '浏览', sortable: true },
    { key: 'like_count', label: '点赞', sortable: true },
    { key: 'collect_count', label: '收藏', sortable: true },
    { key: 'comment_count', label: '评论', sortable: true },
    createdColumn,
  ],
  filters: [
    { key: 'id', label: '笔记ID', type: 'id' },
    { key: 'type', label: '笔记类型', type: 'select', options: optionsOf(NOTE_TYPE) },
    { key: 'status', label: '笔记状态', type: 'select', options: Object.entries(NOTE_STATUS_CELL).map(([value, { label }]) => ({ value, label })) },
    { key: 'category_id', label: '分类', type: 'select', loadOptions: loadCategoryOptions },
    { key: 'search', label: '标题/内容', type: 'text' },
    { key: 'user_display_id', label: '作者小石榴号', type: 'text' },
  ],
  fields,
  /** Before editing, the note's detail is fetched (its images, or its video and cover). */
  async loadForEdit(row, api) {
    try {
      return { ...row, ...(await api.get<Row>(`/admin/posts/${asText(row.id)}`)) }
    } catch (err) {
      throw new Error(`${asText(row.type) === '2' ? '获取视频信息失败' : '获取笔记图片失败'}: ${errorMessage(err)}`)
    }
  },
  toForm(row) {
    const values = initialValues(fields, row)
    values.category_id = asText(row.category_id)
    values.type = asText(row.type) || '1'
    if (values.type === '2') {
      values.video_url = asText(row.video_url)
      values.cover_url = asText(row.cover_url)
      values.images = []
    }
    return values
  },
  toPayload(values, mode) {
    const body = defaultPayload(fields, values, mode)
    if (values.type === '2') body.images = []
    return body
  },
}

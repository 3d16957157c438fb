import type { AdminApi } from '../api/http'
import type { IconName } from '../ui/icons'

/** One row of any resource list, as the server sends it. */
export type Row = Record<string, unknown>

export interface Option {
  value: string
  label: string
}

export type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info'

/** How a column renders its value. Declarations are plain data so they stay in .ts files. */
export type CellSpec =
  | { kind: 'text'; truncate?: number }
  | { kind: 'image' }
  /** Image gallery, or a video viewer when `isVideo(row)`. */
  | { kind: 'media'; videoField?: string; coverField?: string; isVideo?: (row: Row) => boolean }
  | { kind: 'date' }
  | { kind: 'map'; options: Record<string, string> }
  | { kind: 'status'; options: Record<string, { label: string; tone: Tone }> }
  | { kind: 'boolean'; labels?: [yes: string, no: string] }
  | { kind: 'array'; truncate?: number }
  /** Opens /user/{value} in a new tab; `labelField` is shown instead of the value when present. */
  | { kind: 'userLink'; labelField?: string }
  /** Opens /post?id={value}; `labelField` (e.g. post_title) is shown when present. */
  | { kind: 'postLink'; labelField?: string; truncate?: number; onlyIf?: (row: Row) => boolean }
  /** Opens /post?id={row[postField]}&targetCommentId={value}. */
  | { kind: 'commentLink'; postField: string }
  | { kind: 'content'; title: string; linkText?: string }
  | { kind: 'tags' }
  | { kind: 'personality'; userIdField: string }
  /** A member's ban in force ({until, reason} or null): 限制至 …／永久限制 with the reason. */
  | { kind: 'ban' }
  /** Linked identities at OpenID providers (issue 39): each provider's name, its email on hover. */
  | { kind: 'identities' }

export interface Column {
  key: string
  label: string
  cell?: CellSpec
  sortable?: boolean
  /** CSS width, e.g. '80px'. */
  width?: string
}

export interface Filter {
  key: string
  label: string
  /** `id`: a numeric id, checked before it is sent with the server's own rule and message. */
  type: 'select' | 'text' | 'id'
  options?: Option[]
  /** Options loaded from the API (e.g. categories). */
  loadOptions?: (api: AdminApi) => Promise<Option[]>
  placeholder?: string
}

export type FieldType = 'text' | 'textarea' | 'password' | 'number' | 'select' | 'switch' | 'list' | 'images' | 'video' | 'cover'

export type FormValue = string | number | boolean | string[] | null
export type FormValues = Record<string, FormValue>
export type FormMode = 'create' | 'edit'

export interface FormField {
  key: string
  label: string
  type: FieldType
  required?: boolean
  /** Required only in this mode (e.g. a password that may stay blank when editing). */
  requiredIn?: FormMode
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  /** For `list` / `images`: most items allowed. */
  maxItems?: number
  pattern?: { regex: RegExp; message: string }
  options?: Option[]
  /** Options loaded from the API (e.g. categories). */
  loadOptions?: (api: AdminApi) => Promise<Option[]>
  placeholder?: string
  /** Shown only in this mode. */
  only?: FormMode
  /** Shown (and validated) only when this returns true. */
  visibleWhen?: (values: FormValues) => boolean
  /** Extra rule; returns a message or null. */
  validate?: (value: FormValue, values: FormValues, mode: FormMode) => string | null
  help?: string
  /** Initial value in the create form. */
  defaultValue?: FormValue
  /** For `video`: the field that receives the cover the upload returns. */
  coverField?: string
}

/** A toggle shown as a row action, e.g. ban / unban a user. */
export interface RowToggle {
  field: string
  /** Title when the value is truthy / falsy. */
  onTitle: string
  offTitle: string
  icon: 'ban' | 'power'
}

/** A custom row action (the audit screen, the moderation queue, bans). */
export interface RowAction {
  id: string
  title: string
  icon: IconName
  hidden?: (row: Row) => boolean
  run: (row: Row, ctx: ActionContext) => Promise<void>
}

export interface ActionContext {
  api: AdminApi
  toast: (message: string, tone?: 'success' | 'error' | 'info') => void
  prompt: (options: { title: string; message: string; placeholder?: string; required?: boolean; requiredMessage?: string }) => Promise<string | null>
  /** A prompt with a choice above the text (e.g. a ban's duration); null when cancelled. */
  choose: (options: { title: string; message: string; placeholder?: string; required?: boolean; requiredMessage?: string; choices: Option[] }) => Promise<{ choice: string; text: string } | null>
  confirm: (message: string) => Promise<boolean>
  /** Show fetched content (markup previewed after sanitising) in a dialog. */
  show: (title: string, html: string) => void
}

export interface ResourceDef {
  name: string
  /** Page title, e.g. 用户管理. */
  title: string
  /** One-line description under the title and in the menu. */
  description: string
  /** Entity noun used in messages: '{entity}创建成功', 新增{entity}. */
  entity: string
  /** API path under /api, e.g. '/admin/users'. */
  endpoint: string
  columns: Column[]
  filters: Filter[]
  fields: FormField[]
  /** Defaults to true; false hides the add button. */
  canCreate?: boolean
  /** Defaults to true; false hides the edit icon. */
  canEdit?: boolean
  /** Defaults to true; false hides the delete icon and batch delete (read-only resources). */
  canDelete?: boolean
  /** Name of the sort-direction query parameter; the spec's default is sortOrder (audit uses order). */
  sortOrderParam?: string
  defaultSort?: { field: string; order: 'asc' | 'desc' }
  /** Filters applied when the screen opens (the queue opens on its open reports). */
  defaultFilters?: Record<string, string>
  toggles?: RowToggle[]
  actions?: RowAction[]
  /** Delete confirmation text for a row (default: names the record, see recordName). */
  deleteConfirm?: (row: Row) => string
  /** How confirmations name a row, e.g. the user's nickname (default: recordName's generic pick). */
  recordLabel?: (row: Row) => string
  /** Prefix of a failed create / edit message; the spec's default is 操作失败 (the note form says 提交失败). */
  saveFailure?: string
  /** Loads what the edit form needs (e.g. a note's detail). Defaults to the row itself. */
  loadForEdit?: (row: Row, api: AdminApi) => Promise<Row>
  /** Turns a row into form values. Defaults to picking each field's key. */
  toForm?: (row: Row) => FormValues
  /** Turns form values into the request body. Defaults to the visible fields' values. */
  toPayload?: (values: FormValues, mode: FormMode) => Record<string, unknown>
}

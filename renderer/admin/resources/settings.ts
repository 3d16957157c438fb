import { SITE_SETTINGS } from '../../../server/contract/admin/moderation'
import type { FormField, ResourceDef } from '../table/types'
import { asText } from '../ui/format'
import { idColumn, optionsOf } from './shared'

const valueKey = (name: string) => `value_${name}`

/** One select per setting, shown for that setting's row only. */
const fields: FormField[] = Object.entries(SITE_SETTINGS).map(([name, spec]) => ({
  key: valueKey(name),
  label: spec.label,
  type: 'select',
  required: true,
  options: optionsOf(spec.values),
  visibleWhen: (values) => values.name === name,
}))

const valueLabels: Record<string, string> = Object.assign({}, ...Object.values(SITE_SETTINGS).map((spec) => spec.values))

/** 系统设置: the settings the back-office edits (笔记审核, ...), each edited as a select of its values. */
export const settings: ResourceDef = {
  name: 'settings',
  title: '系统设置',
  description: '笔记审核、推荐频道等站点设置',
  entity: '设置',
  endpoint: '/admin/settings',
  canCreate: false,
  canDelete: false,
  defaultSort: { field: 'id', order: 'asc' },
  columns: [idColumn, { key: 'label', label: '设置' }, { key: 'value', label: '当前值', cell: { kind: 'map', options: valueLabels } }, { key: 'updated_at', label: '修改时间', cell: { kind: 'date' } }],
  filters: [],
  fields,
  recordLabel: (row) => asText(row.label),
  toForm: (row) => ({ name: asText(row.name), [valueKey(asText(row.name))]: asText(row.value) }),
  toPayload: (values) => ({ value: values[valueKey(asText(values.name))] }),
}

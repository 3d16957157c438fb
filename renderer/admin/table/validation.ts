import type { FormField, FormMode, FormValue, FormValues, Row } from './types'

export function isFieldVisible(field: FormField, values: FormValues, mode: FormMode): boolean {
  if (field.only && field.only !== mode) return false
  return field.visibleWhen ? field.visibleWhen(values) : true
}

function isEmpty(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

function isRequired(field: FormField, mode: FormMode): boolean {
  return Boolean(field.required) || field.requiredIn === mode
}

const CHOOSE_TYPES = new Set(['select', 'images', 'video'])

/** First problem with one field, with the message the form shows; null when valid. */
export function validateField(field: FormField, values: FormValues, mode: FormMode): string | null {
  const value = values[field.key]
  if (isEmpty(value)) {
    if (isRequired(field, mode)) return CHOOSE_TYPES.has(field.type) ? `请选择${field.label}` : `请输入${field.label}`
    // Conditional requirements (e.g. only when publishing) live in the field's own rule.
    return field.validate ? field.validate(value ?? null, values, mode) : null
  }
  if (typeof value === 'string' && field.type !== 'select') {
    const length = [...value].length
    if (field.minLength !== undefined && length < field.minLength) return `${field.label}至少需要${field.minLength}位`
    if (field.maxLength !== undefined && length > field.maxLength) return `${field.label}不能超过${field.maxLength}个字符`
    if (field.pattern && !field.pattern.regex.test(value)) return field.pattern.message
  }
  if (field.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value)
    if (!Number.isFinite(n)) return `${field.label}必须是数字`
    if (field.min !== undefined && n < field.min) return `${field.label}不能小于${field.min}`
    if (field.max !== undefined && n > field.max) return `${field.label}不能大于${field.max}`
  }
  if (Array.isArray(value) && field.maxItems !== undefined && value.length > field.maxItems) {
    return `${field.label}最多${field.maxItems}个`
  }
  return field.validate ? field.validate(value, values, mode) : null
}

/** Errors of every visible field, keyed by field key (empty when the form is valid). */
export function validateForm(fields: FormField[], values: FormValues, mode: FormMode): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const field of fields) {
    if (!isFieldVisible(field, values, mode)) continue
    const error = validateField(field, values, mode)
    if (error) errors[field.key] = error
  }
  return errors
}

function emptyValue(field: FormField): FormValue {
  if (field.type === 'switch') return false
  if (field.type === 'list' || field.type === 'images') return []
  return ''
}

function fromRow(field: FormField, raw: unknown): FormValue {
  if (raw === null || raw === undefined) return emptyValue(field)
  switch (field.type) {
    case 'switch':
      return raw === true || raw === 1 || raw === '1' || raw === 'true'
    case 'list':
    case 'images':
      if (Array.isArray(raw)) {
        return raw
          .map((item) => (typeof item === 'object' && item !== null && 'name' in item ? String(item.name) : String(item)))
          .filter((s) => s !== '')
      }
      return typeof raw === 'string' && raw !== '' ? raw.split(',').map((s) => s.trim()).filter(Boolean) : []
    case 'password':
      return ''
    default:
      return typeof raw === 'object' ? JSON.stringify(raw) : String(raw)
  }
}

/** Initial form values: blanks for a new record, the row's values for an edit. */
export function initialValues(fields: FormField[], row: Row | null): FormValues {
  const values: FormValues = {}
  for (const field of fields) values[field.key] = row ? fromRow(field, row[field.key]) : (field.defaultValue ?? emptyValue(field))
  return values
}

/** Request body from the visible fields: numbers as numbers, switches as 1/0, blank optional fields left out. */
export function defaultPayload(fields: FormField[], values: FormValues, mode: FormMode): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    if (!isFieldVisible(field, values, mode)) continue
    const value = values[field.key]
    if (field.type === 'switch') {
      body[field.key] = value ? 1 : 0
      continue
    }
    if (isEmpty(value)) {
      if (field.type === 'password') continue
      if (field.type === 'list' || field.type === 'images') body[field.key] = []
      else if (isRequired(field, mode)) body[field.key] = value
      else if (mode === 'edit') body[field.key] = field.type === 'text' || field.type === 'textarea' ? '' : null
      continue
    }
    if (field.type === 'number' || (field.type === 'select' && typeof value === 'string' && /^-?\d+$/.test(value))) {
      body[field.key] = Number(value)
    } else body[field.key] = typeof value === 'string' ? value.trim() : value
  }
  return body
}

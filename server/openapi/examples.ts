import { STATUS_MESSAGES } from '../errors'

/**
 * Examples derived from the generated JSON schemas, so they cannot drift from the contract: every value
 * keeps its field's type, format, enum, pattern, length and range (tests/server/contract/openapi-examples
 * validates each one against its own schema), with a few name-based hints for readability.
 */

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  example?: unknown
  examples?: unknown[]
  default?: unknown
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  /** A tuple's positions (OpenAPI 3.1 / JSON Schema 2020-12), e.g. a highlight's [start, end). */
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minItems?: number
}

const HINTS: Array<[RegExp, unknown]> = [
  [/^(user_id|user_display_id|follower_display_id|following_display_id|sender_display_id|author_account)$/, 'shiliu_2024'],
  [/nickname$/, '小石榴'],
  [/^username$/, 'admin'],
  [/^time$/, '2025-01-01T08:00:00.000Z'],
  [/location$/, '上海'],
  [/avatar|_url$|^url$|^images?$|^cover$|^(small)?thumbnail/i, '/uploads/2025/01/example.webp'],
  [/^title$/, '周末去了趟植物园'],
  [/^(content|description|bio)$/, '一段示例内容'],
  [/^(name|category|label)$/, '学习'],
  [/^category_title$/, 'study'],
  [/^message$/, 'success'],
  [/token$/, 'eyJhbGciOiJIUzI1NiJ9.example'],
  [/^email$/i, 'user@example.com'],
  [/^mbti$/i, 'INTJ'],
  [/code$/i, '123456'],
  [/^captcha(Text)?$/i, 'ab12'],
]

/** Values tried, in order, for a string whose pattern the hint does not match (the contract's patterns). */
const PATTERN_CANDIDATES = ['2025-01-01T08:00:00.000Z', '2025-01-01', 'user@example.com', '123456', 'INTJ', 'shiliu_2024', 'abc', 'example']

const MAX_DEPTH = 12

function fitsPattern(value: string, pattern: string | undefined): boolean {
  if (!pattern) return true
  try {
    return new RegExp(pattern, 'u').test(value)
  } catch {
    return new RegExp(pattern).test(value)
  }
}

/** A string of `schema` near `preferred`: matching its pattern, cut or padded to its length bounds. */
function stringOf(schema: JsonSchema, preferred: string): string {
  const candidates = [preferred, ...PATTERN_CANDIDATES]
  let value = candidates.find((c) => fitsPattern(c, schema.pattern)) ?? preferred
  if (schema.maxLength !== undefined && [...value].length > schema.maxLength) value = [...value].slice(0, schema.maxLength).join('')
  if (schema.minLength !== undefined && [...value].length < schema.minLength) value = value + 'a'.repeat(schema.minLength - [...value].length)
  return value
}

function numberOf(schema: JsonSchema, name: string, integer: boolean): number {
  let value = name === 'expires_in' ? 3600 : typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) value = integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum + 1
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) value = integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum - 1
  return value
}

/**
 * An example value of `schema`. `seen` holds the references being expanded: a recursive schema (a comment's
 * replies) ends in an empty list instead of nesting until a depth limit leaves a null where an object belongs.
 */
export function exampleOf(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, name = '', depth = 0, seen: readonly string[] = []): unknown {
  if (!schema || depth > MAX_DEPTH) return null
  if (schema.$ref) {
    if (seen.includes(schema.$ref)) return null
    return exampleOf(components[schema.$ref.replace('#/components/schemas/', '')], components, name, depth + 1, [...seen, schema.$ref])
  }
  if (schema.example !== undefined) return schema.example
  if (schema.examples?.length) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  // An object's anyOf / allOf of `required` lists (one of two ids) constrain it: every property is given.
  const variants = schema.properties ? undefined : (schema.anyOf ?? schema.oneOf)
  if (variants?.length) {
    const nonNull = variants.find((v) => v.type !== 'null' && !(v.$ref && seen.includes(v.$ref))) ?? variants[0]
    return exampleOf(nonNull, components, name, depth + 1, seen)
  }
  if (schema.allOf?.length && !schema.properties) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, components, name, depth + 1, seen)))
  const type = schema.properties ? 'object' : Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(prop, components, key, depth + 1, seen)
      return out
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item, components, name, depth + 1, seen))
      if (schema.items?.$ref && seen.includes(schema.items.$ref) && !schema.minItems) return []
      const item = exampleOf(schema.items, components, name, depth + 1, seen)
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item)
    }
    case 'integer':
    case 'number':
      if (name === 'code') return 200
      return numberOf(schema, name, type === 'integer')
    case 'boolean':
      return name === 'success'
    case 'null':
      return null
    case 'string': {
      if (schema.format === 'date-time' || name.endsWith('_at') || name === 'audit_time' || name === 'last_activity') return stringOf(schema, '2025-01-01T08:00:00.000Z')
      if (schema.format === 'date') return stringOf(schema, '2025-01-01')
      if (schema.format === 'email') return stringOf(schema, 'user@example.com')
      const hint = HINTS.find(([pattern]) => pattern.test(name))?.[1]
      return stringOf(schema, typeof hint === 'string' ? hint : 'string')
    }
    default:
      return null
  }
}

/** Retry-After of the temporary failures that carry it in `data` (http/errors.ts: a busy lock, a full disk). */
const RETRY_AFTER: Record<number, number> = { 503: 2, 507: 60 }

/**
 * The error envelope the server sends for `status` (http/errors.ts): `code` is the status, `success` false,
 * the route's own message for that status when it declares one, else the catalogue's (server/errors.ts).
 */
export function errorExample(status: number, message?: string): { code: number; success: false; message: string; data: { retry_after: number } | null } {
  const retryAfter = RETRY_AFTER[status]
  return { code: status, success: false, message: message ?? STATUS_MESSAGES[status] ?? '请求失败', data: retryAfter ? { retry_after: retryAfter } : null }
}

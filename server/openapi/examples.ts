/**
 * Reply examples derived from the generated JSON schemas, so they cannot drift from the contract.
 * Values follow the field's type, format and enum, with a few name-based hints for readability.
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
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
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
]

const MAX_DEPTH = 8

export function exampleOf(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, name = '', depth = 0): unknown {
  if (!schema || depth > MAX_DEPTH) return null
  if (schema.$ref) return exampleOf(components[schema.$ref.replace('#/components/schemas/', '')], components, name, depth + 1)
  if (schema.example !== undefined) return schema.example
  if (schema.examples?.length) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const variants = schema.anyOf ?? schema.oneOf
  if (variants?.length) {
    const nonNull = variants.find((v) => v.type !== 'null') ?? variants[0]
    return exampleOf(nonNull, components, name, depth + 1)
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, components, name, depth + 1)))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(prop, components, key, depth + 1)
      return out
    }
    case 'array':
      return [exampleOf(schema.items, components, name, depth + 1)]
    case 'integer':
    case 'number':
      if (name === 'code') return 200
      if (name === 'expires_in') return 3600
      return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1
    case 'boolean':
      return name === 'success' ? true : false
    case 'null':
      return null
    case 'string':
      if (schema.format === 'date-time' || name.endsWith('_at') || name === 'audit_time' || name === 'last_activity') return '2025-01-01T08:00:00.000Z'
      if (schema.format === 'date') return '2025-01-01'
      for (const [pattern, value] of HINTS) if (pattern.test(name)) return value
      return 'string'
    default:
      return null
  }
}

/** The subset of an OpenAPI 3.1 document the documentation screen reads. */

export interface SchemaObject {
  $ref?: string
  type?: string | string[]
  format?: string
  description?: string
  enum?: unknown[]
  const?: unknown
  example?: unknown
  examples?: unknown[]
  default?: unknown
  properties?: Record<string, SchemaObject>
  required?: string[]
  items?: SchemaObject
  oneOf?: SchemaObject[]
  anyOf?: SchemaObject[]
  allOf?: SchemaObject[]
  nullable?: boolean
  minimum?: number
}

interface ParameterObject {
  $ref?: string
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: SchemaObject
}

interface MediaObject {
  schema?: SchemaObject
  example?: unknown
  examples?: Record<string, { value?: unknown }>
}

interface OperationObject {
  tags?: string[]
  summary?: string
  description?: string
  operationId?: string
  parameters?: ParameterObject[]
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, MediaObject> }
  responses?: Record<string, { $ref?: string; description?: string; content?: Record<string, MediaObject> }>
  security?: Record<string, string[]>[]
  deprecated?: boolean
  /** Our server's extension: public, optional-user, user or admin. */
  'x-auth'?: string
}

export interface OpenApiDocument {
  openapi: string
  info: { title?: string; version?: string; description?: string; [ext: `x-${string}`]: unknown }
  servers?: { url: string; description?: string }[]
  tags?: { name: string; description?: string }[]
  paths?: Record<string, Record<string, OperationObject | unknown>>
  components?: { schemas?: Record<string, SchemaObject>; parameters?: Record<string, ParameterObject>; [key: string]: unknown }
  security?: Record<string, string[]>[]
}

export interface DocParam {
  name: string
  location: string
  type: string
  required: boolean
  description: string
}

export interface DocEndpoint {
  id: string
  method: string
  path: string
  title: string
  description: string
  /** True when a token is required (not merely optional). */
  auth: boolean
  /** How the endpoint authenticates, in words. */
  authText: string
  params: DocParam[]
  example: string
}

export interface DocGroup {
  name: string
  description: string
  endpoints: DocEndpoint[]
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

const AUTH_TEXT: Record<string, string> = {
  public: '无需认证',
  'optional-user': '可选（登录后返回个人状态）',
  user: '需要用户令牌（Bearer）',
  admin: '需要管理员令牌（Bearer）',
}

function resolveRef<T>(doc: OpenApiDocument, ref: string): T | undefined {
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = doc
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node as T | undefined
}

function deref(doc: OpenApiDocument, schema: SchemaObject | undefined, seen: Set<string> = new Set()): SchemaObject | undefined {
  if (!schema?.$ref) return schema
  if (seen.has(schema.$ref)) return {}
  seen.add(schema.$ref)
  return deref(doc, resolveRef<SchemaObject>(doc, schema.$ref), seen)
}

/** A readable type name: string, integer, array<string>, object, a | b, nullable with '?'. */
export function typeName(doc: OpenApiDocument, raw: SchemaObject | undefined): string {
  const schema = deref(doc, raw)
  if (!schema) return 'any'
  const variants = schema.oneOf ?? schema.anyOf
  if (variants) return [...new Set(variants.map((v) => typeName(doc, v)))].join(' | ')
  if (schema.allOf) return 'object'
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const main = types.filter((t) => t !== 'null')
  let name = main.length > 0 ? main.join(' | ') : schema.enum ? typeof schema.enum[0] : schema.properties ? 'object' : 'any'
  if (name === 'array') name = `array<${typeName(doc, schema.items)}>`
  if (schema.enum && schema.enum.length <= 8) name += ` (${schema.enum.map(String).join(', ')})`
  return name
}

/** An example value for a schema: its own example, else one built from its shape. */
export function exampleOf(doc: OpenApiDocument, raw: SchemaObject | undefined, depth = 0): unknown {
  const schema = deref(doc, raw)
  if (!schema || depth > 8) return null
  if (schema.example !== undefined) return schema.example
  if (schema.examples && schema.examples.length > 0) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  if (schema.allOf) {
    return schema.allOf.reduce<Record<string, unknown>>((acc, part) => {
      const value = exampleOf(doc, part, depth + 1)
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...acc, ...value } : acc
    }, {})
  }
  const variants = schema.oneOf ?? schema.anyOf
  if (variants) {
    const nonNull = variants.find((v) => deref(doc, v)?.type !== 'null') ?? variants[0]
    return exampleOf(doc, nonNull, depth + 1)
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const type = types.find((t) => t && t !== 'null') ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(doc, prop, depth + 1)
      return out
    }
    case 'array':
      return schema.items ? [exampleOf(doc, schema.items, depth + 1)] : []
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? schema.minimum : 0
    case 'boolean':
      return true
    case 'string':
      return schema.format === 'date-time' ? '2026-01-01T00:00:00.000Z' : schema.format === 'uri' ? '/uploads/example.jpg' : 'string'
    default:
      return null
  }
}

function paramsOf(doc: OpenApiDocument, op: OperationObject, shared: ParameterObject[]): DocParam[] {
  const params: DocParam[] = []
  for (const raw of [...shared, ...(op.parameters ?? [])]) {
    const p = raw.$ref ? resolveRef<ParameterObject>(doc, raw.$ref) : raw
    if (!p || p.in === 'cookie' || (p.in === 'header' && p.name.toLowerCase() === 'authorization')) continue
    const schema = deref(doc, p.schema)
    params.push({ name: p.name, location: p.in, type: typeName(doc, p.schema), required: Boolean(p.required), description: p.description ?? schema?.description ?? '' })
  }
  const body = op.requestBody?.content
  const media = body?.['application/json'] ?? body?.['multipart/form-data'] ?? (body ? Object.values(body)[0] : undefined)
  const schema = deref(doc, media?.schema)
  const bodyProps = schema?.properties ?? {}
  for (const [name, prop] of Object.entries(bodyProps)) {
    params.push({ name, location: 'body', type: typeName(doc, prop), required: Boolean(schema?.required?.includes(name)), description: deref(doc, prop)?.description ?? '' })
  }
  return params
}

function responseExample(doc: OpenApiDocument, op: OperationObject): string {
  const responses = op.responses ?? {}
  const key = Object.keys(responses).find((k) => k.startsWith('2')) ?? Object.keys(responses)[0]
  if (!key) return ''
  let response = responses[key]
  if (response?.$ref) response = resolveRef(doc, response.$ref) ?? response
  const media = response?.content?.['application/json'] ?? (response?.content ? Object.values(response.content)[0] : undefined)
  if (!media) return ''
  const value = media.example ?? (media.examples ? Object.values(media.examples)[0]?.value : undefined) ?? exampleOf(doc, media.schema)
  return JSON.stringify(value, null, 2)
}

function isOperation(value: unknown): value is OperationObject {
  return typeof value === 'object' && value !== null && ('responses' in value || 'summary' in value || 'operationId' in value)
}

/** Endpoints grouped by their first tag, in the document's tag order. */
export function buildGroups(doc: OpenApiDocument): DocGroup[] {
  const groups = new Map<string, DocGroup>()
  for (const tag of doc.tags ?? []) groups.set(tag.name, { name: tag.name, description: tag.description ?? '', endpoints: [] })
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = Array.isArray(item.parameters) ? (item.parameters as ParameterObject[]) : []
    for (const method of METHODS) {
      const op = item[method]
      if (!isOperation(op)) continue
      const tag = op.tags?.[0] ?? '其他'
      if (!groups.has(tag)) groups.set(tag, { name: tag, description: '', endpoints: [] })
      const security = op.security ?? doc.security ?? []
      const auth = security.length > 0 && security.every((s) => Object.keys(s).length > 0)
      const optional = security.length > 1 && security.some((s) => Object.keys(s).length === 0)
      groups.get(tag)!.endpoints.push({
        id: `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        title: op.summary ?? op.operationId ?? path,
        description: op.description ?? '',
        auth,
        authText: AUTH_TEXT[op['x-auth'] ?? ''] ?? (auth ? '需要 Bearer 令牌' : optional ? '可选（登录后返回个人状态）' : '无需认证'),
        params: paramsOf(doc, op, shared),
        example: responseExample(doc, op),
      })
    }
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0)
}

/** Endpoints whose path, title or description contains the term (case-insensitive). */
export function filterGroups(groups: DocGroup[], term: string): DocGroup[] {
  const q = term.trim().toLowerCase()
  if (q === '') return groups
  return groups
    .map((g) => ({ ...g, endpoints: g.endpoints.filter((e) => [e.path, e.title, e.description].some((s) => s.toLowerCase().includes(q))) }))
    .filter((g) => g.endpoints.length > 0)
}

/** Splits text around case-insensitive matches of the term, for highlighting. */
export function splitMatches(text: string, term: string): { text: string; match: boolean }[] {
  const q = term.trim().toLowerCase()
  if (q === '') return [{ text, match: false }]
  const parts: { text: string; match: boolean }[] = []
  const lower = text.toLowerCase()
  let from = 0
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false })
    parts.push({ text: text.slice(at, at + q.length), match: true })
    from = at + q.length
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false })
  return parts
}

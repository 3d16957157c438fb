import { generateSync, type JsonSchema as FakerSchema } from 'json-schema-faker'
import { prng } from '../../../support/prng'

/*
 * Requests generated from the OpenAPI document itself (json-schema-faker, seeded): for each operation, inputs
 * its schemas call valid and inputs that break one rule. The conformance suite sends them and checks every
 * reply against the same document.
 */

export type Schema = Record<string, unknown>

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required?: boolean
  schema?: Schema
}

export interface Operation {
  'x-auth': 'public' | 'optional-user' | 'user' | 'admin' | 'user-or-admin'
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: Schema }> }
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

export interface Document {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

export interface Case {
  kind: 'valid' | 'invalid'
  path: string
  query: Record<string, string>
  /** JSON body (undefined: none), or a multipart form (uploads). */
  json?: unknown
  form?: 'png' | 'garbage'
  /** The form's file field, as the document names it. */
  formField?: string
  /** A raw body sent as JSON that is not JSON. */
  raw?: string
}

/** A stable number from a string (FNV-1a), to give each operation its own seed. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** The schema with every `#/components/schemas/...` reference replaced by its target (bounded depth). */
export function inline(schema: unknown, components: Record<string, Schema>, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, depth))
  if (!schema || typeof schema !== 'object') return schema
  const ref = (schema as Schema).$ref
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    if (depth > 4) return {}
    return inline(components[ref.slice('#/components/schemas/'.length)], components, depth + 1)
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, depth)]))
}

function fake(schema: Schema | undefined, seed: number): unknown {
  if (!schema) return undefined
  return generateSync(schema as FakerSchema, { seed, optionalsProbability: 0.5, useDefaultValue: false, maxItems: 3, maxLength: 24, failOnInvalidTypes: false })
}

const asQueryValue = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v))

const WRONG_VALUES = ['abc', '-1', '0', 'a\u0000b', 'x'.repeat(300), '1e3']

/** A value the parameter's schema refuses (or one that names nothing), chosen by the seed. */
function wrongParam(schema: Schema | undefined, random: () => number): string {
  const type = schema?.type
  if (type === 'integer' || type === 'number') return ['abc', '0', '-1', '1.5', '99999999999999'][Math.floor(random() * 5)]!
  if (Array.isArray(schema?.enum)) return 'zz-not-in-enum'
  return WRONG_VALUES[Math.floor(random() * WRONG_VALUES.length)]!
}

/** One rule of a JSON body broken: a field of the wrong type, too long, with a control character, or no object. */
function wrongBody(schema: Schema | undefined, valid: unknown, random: () => number): unknown {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>
  const names = Object.keys(properties)
  if (!names.length || !valid || typeof valid !== 'object') return random() < 0.5 ? [] : 'not an object'
  const name = names[Math.floor(random() * names.length)]!
  const prop = properties[name]!
  const isText = prop.type === 'string' || (Array.isArray(prop.type) && prop.type.includes('string'))
  const wrong = isText ? [12345, 'a\u0000b', 'x'.repeat(6000)][Math.floor(random() * 3)] : random() < 0.5 ? 'abc' : { nested: true }
  return { ...(valid as Record<string, unknown>), [name]: wrong }
}

/**
 * `count` valid cases and one invalid case of an operation. `ids` supplies path values that name existing
 * rows (so valid cases reach past the 404); anything else is generated from the parameter's schema.
 */
export function casesFor(document: Document, path: string, method: string, op: Operation, seed: number, ids: (path: string, name: string) => string | undefined, count: number): Case[] {
  const random = prng(seed)
  const schemaOf = (s: Schema | undefined) => inline(s, document.components.schemas) as Schema | undefined
  const params = op.parameters ?? []
  const jsonBody = schemaOf(op.requestBody?.content['application/json']?.schema)
  const formSchema = op.requestBody?.content['multipart/form-data']?.schema
  const multipart = formSchema !== undefined
  const formField = Object.keys((formSchema?.properties ?? {}) as Schema)[0]
  const build = (n: number): Case => {
    const query: Record<string, string> = {}
    let concrete = path
    for (const p of params) {
      const schema = schemaOf(p.schema)
      if (p.in === 'path') {
        const value = ids(path, p.name) ?? asQueryValue(fake(schema, seed + n)) ?? '1'
        concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(value))
      } else if (p.required || random() < 0.5) {
        const value = asQueryValue(fake(schema, seed + n + hash(p.name)))
        if (value !== undefined) query[p.name] = value
      }
    }
    return { kind: 'valid', path: concrete, query, json: jsonBody ? fake(jsonBody, seed + n) : undefined, form: multipart ? 'png' : undefined, formField }
  }
  const valid = Array.from({ length: count }, (_, n) => build(n))
  const broken: Case = { ...build(count), kind: 'invalid' }
  const pathParams = params.filter((p) => p.in === 'path')
  const queryParams = params.filter((p) => p.in === 'query')
  const choice = random()
  if (pathParams.length && (choice < 0.4 || (!jsonBody && !queryParams.length))) {
    const p = pathParams[Math.floor(random() * pathParams.length)]!
    broken.path = path.replace(`{${p.name}}`, encodeURIComponent(wrongParam(schemaOf(p.schema), random)))
    for (const other of pathParams) broken.path = broken.path.replace(`{${other.name}}`, encodeURIComponent(ids(path, other.name) ?? '1'))
  } else if (jsonBody && (choice < 0.8 || !queryParams.length)) {
    if (random() < 0.2) broken.raw = '{"unterminated": '
    else broken.json = wrongBody(jsonBody, broken.json, random)
  } else if (queryParams.length) {
    const p = queryParams[Math.floor(random() * queryParams.length)]!
    broken.query = { ...broken.query, [p.name]: wrongParam(schemaOf(p.schema), random) }
  } else if (multipart) broken.form = 'garbage'
  else if (method !== 'get') broken.raw = '{"unterminated": '
  else return valid
  return [...valid, broken]
}

/** The variants of a schema: its anyOf / oneOf members, or itself. */
function variants(schema: Schema): Schema[] {
  const list = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  return list ? list.flatMap(variants) : [schema]
}

/**
 * Values just outside the limits a schema declares (Schemathesis-style negative data): one past each length,
 * range and list size, a value outside an enum, a control character where a pattern refuses them. The caller
 * keeps those its validator confirms the whole schema refuses (another variant may take them).
 */
export function valuesOutside(schema: Schema): unknown[] {
  const out: unknown[] = []
  for (const v of variants(schema)) {
    const type = v.type
    if (Array.isArray(v.enum)) out.push(typeof v.enum[0] === 'number' ? 987654 : 'zz-not-in-enum')
    if (type === 'string') {
      if (typeof v.maxLength === 'number') out.push('a'.repeat(v.maxLength + 1))
      if (typeof v.minLength === 'number' && v.minLength > 0) out.push('a'.repeat(v.minLength - 1))
      if (typeof v.pattern === 'string') out.push('ab\u0001c', 'ab\u202ec', '%%%')
    }
    if (type === 'integer' || type === 'number') {
      if (typeof v.maximum === 'number') out.push(v.maximum + 1)
      if (typeof v.minimum === 'number') out.push(v.minimum - 1)
      if (typeof v.exclusiveMinimum === 'number') out.push(v.exclusiveMinimum)
      if (type === 'integer') out.push(1.5)
    }
    if (type === 'array' && typeof v.maxItems === 'number') out.push(Array.from({ length: v.maxItems + 1 }, (_, i) => `v${i}`))
  }
  return out
}

/** Values exactly at the limits a schema declares (Schemathesis-style positive data): the caller keeps those its validator accepts. */
export function valuesAtLimits(schema: Schema): unknown[] {
  const out: unknown[] = []
  for (const v of variants(schema)) {
    if (v.type === 'string') {
      if (typeof v.maxLength === 'number') out.push('a'.repeat(v.maxLength), '字'.repeat(v.maxLength))
      if (typeof v.minLength === 'number' && v.minLength > 0) out.push('a'.repeat(v.minLength), '字'.repeat(v.minLength))
    }
    if (v.type === 'integer' || v.type === 'number') {
      if (typeof v.maximum === 'number') out.push(v.maximum)
      if (typeof v.minimum === 'number') out.push(v.minimum)
    }
  }
  return out
}

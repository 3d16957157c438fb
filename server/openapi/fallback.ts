import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'

/*
 * zod-to-openapi cannot express a few zod constructs the contract uses (z.undefined() inside a union,
 * recursive z.lazy() schemas such as a comment with its replies). Such schemas are converted with zod's own
 * JSON Schema output instead (draft 2020-12, which OpenAPI 3.1 uses), their $defs hoisted into
 * components.schemas so that references resolve inside the document.
 */

export type JsonSchema = Record<string, unknown>
type Parameters = NonNullable<RouteConfig['parameters']>

const compatible = new WeakMap<z.ZodType, boolean>()

/**
 * zod types zod-to-openapi cannot document: z.lazy() (recursive shapes, on which it recurses forever) and
 * z.undefined() (used in unions to give a missing field its own message).
 */
const UNSUPPORTED = new Set(['lazy', 'undefined'])

function containsUnsupported(value: unknown, seen = new Set<unknown>()): boolean {
  if (!value || typeof value !== 'object' || seen.has(value)) return false
  seen.add(value)
  if (value instanceof z.ZodType) {
    const def = value._zod.def as unknown as Record<string, unknown>
    return UNSUPPORTED.has(String(def.type)) || Object.values(def).some((v) => containsUnsupported(v, seen))
  }
  const values: unknown[] = Array.isArray(value) ? value : Object.values(value)
  return values.some((v) => containsUnsupported(v, seen))
}

/** Whether zod-to-openapi can document this schema (cached per schema object). */
export function supported(schema: z.ZodType): boolean {
  let ok = compatible.get(schema)
  if (ok === undefined) compatible.set(schema, (ok = !containsUnsupported(schema)))
  return ok
}

let defCounter = 0

/** JSON Schema of `schema` with its $defs moved to components (registered on `registry`). */
export function jsonSchema(registry: OpenAPIRegistry, schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref' }) as JsonSchema
  delete json.$schema
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>
  delete json.$defs
  const names = new Map<string, string>()
  for (const key of Object.keys(defs)) names.set(key, `Schema${++defCounter}`)
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (!value || typeof value !== 'object') return value
    const out: JsonSchema = {}
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${names.get(v.slice(8)) ?? v.slice(8)}` : rewrite(v)
    }
    return out
  }
  for (const [key, def] of Object.entries(defs)) registry.registerComponent('schemas', names.get(key)!, rewrite(def) as JsonSchema)
  return rewrite(json) as JsonSchema
}

/** Query parameters from a query schema zod-to-openapi cannot read. */
export function queryParameters(registry: OpenAPIRegistry, schema: z.ZodType): Parameters {
  const json = jsonSchema(registry, schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, prop]) => ({
    name,
    in: 'query',
    required: required.has(name) && prop.default === undefined,
    schema: prop,
    ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
  })) as Parameters
}

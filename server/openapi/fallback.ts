import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { declareTextRules, refinementPattern, TEXT_PATTERN, trimmedMinimum, TRIMMED_MIN } from './text-patterns'

/*
 * Request and reply schemas are converted with zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1
 * uses): it reads every construct the contract uses (z.lazy() comment trees, z.undefined() in unions, pipes),
 * which zod-to-openapi does not. Their $defs are hoisted into components.schemas so references resolve.
 */

export type JsonSchema = Record<string, unknown>
export type Parameters = NonNullable<RouteConfig['parameters']>

let defCounter = 0

type PipeDef = { type: string; in?: z.ZodType; out?: z.ZodType }
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as PipeDef

/** A transform, or a pipe that begins (z.preprocess) or ends (`z.unknown().transform(f)`) in one. */
function opaque(schema: z.ZodType, side: 'in' | 'out'): boolean {
  const def = defOf(schema)
  if (def.type === 'transform') return true
  const next = def[side]
  return def.type === 'pipe' && !!next && opaque(next, side)
}

/** The input side of this pipe is a function's work (its input unknown, or its output): the pipe's target says what is accepted. */
const describedByTarget = (input: z.ZodType) => opaque(input, 'in') || opaque(input, 'out')

/**
 * zod's JSON Schema, with what a request must satisfy where zod alone would say nothing: a z.preprocess()
 * (digits read as numbers, blank strings as null) or a normalising transform (sort order lower-cased) is
 * described by the schema it feeds, so page and limit
 * keep their bounds and ids their range; defaults are kept. A schema whose meta says `x-string-form`
 * (interests: a comma-separated or JSON-array string is normalised to the list) also accepts a string; one
 * whose meta says `x-input-also` (a JSON Schema) accepts that too (a blank string that clears the field).
 */
function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as unknown as { type: string; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown }
      const json = ctx.jsonSchema as JsonSchema
      if (io === 'input' && def.type === 'pipe' && def.out && def.in && describedByTarget(def.in)) {
        const out = toJson(def.out, 'input')
        delete out.$schema
        const integer = json.type === 'integer' || out.type === 'integer'
        Object.assign(json, out)
        if (integer) json.type = 'integer'
      }
      const text = io === 'input' ? refinementPattern(ctx.zodSchema) : undefined
      if (text) json[TEXT_PATTERN] = text
      const trimmedMin = io === 'input' && json.type === 'string' ? trimmedMinimum(ctx.zodSchema, json.minLength) : undefined
      if (trimmedMin) json[TRIMMED_MIN] = trimmedMin
      if (def.type === 'default' && json.default === undefined && ['string', 'number', 'boolean'].includes(typeof def.defaultValue)) json.default = def.defaultValue
      // A request may also send what `x-input-also` says (a blank string that clears a field): offered as an alternative.
      const also = json['x-input-also'] as JsonSchema | undefined
      if (also) {
        delete json['x-input-also']
        if (io === 'input') {
          const { description, ...target } = json
          for (const key of Object.keys(json)) delete json[key]
          Object.assign(json, { anyOf: [target, also] }, description ? { description } : {})
        }
      }
      const stringForm = json['x-string-form']
      if (typeof stringForm === 'string') {
        const { description, 'x-string-form': _form, ...list } = json
        for (const key of Object.keys(json)) delete json[key]
        Object.assign(json, { anyOf: [list, { type: 'string', description: stringForm }] }, description ? { description } : {})
      }
    },
  }) as JsonSchema
}

/** JSON Schema of `schema` with its $defs moved to components (registered on `registry`). */
export function jsonSchema(registry: OpenAPIRegistry, schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = toJson(schema, io)
  delete json.$schema
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>
  delete json.$defs
  if (io === 'input') for (const node of [json, ...Object.values(defs)]) declareTextRules(node)
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

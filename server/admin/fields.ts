import { z } from 'zod'

/**
 * A listed field of an admin resource: the SQL expression it is selected from (joins included) and its
 * kind, which fixes both how the raw database value is normalised (SQLite returns 0/1 and UTC strings,
 * PostgreSQL/MySQL return booleans and Dates) and the field's schema in the OpenAPI document.
 */
export type FieldKind = 'int' | 'str' | 'bool' | 'date' | 'list'

export interface FieldDef {
  sql: string
  kind: FieldKind
  nullable: boolean
  description?: string
}

const field =
  (kind: FieldKind) =>
  (sql: string, options: { nullable?: boolean; description?: string } = {}): FieldDef => ({ sql, kind, nullable: options.nullable ?? false, description: options.description })

/** Field constructors used by the resource declarations: `int('p.like_count')`, `str('u.user_id', { nullable: true })`. */
export const int = field('int')
export const str = field('str')
export const bool = field('bool')
export const date = field('date')
/** A JSON list stored as text (users.interests). */
export const list = field('list')

export type Fields = Record<string, FieldDef>

/** Database datetimes are UTC; SQLite hands them back as 'YYYY-MM-DD HH:MM:SS.sss' without a zone. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text)
  const parsed = new Date(hasZone ? text : `${text.replace(' ', 'T')}Z`)
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString()
}

function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true'
}

function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value !== 'string' || !value) return []
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

function normalise(def: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return def.kind === 'list' ? [] : def.nullable ? null : def.kind === 'bool' ? false : null
  switch (def.kind) {
    case 'int':
      return Number(value)
    case 'str':
      return String(value)
    case 'bool':
      return toBool(value)
    case 'date':
      return toIso(value)
    case 'list':
      return toList(value)
  }
}

export type Row = Record<string, unknown>

/** Raw rows (aliased by field name) → reply rows with exactly the declared fields, normalised. */
export function present(fields: Fields, raw: Row): Row {
  const row: Row = {}
  for (const [name, def] of Object.entries(fields)) row[name] = normalise(def, raw[name])
  return row
}

/** The zod schema of one field's value in a reply (for the OpenAPI document). */
function fieldSchema(def: FieldDef): z.ZodType {
  const base: z.ZodType =
    def.kind === 'int'
      ? z.number().int()
      : def.kind === 'bool'
        ? z.boolean()
        : def.kind === 'date'
          ? z.iso.datetime()
          : def.kind === 'list'
            ? z.array(z.string())
            : z.string()
  const described = def.description ? base.describe(def.description) : base
  return def.nullable ? described.nullable() : described
}

/** The reply row schema: declared fields plus any fields the resource adds in a second, batched query. */
export function rowSchema(fields: Fields, extra: Record<string, z.ZodType> = {}): z.ZodObject {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, def] of Object.entries(fields)) shape[name] = fieldSchema(def)
  return z.object({ ...shape, ...extra })
}

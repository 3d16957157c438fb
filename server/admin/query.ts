import { Brackets, In, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm'
import type { z } from 'zod'
import { ADMIN_LIST_KEYS, adminListQuery, flagFilter, intFilter, textFilter } from '../contract/admin/list'
import type { AppDeps } from '../deps'
import { pagination, type Pagination } from '../presenters/list'
import { present, type FieldDef, type Row } from './fields'
import type { AdminResource, FilterDef } from './resource'

/** The filter a listed field implies: exact for numbers and flags, case-insensitive substring for text. */
function impliedFilter(field: FieldDef): FilterDef | null {
  if (field.kind === 'int') return { sql: field.sql, schema: intFilter }
  if (field.kind === 'bool') return { sql: field.sql, schema: flagFilter }
  if (field.kind === 'str' || field.kind === 'list') return { sql: field.sql, schema: textFilter, op: 'like' }
  return null // dates: date_from / date_to
}

const filterCache = new WeakMap<AdminResource, Record<string, FilterDef>>()

/**
 * Every filter a resource's list honours: each listed field by its own name (so a client following the spec
 * can filter `user_id` on users, `title` on posts, `content` on comments, `title` on notifications, ... as
 * its tables name the columns), with the resource's declared filters taking precedence. The shared dialect's
 * keys (page, search, user_display_id, sortField, ...) keep their own meaning.
 */
export function filtersOf(def: AdminResource): Record<string, FilterDef> {
  let filters = filterCache.get(def)
  if (!filters) {
    filters = {}
    for (const [name, field] of Object.entries(def.fields)) {
      const implied = ADMIN_LIST_KEYS.has(name) ? null : impliedFilter(field)
      if (implied) filters[name] = implied
    }
    Object.assign(filters, def.filters)
    filterCache.set(def, filters)
  }
  return filters
}

/** The list query of one resource: the shared dialect plus its filters and sortField allow-list. */
export function listQuerySchema(def: AdminResource) {
  const filters: Record<string, z.ZodType> = {}
  for (const [name, filter] of Object.entries(filtersOf(def))) filters[name] = filter.schema
  return adminListQuery(def.sortable, filters, { dated: 'created_at' in def.fields, byUser: !!def.userDisplayId, searchable: !!def.search?.length })
}

export interface ListQuery {
  page: number
  limit: number
  search?: string
  user_display_id?: string
  sortField?: string
  sortOrder?: 'asc' | 'desc'
  order?: 'asc' | 'desc'
  date_from?: string
  date_to?: string
  [filter: string]: unknown
}

/** LIKE pattern for a substring, with the escape character '!' (portable across the three engines). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`
}

function baseQuery(deps: AppDeps, def: AdminResource, scoped = true): SelectQueryBuilder<ObjectLiteral> {
  const qb = deps.db.getRepository(def.entity).createQueryBuilder(def.alias)
  if (scoped && def.scope) qb.where(def.scope)
  return def.joins ? def.joins(qb) : qb
}

function selectFields(qb: SelectQueryBuilder<ObjectLiteral>, def: AdminResource): SelectQueryBuilder<ObjectLiteral> {
  qb.select([])
  for (const [name, field] of Object.entries(def.fields)) qb.addSelect(field.sql, name)
  return qb
}

/** A day ('2025-01-31') as the end bound includes that whole day. */
function endOf(value: string): Date {
  const d = new Date(value)
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) d.setUTCDate(d.getUTCDate() + 1)
  return d
}

function applyFilters(qb: SelectQueryBuilder<ObjectLiteral>, def: AdminResource, q: ListQuery): void {
  for (const [name, filter] of Object.entries(filtersOf(def))) {
    const value = q[name]
    if (value === undefined) continue
    const param = `f_${name}`
    if (filter.where) {
      const condition = filter.where(value)
      qb.andWhere(condition.sql, condition.params)
      continue
    }
    if (filter.op === 'like') qb.andWhere(`LOWER(${filter.sql}) LIKE :${param} ESCAPE '!'`, { [param]: likePattern(String(value)) })
    else qb.andWhere(`${filter.sql} = :${param}`, { [param]: value })
  }
  if (q.search && def.search?.length) {
    const columns = def.search
    qb.andWhere(
      new Brackets((w) => {
        for (const sql of columns) w.orWhere(`LOWER(${sql}) LIKE :search ESCAPE '!'`)
      }),
      { search: likePattern(q.search) },
    )
  }
  if (q.user_display_id && def.userDisplayId) qb.andWhere(`${def.userDisplayId} = :udid`, { udid: q.user_display_id })
  if (q.date_from) qb.andWhere(`${def.alias}.created_at >= :date_from`, { date_from: new Date(q.date_from) })
  if (q.date_to) {
    const inclusive = !/^\d{4}-\d{2}-\d{2}$/.test(q.date_to)
    qb.andWhere(`${def.alias}.created_at ${inclusive ? '<=' : '<'} :date_to`, { date_to: endOf(q.date_to) })
  }
}

function applySort(qb: SelectQueryBuilder<ObjectLiteral>, def: AdminResource, q: ListQuery): void {
  const fallback = def.defaultSort ?? { field: 'id', order: 'desc' as const }
  const field = q.sortField ?? fallback.field
  const order = (q.sortOrder ?? q.order ?? (q.sortField ? 'asc' : fallback.order)).toUpperCase() as 'ASC' | 'DESC'
  const sql = def.fields[field]?.sql ?? `${def.alias}.id`
  qb.orderBy(sql, order)
  if (field !== 'id') qb.addOrderBy(`${def.alias}.id`, order)
}

async function expand(deps: AppDeps, def: AdminResource, rows: Row[]): Promise<Row[]> {
  if (def.expand && rows.length) await def.expand.load(deps, rows)
  return rows
}

/** One page of a resource: a count and a page query, plus the resource's batched expansions. */
export async function listRows(deps: AppDeps, def: AdminResource, q: ListQuery): Promise<{ rows: Row[]; pagination: Pagination }> {
  const filtered = baseQuery(deps, def)
  applyFilters(filtered, def, q)
  const total = await filtered.clone().getCount()
  const page = selectFields(filtered, def)
  applySort(page, def, q)
  const raw = await page.offset((q.page - 1) * q.limit).limit(q.limit).getRawMany<Row>()
  const rows = await expand(deps, def, raw.map((r) => present(def.fields, r)))
  return { rows, pagination: pagination(q.page, q.limit, total) }
}

/** One row by id, or null; `scoped: false` reads it even outside the resource's scope. */
export async function findRow(deps: AppDeps, def: AdminResource, id: number, scoped = true): Promise<Row | null> {
  const qb = selectFields(baseQuery(deps, def, scoped), def).andWhere(`${def.alias}.id = :id`, { id })
  const raw = await qb.getRawOne<Row>()
  if (!raw) return null
  const [row] = await expand(deps, def, [present(def.fields, raw)])
  return row ?? null
}

/** Which of the given ids exist. */
export async function existingIds(deps: AppDeps, def: AdminResource, ids: number[]): Promise<number[]> {
  if (def.scope) {
    const qb = deps.db.getRepository(def.entity).createQueryBuilder(def.alias).select(`${def.alias}.id`, 'id').where(def.scope).andWhere(`${def.alias}.id IN (:...ids)`, { ids })
    return (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id))
  }
  const rows = await deps.db.getRepository(def.entity).find({ select: { id: true }, where: { id: In(ids) } })
  return rows.map((r) => Number((r as { id: number }).id))
}

import type { SelectQueryBuilder, EntityTarget, ObjectLiteral } from 'typeorm'
import type { z } from 'zod'
import type { AuthAdmin } from '../auth/middleware'
import type { AppDeps } from '../deps'
import type { Fields, Row } from './fields'

/** What a write command gets: the dependencies and the administrator acting. */
export interface AdminWrite {
  deps: AppDeps
  admin: AuthAdmin
}

export interface FilterDef {
  /** SQL expression compared with the value (unless `where` builds the condition). */
  sql: string
  /**
   * Builds the whole condition from the parsed value, with its own named parameters (a filter that needs
   * more than one comparison or the current time, e.g. users' ban_status).
   */
  where?: (value: unknown) => { sql: string; params: Record<string, unknown> }
  /** Parses the query-string value. */
  schema: z.ZodType
  /** eq (default) or like (case-insensitive substring). */
  op?: 'eq' | 'like'
}

/** An extra route of one resource beyond the generic five, e.g. PUT /admin/audit/:id/approve. */
export interface ResourceAction {
  method: 'put' | 'post'
  /** Suffix after `/:id`, e.g. '/approve'. */
  path: string
  summary: string
  /** Audit-log action name. */
  action: string
  body: z.ZodType
  message: string
  /** May return what the audit entry should say beyond the action, the id and the touched field names. */
  run(write: AdminWrite, id: number, input: unknown): Promise<void | ActionAudit>
}

/** What an action adds to its audit entry: the reason given and any detail (e.g. the reports it closed). */
export interface ActionAudit {
  note?: string
  detail?: Record<string, unknown>
}

/**
 * A read of one row that is itself an audited act (POST /admin/audit/:id/reveal): its own reply shape;
 * `run` records the audit entry itself, in the transaction that reads.
 */
export interface ResourceReveal {
  path: string
  summary: string
  message: string
  data: z.ZodType
  run(write: AdminWrite, id: number): Promise<unknown>
}

export interface ResourceCreate {
  body: z.ZodType
  run(write: AdminWrite, input: unknown): Promise<number>
}

export interface ResourceUpdate {
  body: z.ZodType
  /** May return a new id when the edit replaces the row (a like moved to another target is a new like). */
  run(write: AdminWrite, id: number, input: unknown): Promise<number | void>
}

/**
 * One admin resource, declared once: where its rows come from, the listed fields (the presenter), list
 * filters, the sort allow-list and the domain commands behind create / update / delete. The mechanism in
 * ./routes.ts serves every resource from this; server/openapi documents it from the same declaration.
 */
export interface AdminResource {
  /** Path segment under /admin, and the audit-log resource name. */
  name: string
  /** Chinese noun for messages: '{label}创建成功', '{label}不存在'. */
  label: string
  /** What the resource is, for the API documentation. */
  description: string
  entity: EntityTarget<ObjectLiteral>
  /** Alias of the main table in `fields` / `filters` SQL. */
  alias: string
  /**
   * A condition every row of the resource meets (SQL on `alias`), for a resource that is a view of a table:
   * the held notes of /admin/posts-audit. Lists, reads and the existence checks of writes honour it; the
   * reply of an action re-reads the row without it (approving a held note takes it out of the view).
   */
  scope?: string
  /** Many-to-one joins the listed fields need (never row-multiplying). */
  joins?: (qb: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral>
  fields: Fields
  /** Fields loaded for a page of rows in a fixed number of extra queries (tags, media). */
  expand?: { schema: Record<string, z.ZodType>; load(deps: AppDeps, rows: Row[]): Promise<void> }
  filters?: Record<string, FilterDef>
  /** Columns `search` matches (substring, any of them). */
  search?: string[]
  /** Column `user_display_id` matches (exactly). */
  userDisplayId?: string
  /** Field names allowed as sortField; the first entry must exist in `fields`. */
  sortable: readonly [string, ...string[]]
  defaultSort?: { field: string; order: 'asc' | 'desc' }
  create?: ResourceCreate
  update?: ResourceUpdate
  /** Deletes existing rows (ids already checked to exist) through the domain commands. */
  remove?(write: AdminWrite, ids: number[]): Promise<void>
  actions?: ResourceAction[]
  reveals?: ResourceReveal[]
}

/** Typed helpers so each declaration's commands see their parsed body type (the mechanism parses first). */
export function createWith<S extends z.ZodType>(body: S, run: (write: AdminWrite, input: z.output<S>) => Promise<number>): ResourceCreate {
  return { body, run: (write, input) => run(write, input as z.output<S>) }
}

export function updateWith<S extends z.ZodType>(body: S, run: (write: AdminWrite, id: number, input: z.output<S>) => Promise<number | void>): ResourceUpdate {
  return { body, run: (write, id, input) => run(write, id, input as z.output<S>) }
}

export function actionWith<S extends z.ZodType>(
  spec: Omit<ResourceAction, 'body' | 'run'> & { body: S; run: (write: AdminWrite, id: number, input: z.output<S>) => Promise<void | ActionAudit> },
): ResourceAction {
  return { ...spec, run: (write, id, input) => spec.run(write, id, input as z.output<S>) }
}

import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentAdmin, requireAdmin } from '../auth/middleware'
import { idParams } from '../contract/common'
import { batchDeleteBody, type BatchDeleteBody } from '../contract/admin/list'
import type { AppDeps } from '../deps'
import { ok } from '../http/envelope'
import { listPage } from '../presenters/list'
import { NotFound } from '../errors'
import { validate, validated } from '../http/middlewares/validate'
import { recordAdminAction, touchedFields } from './audit-log'
import { existingIds, findRow, listQuerySchema, listRows, type ListQuery } from './query'
import type { AdminResource, AdminWrite } from './resource'
import { known, msg } from '../i18n/message'

type IdParams = { id: number }

const writer = (deps: AppDeps, ctx: Context): AdminWrite => ({ deps, admin: currentAdmin(ctx) })

async function mustExist(deps: AppDeps, def: AdminResource, id: number): Promise<void> {
  if (!(await existingIds(deps, def, [id])).length) throw NotFound(msg('{label}不存在', { label: known(def.label) }))
}

async function reread(deps: AppDeps, def: AdminResource, id: number, scoped = true) {
  const row = await findRow(deps, def, id, scoped)
  if (!row) throw NotFound(msg('{label}不存在', { label: known(def.label) }))
  return row
}

/**
 * The one mechanism behind every admin resource (admin-back-office.md §7): list, read, create, update,
 * delete and batch delete at `base`, plus the resource's own actions. Every write is recorded in the
 * admin audit log. Operations a resource does not declare are not routed.
 */
export function mountResource(router: Router, deps: AppDeps, base: string, def: AdminResource): void {
  const auth = requireAdmin(deps)
  const { create, update, remove } = def

  router.get(base, auth, validate({ query: listQuerySchema(def) }), async (ctx) => {
    const { rows, pagination } = await listRows(deps, def, validated<ListQuery>(ctx).query)
    ok(ctx, listPage('data', rows, pagination))
  })

  router.get(`${base}/:id`, auth, validate({ params: idParams }), async (ctx) => {
    ok(ctx, await reread(deps, def, validated<never, never, IdParams>(ctx).params.id))
  })

  if (create) {
    router.post(base, auth, validate({ body: create.body }), async (ctx) => {
      const { body } = validated(ctx)
      const write = writer(deps, ctx)
      const id = await create.run(write, body)
      await recordAdminAction(deps, write.admin, { action: 'create', resource: def.name, ids: [id], fields: touchedFields(body) })
      ok(ctx, await reread(deps, def, id), msg('{label}创建成功', { label: known(def.label) }))
    })
  }

  if (update) {
    router.put(`${base}/:id`, auth, validate({ params: idParams, body: update.body }), async (ctx) => {
      const { body, params } = validated<never, unknown, IdParams>(ctx)
      await mustExist(deps, def, params.id)
      const write = writer(deps, ctx)
      const replaced = await update.run(write, params.id, body)
      const id = typeof replaced === 'number' ? replaced : params.id
      await recordAdminAction(deps, write.admin, { action: 'update', resource: def.name, ids: id === params.id ? [id] : [params.id, id], fields: touchedFields(body) })
      ok(ctx, await reread(deps, def, id), '更新成功')
    })
  }

  for (const action of def.actions ?? []) {
    router[action.method](`${base}/:id${action.path}`, auth, validate({ params: idParams, body: action.body }), async (ctx) => {
      const { body, params } = validated<never, unknown, IdParams>(ctx)
      await mustExist(deps, def, params.id)
      const write = writer(deps, ctx)
      const audit = await action.run(write, params.id, body)
      await recordAdminAction(deps, write.admin, { action: action.action, resource: def.name, ids: [params.id], fields: touchedFields(body), ...(audit ?? {}) })
      ok(ctx, await reread(deps, def, params.id, false), action.message)
    })
  }

  for (const reveal of def.reveals ?? []) {
    router.post(`${base}/:id${reveal.path}`, auth, validate({ params: idParams }), async (ctx) => {
      const { id } = validated<never, never, IdParams>(ctx).params
      ok(ctx, await reveal.run(writer(deps, ctx), id), reveal.message)
    })
  }

  if (remove) {
    router.delete(`${base}/:id`, auth, validate({ params: idParams }), async (ctx) => {
      const { id } = validated<never, never, IdParams>(ctx).params
      await mustExist(deps, def, id)
      const write = writer(deps, ctx)
      await remove(write, [id])
      await recordAdminAction(deps, write.admin, { action: 'delete', resource: def.name, ids: [id] })
      ok(ctx, { deletedCount: 1 }, '删除成功')
    })

    router.delete(base, auth, validate({ body: batchDeleteBody }), async (ctx) => {
      const { ids } = validated<never, BatchDeleteBody>(ctx).body
      const found = await existingIds(deps, def, [...new Set(ids)])
      if (!found.length) throw NotFound(msg('{label}不存在', { label: known(def.label) }))
      const write = writer(deps, ctx)
      await remove(write, found)
      await recordAdminAction(deps, write.admin, { action: 'batch-delete', resource: def.name, ids: found })
      ok(ctx, { deletedCount: found.length }, msg('成功删除{count}项', { count: found.length }))
    })
  }
}

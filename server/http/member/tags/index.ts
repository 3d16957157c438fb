import type Router from '@koa/router'
import type { Context } from 'koa'
import { hotTagsQuery, tagListQuery, type TagListQuery } from '../../../contract/search'
import { readerFor } from '../../../db/reader'
import type { AppDeps } from '../../../deps'
import { hotTags, listTags } from '../../../domain/tags'
import { ok } from '../../envelope'
import { validate, validated } from '../../middlewares/validate'
import { publicCache } from '../../middlewares/public-cache'

/**
 * GET /tags (most used first, optional keyword, page / limit) and GET /tags/hot (limit, default 10): both
 * reply the same plain list of {id, name, use_count}, what a tag box filters (docs/decisions.md).
 */
export function registerTagRoutes(router: Router, deps: AppDeps): void {
  router.get('/tags', publicCache(), validate({ query: tagListQuery }), async (ctx: Context) => {
    const { query } = validated<TagListQuery>(ctx)
    ok(ctx, await listTags(readerFor(deps.db), { keyword: query.keyword, limit: query.limit, offset: (query.page - 1) * query.limit }))
  })
  router.get('/tags/hot', publicCache(), validate({ query: hotTagsQuery }), async (ctx: Context) => {
    const { query } = validated<{ limit: number }>(ctx)
    ok(ctx, await hotTags(readerFor(deps.db), query.limit))
  })
}

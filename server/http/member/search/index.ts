import type Router from '@koa/router'
import type { Context } from 'koa'
import { optionalUser, viewer } from '../../../auth/middleware'
import { searchPostsQuery, searchQuery, suggestQuery, type SearchPostsQuery, type SearchQuery, type SuggestQuery } from '../../../contract/search'
import { readerFor } from '../../../db/reader'
import { kindOf } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import { ok } from '../../envelope'
import { validate, validated } from '../../middlewares/validate'
import { publicCache } from '../../middlewares/public-cache'
import { lookupLimit } from '../../middlewares/rate-limit'
import { listPage, pagination } from '../../../presenters/list'
import { runSearch, searchNotes } from '../../../search/run'
import { suggest } from '../../../search/suggest'

/** GET /search (tabs all / posts / videos / users, keyword and/or tag), GET /search/posts (member §7), GET /search/suggest. */
export function registerSearchRoutes(router: Router, deps: AppDeps): void {
  const maybe = optionalUser(deps)
  router.get('/search', publicCache(), lookupLimit(deps), maybe, validate({ query: searchQuery }), async (ctx: Context) => {
    const { query } = validated<SearchQuery>(ctx)
    ok(ctx, await runSearch(readerFor(deps.db), kindOf(deps.db), query, viewer(ctx)))
  })
  router.get('/search/posts', publicCache(), lookupLimit(deps), maybe, validate({ query: searchPostsQuery }), async (ctx: Context) => {
    const { query } = validated<SearchPostsQuery>(ctx)
    const found = await searchNotes(readerFor(deps.db), kindOf(deps.db), { keyword: query.keyword, type: null }, query.page, query.limit, viewer(ctx))
    ok(ctx, { ...listPage('posts', found.cards, pagination(query.page, query.limit, found.total)), tagStats: found.stats })
  })
  // Suggestions while typing (issue 38): tags, people and note titles for what has been typed so far.
  router.get('/search/suggest', publicCache(), lookupLimit(deps), maybe, validate({ query: suggestQuery }), async (ctx: Context) => {
    const { query } = validated<SuggestQuery>(ctx)
    ok(ctx, await suggest(readerFor(deps.db), kindOf(deps.db), query.q, viewer(ctx)))
  })
}

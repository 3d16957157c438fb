import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import type { SuggestionsQuery } from '../../../contract/following'
import { readerFor } from '../../../db/reader'
import type { AppDeps } from '../../../deps'
import { suggestPeople } from '../../../domain/suggestions'
import { ok } from '../../envelope'
import { validated } from '../../middlewares/validate'
import { localeOf } from '../../locale'

/** GET /users/suggestions: people to follow, for the empty 关注 timeline (docs/discovery.md). */
export async function listSuggestions(ctx: Context, deps: AppDeps): Promise<void> {
  const { query } = validated<SuggestionsQuery>(ctx)
  ok(ctx, { users: await suggestPeople(readerFor(deps.db), currentUser(ctx).id, query.limit, localeOf(ctx)) })
}

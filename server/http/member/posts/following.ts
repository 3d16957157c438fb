import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import type { FollowingNewQuery, FollowingQuery } from '../../../contract/following'
import { readerFor } from '../../../db/reader'
import { kindOf } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import { followingTimeline, newSince } from '../../../domain/following'
import { ok } from '../../envelope'
import { validated } from '../../middlewares/validate'

/** The 关注 timeline and its new-note count (docs/discovery.md "## 关注 timeline"); signed-in members only. */

const timelineViewer = (ctx: Context) => {
  const me = currentUser(ctx)
  return { id: me.id, blocksSomeone: me.blocksSomeone }
}

export async function listFollowing(ctx: Context, deps: AppDeps): Promise<void> {
  const { query } = validated<FollowingQuery>(ctx)
  ok(ctx, await followingTimeline(deps, readerFor(deps.db), kindOf(deps.db), timelineViewer(ctx), query))
}

export async function countFollowingNew(ctx: Context, deps: AppDeps): Promise<void> {
  const { query } = validated<FollowingNewQuery>(ctx)
  ok(ctx, { new_count: await newSince(deps, readerFor(deps.db), kindOf(deps.db), timelineViewer(ctx), query.cursor) })
}

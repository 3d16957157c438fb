import type Router from '@koa/router'
import type { Context, Next } from 'koa'
import { currentUser, requireUser } from '../../../auth/middleware'
import { likeBody, type LikeBody } from '../../../contract/likes'
import type { AppDeps } from '../../../deps'
import { like, unlike } from '../../../domain/likes'
import { ok } from '../../envelope'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'

/** Some clients cannot send a body with DELETE: take target_type / target_id from the query string then. */
async function bodyFromQuery(ctx: Context, next: Next): Promise<void> {
  const request = ctx.request as { body?: unknown }
  const body = request.body
  if (!body || (typeof body === 'object' && Object.keys(body).length === 0)) request.body = { ...ctx.query }
  await next()
}

/** POST /likes sets a like, DELETE /likes clears it; both idempotent (member §7, ARCHITECTURE.md §4). */
export function registerLikeRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  const writes = writeLimit(deps)
  const body = validate({ body: likeBody })
  router.post('/likes', auth, writes, body, async (ctx: Context) => {
    const { target_type, target_id } = validated<unknown, LikeBody>(ctx).body
    ok(ctx, await like(deps.db, currentUser(ctx).id, target_type, target_id), '点赞成功')
  })
  router.delete('/likes', auth, writes, bodyFromQuery, body, async (ctx: Context) => {
    const { target_type, target_id } = validated<unknown, LikeBody>(ctx).body
    ok(ctx, await unlike(deps.db, currentUser(ctx).id, target_type, target_id), '取消点赞成功')
  })
}

import type { Context } from 'koa'
import { currentUser } from '../../../auth/middleware'
import { BLOCK_MESSAGES, type BlockListQuery } from '../../../contract/blocks'
import { USER_MESSAGES, type UserParams } from '../../../contract/users'
import type { AppDeps } from '../../../deps'
import { findByDisplayId } from '../../../domain/accounts'
import * as blocks from '../../../domain/blocks'
import { Invalid, NotFound } from '../../../errors'
import { listPage, pagination } from '../../../presenters/list'
import { ok } from '../../envelope'
import { validated } from '../../middlewares/validate'

/** Block, unblock (idempotent; yourself → 400, nobody → 404) and the blacklist (拉黑, issue 18). */

async function blockTarget(ctx: Context, deps: AppDeps) {
  const me = currentUser(ctx)
  const target = await findByDisplayId(deps.db, validated<never, never, UserParams>(ctx).params.id)
  if (!target) throw NotFound(USER_MESSAGES.notFound)
  if (target.id === me.id) throw Invalid(BLOCK_MESSAGES.blockSelf)
  return { me, target }
}

export async function blockUser(ctx: Context, deps: AppDeps): Promise<void> {
  const { me, target } = await blockTarget(ctx, deps)
  await blocks.block(deps, me.id, target.id)
  ok(ctx, { blocked: true }, BLOCK_MESSAGES.blocked)
}

export async function unblockUser(ctx: Context, deps: AppDeps): Promise<void> {
  const { me, target } = await blockTarget(ctx, deps)
  await blocks.unblock(deps, me.id, target.id)
  ok(ctx, { blocked: false }, BLOCK_MESSAGES.unblocked)
}

export async function blockListHandler(ctx: Context, deps: AppDeps): Promise<void> {
  const { page, limit } = validated<BlockListQuery>(ctx).query
  const { rows, total } = await blocks.blockList(deps, currentUser(ctx).id, page, limit)
  ok(ctx, listPage('blocks', rows, pagination(page, limit, total)))
}

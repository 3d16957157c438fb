import type { Context } from 'koa'
import { currentUser, viewer } from '../../../auth/middleware'
import { FOLLOW_LIST_KEYS, USER_MESSAGES, type UserListQuery, type UserParams, type UserSearchQuery } from '../../../contract/users'
import type { AppDeps } from '../../../deps'
import { findByDisplayId } from '../../../domain/accounts'
import * as follows from '../../../domain/follows'
import { followState, presentFollowEntry, presentUserCard } from '../../../presenters/user'
import { listPage, pagination } from '../../../presenters/list'
import { ok } from '../../envelope'
import { Invalid, NotFound } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { followList, searchUsers, type FollowListKind } from './queries'

/** Follow, unfollow, follow status, the three follow lists and user search. */

async function targetOf(ctx: Context, deps: AppDeps) {
  const target = await findByDisplayId(deps.db, validated<never, never, UserParams>(ctx).params.id)
  if (!target) throw NotFound(USER_MESSAGES.notFound)
  return target
}

/** Idempotent: following someone already followed is a success that changes nothing. */
export async function follow(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const target = await targetOf(ctx, deps)
  if (target.id === me.id) throw Invalid(USER_MESSAGES.followSelf)
  await follows.follow(deps, me.id, target.id)
  const [rel] = (await follows.relations(deps, me.id, [target.id])).values()
  ok(ctx, followState(true, rel?.theyFollow ?? false), '关注成功')
}

/** Idempotent: unfollowing someone not followed is a success that changes nothing. */
export async function unfollow(ctx: Context, deps: AppDeps): Promise<void> {
  const me = currentUser(ctx)
  const target = await targetOf(ctx, deps)
  if (target.id === me.id) throw Invalid(USER_MESSAGES.followSelf)
  await follows.unfollow(deps, me.id, target.id)
  const [rel] = (await follows.relations(deps, me.id, [target.id])).values()
  ok(ctx, followState(false, rel?.theyFollow ?? false), '取消关注成功')
}

/** A visitor follows nobody: `followed: false` (M §8 treats a failed lookup as not followed anyway). */
export async function followStatus(ctx: Context, deps: AppDeps): Promise<void> {
  const target = await targetOf(ctx, deps)
  const me = viewer(ctx)
  if (!me) return ok(ctx, followState(false, false))
  const [rel] = (await follows.relations(deps, me.id, [target.id])).values()
  ok(ctx, followState(rel?.iFollow ?? false, rel?.theyFollow ?? false, target.id === me.id))
}

export function followListHandler(kind: FollowListKind) {
  return async (ctx: Context, deps: AppDeps): Promise<void> => {
    const { page, limit } = validated<UserListQuery>(ctx).query
    const owner = await targetOf(ctx, deps)
    const { rows, total } = await followList(deps, kind, owner.id, viewer(ctx)?.id ?? null, page, limit)
    ok(ctx, listPage(FOLLOW_LIST_KEYS[kind], rows.map((r) => presentFollowEntry(r.row, r.state)), pagination(page, limit, total)))
  }
}

export async function search(ctx: Context, deps: AppDeps): Promise<void> {
  const { keyword, page, limit } = validated<UserSearchQuery>(ctx).query
  const { rows, total } = await searchUsers(deps, keyword, viewer(ctx)?.id ?? null, page, limit)
  ok(ctx, listPage('users', rows.map((r) => presentUserCard(r.row, r.state)), pagination(page, limit, total)))
}

import type { Context } from 'koa'
import { viewer } from '../../../auth/middleware'
import type { PostListQuery } from '../../../contract/posts'
import { USER_MESSAGES, type UserListQuery, type UserParams } from '../../../contract/users'
import { readerFor } from '../../../db/reader'
import type { AppDeps } from '../../../deps'
import { findByDisplayId } from '../../../domain/accounts'
import { listFeed } from '../../../domain/feed'
import { loadPostCards } from '../../../presenters/post'
import { listPage, pagination } from '../../../presenters/list'
import { ok } from '../../envelope'
import { Forbidden, NotFound, Unauthorized } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { notePage, type NoteListKind } from './queries'

/**
 * A user's collected notes (public: other profiles show them) and liked notes (the owner only: the spec
 * shows the likes tab on the own profile alone). Cards come from the shared note-card loader.
 */
export function noteListHandler(kind: NoteListKind) {
  return async (ctx: Context, deps: AppDeps): Promise<void> => {
    const { page, limit } = validated<UserListQuery, never, UserParams>(ctx).query
    const me = viewer(ctx)
    if (kind === 'likes' && !me) throw Unauthorized()
    const owner = await findByDisplayId(deps.db, validated<never, never, UserParams>(ctx).params.id)
    if (!owner) throw NotFound(USER_MESSAGES.notFound)
    if (kind === 'likes' && owner.id !== me?.id) throw Forbidden('只能查看自己点赞的笔记')
    const { rows, total } = await notePage(deps, kind, owner.id, me?.id ?? null, page, limit)
    const cards = await loadPostCards(readerFor(deps.db), deps.config.database.kind, rows, me?.id ?? null)
    ok(ctx, listPage(kind === 'collections' ? 'collections' : 'posts', cards, pagination(page, limit, total)))
  }
}

/**
 * A user's notes (GET /users/{id}/posts): the feed of GET /posts narrowed to that author, with its category,
 * keyword, sort and (for the author alone) is_draft filters.
 */
export async function userPosts(ctx: Context, deps: AppDeps): Promise<void> {
  const { query, params } = validated<Omit<PostListQuery, 'user_id'>, never, UserParams>(ctx)
  const owner = await findByDisplayId(deps.db, params.id)
  if (!owner) throw NotFound(USER_MESSAGES.notFound)
  const me = viewer(ctx)
  ok(ctx, await listFeed(readerFor(deps.db), deps.config.database.kind, me, { ...query, user_id: owner.user_id }))
}

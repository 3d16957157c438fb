import { In } from 'typeorm'
import { collectionCreateBody, collectionUpdateBody, followCreateBody, followUpdateBody, likeCreateBody, likeUpdateBody } from '../../contract/admin/interactions'
import { intFilter, textFilter } from '../../contract/admin/list'
import { Collection, Comment, Follow, Like, Post, User } from '../../db/entities'
import { collectNote, uncollectNote } from '../../domain/collections'
import { follow, unfollow } from '../../domain/follows'
import { like, unlike, type LikeTarget } from '../../domain/likes'
import { Conflict, Invalid } from '../../errors'
import { date, int, str } from '../fields'
import { requireComment, requirePost, requireUser, resolveUser } from '../refs'
import { createWith, updateWith, type AdminResource } from '../resource'
import { withRecountFallback } from './recount-fallback'

/*
 * Likes, collections and follows: every write is the member API's set / clear command, so the counters,
 * hot scores and (deduplicated) notifications move exactly as when a member acts. An edit that changes
 * who or what is a new row: the new state is set first (so a refused target changes nothing), then the old
 * one cleared, and the reply is the new row.
 */

async function requireTarget(db: Parameters<typeof requirePost>[0], type: number, id: number): Promise<void> {
  if (type === 1) await requirePost(db, id, '目标笔记不存在')
  else await requireComment(db, id, '目标评论不存在')
}

export const likes: AdminResource = {
  name: 'likes',
  label: '点赞',
  description: '点赞（target_type：1 笔记，2 评论）',
  entity: Like,
  alias: 'l',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = l.user_id').leftJoin(Post, 'p', 'l.target_type = 1 AND p.id = l.target_id').leftJoin(Comment, 'c', 'l.target_type = 2 AND c.id = l.target_id'),
  fields: {
    id: int('l.id'),
    user_id: int('l.user_id'),
    user_display_id: str('u.user_id'),
    nickname: str('u.nickname'),
    target_type: int('l.target_type'),
    target_id: int('l.target_id'),
    post_title: str('p.title', { nullable: true, description: '被赞笔记的标题（目标为笔记时）' }),
    comment_content: str('c.content', { nullable: true, description: '被赞评论的内容（目标为评论时）' }),
    created_at: date('l.created_at'),
  },
  filters: { target_type: { sql: 'l.target_type', schema: intFilter }, target_id: { sql: 'l.target_id', schema: intFilter } },
  search: ['u.user_id', 'u.nickname'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'target_type', 'target_id'],
  create: createWith(likeCreateBody, async ({ deps }, input) => {
    const userId = await requireUser(deps.db, input, 'user')
    await requireTarget(deps.db, input.target_type, input.target_id)
    const where = { user_id: userId, target_type: input.target_type, target_id: input.target_id }
    if (await deps.db.getRepository(Like).existsBy(where)) throw Conflict('该用户已点赞过该目标')
    await like(deps.db, userId, input.target_type as LikeTarget, input.target_id)
    return (await deps.db.getRepository(Like).findOneByOrFail(where)).id
  }),
  update: updateWith(likeUpdateBody, async ({ deps }, id, input) => {
    const old = await deps.db.getRepository(Like).findOneByOrFail({ id })
    const next = { user_id: (await resolveUser(deps.db, input, 'user')) ?? old.user_id, target_type: input.target_type ?? old.target_type, target_id: input.target_id ?? old.target_id }
    if (next.user_id === old.user_id && next.target_type === old.target_type && next.target_id === old.target_id) return
    await requireTarget(deps.db, next.target_type, next.target_id)
    if (await deps.db.getRepository(Like).existsBy(next)) throw Conflict('该用户已点赞过该目标')
    await like(deps.db, next.user_id, next.target_type as LikeTarget, next.target_id)
    await withRecountFallback(deps, 'likes', [old], () => unlike(deps.db, old.user_id, old.target_type as LikeTarget, old.target_id))
    return (await deps.db.getRepository(Like).findOneByOrFail(next)).id
  }),
  async remove({ deps }, ids) {
    for (const row of await deps.db.getRepository(Like).findBy({ id: In(ids) })) {
      await withRecountFallback(deps, 'likes', [row], () => unlike(deps.db, row.user_id, row.target_type as LikeTarget, row.target_id))
    }
  },
}

export const collections: AdminResource = {
  name: 'collections',
  label: '收藏',
  description: '收藏',
  entity: Collection,
  alias: 'k',
  joins: (qb) => qb.leftJoin(User, 'u', 'u.id = k.user_id').leftJoin(Post, 'p', 'p.id = k.post_id'),
  fields: {
    id: int('k.id'),
    user_id: int('k.user_id'),
    user_display_id: str('u.user_id'),
    nickname: str('u.nickname'),
    post_id: int('k.post_id'),
    post_title: str('p.title'),
    created_at: date('k.created_at'),
  },
  filters: { post_id: { sql: 'k.post_id', schema: intFilter } },
  search: ['u.user_id', 'u.nickname', 'p.title'],
  userDisplayId: 'u.user_id',
  sortable: ['id', 'created_at', 'post_id'],
  create: createWith(collectionCreateBody, async ({ deps }, input) => {
    const userId = await requireUser(deps.db, input, 'user')
    await requirePost(deps.db, input.post_id)
    const where = { user_id: userId, post_id: input.post_id }
    if (await deps.db.getRepository(Collection).existsBy(where)) throw Conflict('该用户已收藏过该笔记')
    await collectNote(deps.db, userId, input.post_id)
    return (await deps.db.getRepository(Collection).findOneByOrFail(where)).id
  }),
  update: updateWith(collectionUpdateBody, async ({ deps }, id, input) => {
    const old = await deps.db.getRepository(Collection).findOneByOrFail({ id })
    const next = { user_id: (await resolveUser(deps.db, input, 'user')) ?? old.user_id, post_id: input.post_id ?? old.post_id }
    if (next.user_id === old.user_id && next.post_id === old.post_id) return
    await requirePost(deps.db, next.post_id)
    if (await deps.db.getRepository(Collection).existsBy(next)) throw Conflict('该用户已收藏过该笔记')
    await collectNote(deps.db, next.user_id, next.post_id)
    await withRecountFallback(deps, 'collections', [old], () => uncollectNote(deps.db, old.user_id, old.post_id))
    return (await deps.db.getRepository(Collection).findOneByOrFail(next)).id
  }),
  async remove({ deps }, ids) {
    for (const row of await deps.db.getRepository(Collection).findBy({ id: In(ids) })) {
      await withRecountFallback(deps, 'collections', [row], () => uncollectNote(deps.db, row.user_id, row.post_id))
    }
  },
}

export const follows: AdminResource = {
  name: 'follows',
  label: '关注',
  description: '关注关系',
  entity: Follow,
  alias: 'f',
  joins: (qb) => qb.leftJoin(User, 'fr', 'fr.id = f.follower_id').leftJoin(User, 'fg', 'fg.id = f.following_id'),
  fields: {
    id: int('f.id'),
    follower_id: int('f.follower_id'),
    follower_display_id: str('fr.user_id'),
    follower_nickname: str('fr.nickname'),
    following_id: int('f.following_id'),
    following_display_id: str('fg.user_id'),
    following_nickname: str('fg.nickname'),
    created_at: date('f.created_at'),
  },
  filters: { follower_display_id: { sql: 'fr.user_id', schema: textFilter }, following_display_id: { sql: 'fg.user_id', schema: textFilter } },
  search: ['fr.user_id', 'fr.nickname', 'fg.user_id', 'fg.nickname'],
  userDisplayId: 'fr.user_id',
  sortable: ['id', 'created_at'],
  create: createWith(followCreateBody, async ({ deps }, input) => {
    const followerId = await requireUser(deps.db, input, 'follower', '关注者不存在')
    const followingId = await requireUser(deps.db, input, 'following', '被关注者不存在')
    if (followerId === followingId) throw Invalid('不能关注自己')
    if (!(await follow(deps, followerId, followingId))) throw Conflict('已经关注过该用户')
    return (await deps.db.getRepository(Follow).findOneByOrFail({ follower_id: followerId, following_id: followingId })).id
  }),
  update: updateWith(followUpdateBody, async ({ deps }, id, input) => {
    const old = await deps.db.getRepository(Follow).findOneByOrFail({ id })
    const followerId = (await resolveUser(deps.db, input, 'follower', '关注者不存在')) ?? old.follower_id
    const followingId = (await resolveUser(deps.db, input, 'following', '被关注者不存在')) ?? old.following_id
    if (followerId === old.follower_id && followingId === old.following_id) return
    if (followerId === followingId) throw Invalid('不能关注自己')
    if (!(await follow(deps, followerId, followingId))) throw Conflict('已经关注过该用户')
    await unfollow(deps, old.follower_id, old.following_id)
    return (await deps.db.getRepository(Follow).findOneByOrFail({ follower_id: followerId, following_id: followingId })).id
  }),
  async remove({ deps }, ids) {
    for (const row of await deps.db.getRepository(Follow).findBy({ id: In(ids) })) await unfollow(deps, row.follower_id, row.following_id)
  },
}

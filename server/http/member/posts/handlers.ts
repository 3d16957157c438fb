import type { Context } from 'koa'
import { currentUser, viewer } from '../../../auth/middleware'
import type { PostCreateBody, PostListQuery, PostUpdateBody } from '../../../contract/posts'
import { readerFor } from '../../../db/reader'
import { kindOf } from '../../../db/sql'
import type { AppDeps } from '../../../deps'
import { collectNote, uncollectNote } from '../../../domain/collections'
import { listFeed } from '../../../domain/feed'
import { isRecommendChannel, recommendFeed } from '../../../domain/discovery/feed'
import { clearNotInterested, markNotInterested } from '../../../domain/discovery/not-interested'
import { deleteNote, type NotesEnv } from '../../../domain/notes'
import { publishNote, reviseNote } from '../../../domain/note-review'
import { visitorDetail } from '../../../domain/visitor-detail'
import { detailWithViews, recordView, stableRead, viewedRecently, viewerKey, viewPending } from '../../../domain/views'
import { mediaStorage } from '../../../media/storage'
import { loadPostDetail } from '../../../presenters/post-detail'
import { ok } from '../../envelope'
import { NotFound } from '../../../errors'
import { validated } from '../../middlewares/validate'
import { localeOf } from '../../locale'

type IdParams = { id: number }

/** A note that waits for review: saved, seen by its author only (审核中). */
const PENDING_MESSAGE = '已提交审核，审核通过后将公开显示'

const notesEnv = (deps: AppDeps): NotesEnv => ({ db: deps.db, storage: mediaStorage(deps.config.uploadsDir), logger: deps.logger })

export async function listPosts(ctx: Context, deps: AppDeps): Promise<void> {
  const { query } = validated<PostListQuery>(ctx)
  const me = viewer(ctx)
  const reader = readerFor(deps.db)
  // A member's 推荐 is personalised (domain/discovery), unless the back-office turned that off; visitors keep the hot list.
  const personal = me && isRecommendChannel(query) ? await recommendFeed(deps.db, reader, kindOf(deps.db), me, query, localeOf(ctx)) : null
  ok(ctx, personal ?? (await listFeed(reader, kindOf(deps.db), me, query)))
}

/**
 * Note detail, answered from the read connections. Drafts exist only for their author (404 for anyone
 * else). The view is counted on the server (once per viewer per hour), buffered and written after the
 * reply (domain/views.ts); `skipViewCount` is accepted and ignored. Visitors share a briefly cached copy
 * of the note (domain/visitor-detail.ts).
 */
export async function getPost(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  const me = viewer(ctx)
  const key = viewerKey(me?.id ?? null, ctx.ip)
  const reader = readerFor(deps.db)
  if (!me) {
    const detail = await visitorDetail(deps.db, reader, id, key)
    if (!detail) throw NotFound('笔记不存在')
    return ok(ctx, detail)
  }
  const detail = await detailWithViews(
    deps.db,
    id,
    () => stableRead(deps.db, id, () => loadPostDetail(reader, id, me.id, key)),
    (loaded) => {
      if (!loaded || (!loaded.listed && loaded.authorId !== me.id)) return null
      if (loaded.listed && !viewedRecently(loaded.viewedAt) && !viewPending(deps.db, id, key)) recordView(deps.db, id, key)
      return loaded.detail
    },
  )
  if (!detail) throw NotFound('笔记不存在')
  ok(ctx, detail)
}

export async function createPost(ctx: Context, deps: AppDeps): Promise<void> {
  const body = validated<unknown, PostCreateBody>(ctx).body
  const { id, pending } = await publishNote(notesEnv(deps), currentUser(ctx).id, body)
  ok(ctx, { id }, body.is_draft ? '保存成功' : pending ? PENDING_MESSAGE : '发布成功')
}

export async function updatePost(ctx: Context, deps: AppDeps): Promise<void> {
  const { params, body } = validated<unknown, PostUpdateBody, IdParams>(ctx)
  const { pending } = await reviseNote(notesEnv(deps), currentUser(ctx).id, params.id, body)
  ok(ctx, { id: params.id }, pending ? PENDING_MESSAGE : '更新成功')
}

export async function deletePost(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  await deleteNote(notesEnv(deps), currentUser(ctx).id, id)
  ok(ctx, null, '删除成功')
}

export async function collect(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  ok(ctx, await collectNote(deps.db, currentUser(ctx).id, id), '收藏成功')
}

export async function uncollect(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  ok(ctx, await uncollectNote(deps.db, currentUser(ctx).id, id), '取消收藏成功')
}

export async function notInterested(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  ok(ctx, await markNotInterested(deps.db, currentUser(ctx).id, id), '将减少推荐此类内容')
}

export async function undoNotInterested(ctx: Context, deps: AppDeps): Promise<void> {
  const { id } = validated<unknown, unknown, IdParams>(ctx).params
  ok(ctx, await clearNotInterested(deps.db, currentUser(ctx).id, id), '已撤销')
}

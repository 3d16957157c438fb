import type Router from '@koa/router'
import type { Context } from 'koa'
import { currentUser, optionalUser, requireUser, viewer } from '../../../auth/middleware'
import { commentCreateBody, commentListQuery, replyListQuery, type CommentCreateBody, type CommentListQuery, type ReplyListQuery } from '../../../contract/comments'
import { idParams } from '../../../contract/common'
import { readerFor } from '../../../db/reader'
import type { AppDeps } from '../../../deps'
import { deleteComment, listComments, listReplies } from '../../../domain/comments'
import { postComment } from '../../../domain/note-review'
import { Moderation } from '../../../db/visibility'
import { ok } from '../../envelope'
import { writeLimit } from '../../middlewares/rate-limit'
import { validate, validated } from '../../middlewares/validate'
import { publicCache } from '../../middlewares/public-cache'

/** Comments of a note, replies of a comment, create and delete own (member §2.5, §7 Likes, comments). */
export function registerCommentRoutes(router: Router, deps: AppDeps): void {
  const auth = requireUser(deps)
  const maybe = optionalUser(deps)
  const writes = writeLimit(deps)
  router.get('/posts/:id/comments', publicCache(), maybe, validate({ params: idParams, query: commentListQuery }), async (ctx: Context) => {
    const { params, query } = validated<CommentListQuery, unknown, { id: number }>(ctx)
    ok(ctx, await listComments(readerFor(deps.db), params.id, viewer(ctx)?.id ?? null, query))
  })
  router.get('/comments/:id/replies', publicCache(), maybe, validate({ params: idParams, query: replyListQuery }), async (ctx: Context) => {
    const { params, query } = validated<ReplyListQuery, unknown, { id: number }>(ctx)
    const page = await listReplies(readerFor(deps.db), params.id, viewer(ctx)?.id ?? null, query)
    ok(ctx, { ...page, comments: page.replies })
  })
  router.post('/comments', auth, writes, validate({ body: commentCreateBody }), async (ctx: Context) => {
    const { body } = validated<unknown, CommentCreateBody>(ctx)
    const comment = await postComment(deps.db, readerFor(deps.db), currentUser(ctx).id, body)
    ok(ctx, comment, comment.moderation === Moderation.pending ? '已提交审核，审核通过后将公开显示' : comment.parent_id ? '回复成功' : '评论成功')
  })
  router.delete('/comments/:id', auth, writes, validate({ params: idParams }), async (ctx: Context) => {
    const { params } = validated<unknown, unknown, { id: number }>(ctx)
    const deletedCount = await deleteComment(deps.db, currentUser(ctx).id, params.id)
    ok(ctx, { deletedCount }, '删除成功')
  })
}

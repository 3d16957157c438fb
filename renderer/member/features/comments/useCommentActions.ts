import { refusalMessage } from '../interactions/refusal'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { ApiError } from '../../../common/api/errors'
import { confirmDialog } from '../../../common/components/confirm'
import { toast } from '../../../common/components/toast'
import { createComment, deleteComment } from '../../api/comments'
import { setLiked } from '../../api/likes'
import type { Comment } from '../../api/types'
import { useSession } from '../../session/SessionContext'
import { patchPost } from '../interactions/postCache'
import { insertComment, insertReply, patchComment, removeComment } from './commentCache'

export interface ReplyTarget {
  /** The comment being answered (a top-level comment or a reply). */
  comment: Comment
  /** The top-level comment the reply goes under (one level deep). */
  rootId: number
}

export function useCommentActions(postId: number) {
  const qc = useQueryClient()
  const { user, requireLogin } = useSession()

  const like = useCallback(
    async (c: Comment) => {
      if (!requireLogin()) return
      const next = !c.liked
      patchComment(qc, postId, c.id, (x) => ({ ...x, liked: next, like_count: Math.max(0, x.like_count + (next ? 1 : -1)) }))
      try {
        const count = await setLiked(2, c.id, next)
        patchComment(qc, postId, c.id, (x) => ({ ...x, like_count: count, likeCount: count }))
      } catch (err) {
        patchComment(qc, postId, c.id, (x) => ({ ...x, liked: c.liked, like_count: c.like_count }))
        toast.error(refusalMessage(err, '操作失败，请重试'))
      }
    },
    [qc, postId, requireLogin],
  )

  const remove = useCallback(
    async (c: Comment) => {
      const isReply = c.parent_id !== null
      if (!user || c.user_id !== user.user_id) {
        toast.warning(isReply ? '只能删除自己发布的回复' : '只能删除自己发布的评论')
        return
      }
      if (!(await confirmDialog({ title: isReply ? '删除回复' : '删除评论', message: '确定要删除这条内容吗？', confirmText: '删除' }))) return
      try {
        await deleteComment(c.id)
        removeComment(qc, postId, c.id)
        patchPost(qc, postId, (p) => ({ comment_count: Math.max(0, p.comment_count - 1 - (isReply ? 0 : c.reply_count)) }))
        toast.success(isReply ? '回复已删除' : '评论已删除')
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) toast.error('找不到对应评论，请刷新页面')
        else toast.error(isReply ? '删除回复失败，请重试' : '删除评论失败，请重试')
      }
    },
    [qc, postId, user],
  )

  /** Sends a comment or reply; throws on failure so the input can restore its text. */
  const send = useCallback(
    async (content: string, target: ReplyTarget | null): Promise<Comment> => {
      const { comment, message } = await createComment(postId, content, target ? target.rootId : null)
      // A reply is sent under the top-level comment (one level deep); it shows whom it answers.
      const filled: Comment = { ...comment, replyTo: target ? target.comment.nickname : null }
      if (target) insertReply(qc, postId, target.rootId, filled)
      else insertComment(qc, postId, filled)
      // A comment held for review counts once it is approved.
      if (comment.moderation === 0) patchPost(qc, postId, (p) => ({ comment_count: p.comment_count + 1 }))
      toast.success(message && !/^(ok|success)$/i.test(message) ? message : target ? '回复成功' : '评论成功')
      return filled
    },
    [qc, postId],
  )

  return { like, remove, send }
}

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { listReplies } from '../../api/comments'
import type { Comment } from '../../api/types'
import { commentKeys } from './commentCache'
import { CommentItem, type CommentItemProps } from './CommentItem'

const VISIBLE_REPLIES = 2

type Shared = Omit<CommentItemProps, 'comment' | 'highlighted' | 'isReply'>

/** A top-level comment with its replies: 2 shown, the rest behind an expand/collapse toggle. */
export function CommentThread({ comment, highlightId, forceExpand, ...shared }: Shared & { comment: Comment; highlightId: number | null; forceExpand: boolean }) {
  const [expanded, setExpanded] = useState(false)
  const needsFetch = comment.reply_count > comment.replies.length
  const fetched = useQuery({
    queryKey: commentKeys.replies(comment.id),
    queryFn: () => listReplies(comment.id),
    enabled: needsFetch,
    staleTime: 60_000,
  })
  const replies = needsFetch && fetched.data ? fetched.data : comment.replies
  const open = expanded || forceExpand
  const shown = open ? replies : replies.slice(0, VISIBLE_REPLIES)
  const hidden = Math.max(replies.length, comment.reply_count) - VISIBLE_REPLIES
  return (
    <div className="comment-thread">
      <CommentItem comment={comment} highlighted={highlightId === comment.id} {...shared} />
      {shown.length > 0 && (
        <div className="comment-replies">
          {shown.map((r) => (
            <CommentItem key={r.id} comment={r} highlighted={highlightId === r.id} isReply {...shared} />
          ))}
          {hidden > 0 && (
            <button type="button" className="comment-expand" onClick={() => setExpanded((v) => !v)}>
              {open ? '收起' : `展开 ${hidden} 条回复`}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

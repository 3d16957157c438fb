import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import type { CommentSort } from '../../api/comments'
import type { Comment } from '../../api/types'
import { useSession } from '../../session/SessionContext'
import { CommentThread } from './CommentThread'
import type { ReplyTarget } from './useCommentActions'
import { useCommentActions } from './useCommentActions'
import { useComments } from './useComments'

const MAX_EXTRA_PAGES = 10
const HIGHLIGHT_MS = 3000

export interface CommentListProps {
  postId: number
  /**
   * The note's comment count, replies included: the header and the note's comment button show the same number
   * (issue 13: the header used to count top-level comments only).
   */
  total: number
  authorId: string
  targetCommentId: number | null
  onReply: (target: ReplyTarget) => void
  onImageClick: (src: string, all: string[]) => void
}

/** Comments section (spec §2.5): sort, paging by 5, one level of replies, jump to a target comment. */
export function CommentList({ postId, total, authorId, targetCommentId, onReply, onImageClick }: CommentListProps) {
  const { user, requireLogin } = useSession()
  const [sort, setSort] = useState<CommentSort>('desc')
  const q = useComments(postId, sort)
  const { like, remove } = useCommentActions(postId)
  const [highlightId, setHighlightId] = useState<number | null>(null)
  const extraPages = useRef(0)
  const doneTarget = useRef<number | null>(null)

  // Jump to the target comment: load up to 10 extra pages, then scroll to it and highlight it for 3 s.
  useEffect(() => {
    if (!targetCommentId || doneTarget.current === targetCommentId || q.isLoading || q.isFetchingNextPage) return
    const el = document.getElementById(`comment-${targetCommentId}`)
    const inThread = q.comments.find((c) => c.id === targetCommentId || c.replies.some((r) => r.id === targetCommentId))
    if (el || inThread) {
      doneTarget.current = targetCommentId
      setHighlightId(targetCommentId)
      requestAnimationFrame(() => document.getElementById(`comment-${targetCommentId}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }))
      return
    }
    if (q.hasNextPage && extraPages.current < MAX_EXTRA_PAGES) {
      extraPages.current += 1
      void q.fetchNextPage()
    }
  }, [targetCommentId, q.comments, q.isLoading, q.isFetchingNextPage, q.hasNextPage, q])

  // The highlight lasts 3 s (spec §2.5). Its own effect: the jump effect above re-runs on every list change, and a
  // timer kept there was cleared by the next render and never fired (issue 13).
  useEffect(() => {
    if (highlightId === null) return
    const t = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS)
    return () => clearTimeout(t)
  }, [highlightId])

  const threadOf = (c: Comment) => Boolean(highlightId && c.replies.some((r) => r.id === highlightId))
  const reply = (c: Comment) => {
    if (!requireLogin()) return
    const rootId = c.parent_id ?? c.id
    onReply({ comment: c, rootId })
  }

  return (
    <section className="comments" aria-label="评论">
      <div className="comments-head">
        <span>共 {total} 条评论</span>
        <button
          type="button"
          className="comments-sort"
          onClick={() => {
            if (!requireLogin()) return
            setSort((s) => (s === 'desc' ? 'asc' : 'desc'))
          }}
        >
          {sort === 'desc' ? '最新' : '最早'}
          <Icon name="chevronDown" size={14} />
        </button>
      </div>
      {q.isLoading ? (
        <Spinner size={22} />
      ) : q.isError && q.comments.length === 0 ? (
        <LoadError title="获取评论失败，请稍后重试" onRetry={() => void q.refetch()} />
      ) : q.comments.length === 0 ? (
        <div className="comments-empty">还没有评论，快来抢沙发吧~</div>
      ) : (
        <div className="comments-list">
          {q.comments.map((c) => (
            <CommentThread
              key={c.id}
              comment={c}
              authorId={authorId}
              meId={user?.user_id ?? null}
              highlightId={highlightId}
              forceExpand={threadOf(c)}
              onLike={(x) => void like(x)}
              onReply={reply}
              onDelete={(x) => void remove(x)}
              onImageClick={onImageClick}
            />
          ))}
        </div>
      )}
      {q.hasNextPage && (
        <button type="button" className="comments-more" disabled={q.isFetchingNextPage} onClick={() => requireLogin() && void q.fetchNextPage()}>
          {q.isFetchingNextPage ? '加载中...' : '加载更多评论'}
        </button>
      )}
      {!q.hasNextPage && q.comments.length > 0 && <div className="comments-end">- 到底了 -</div>}
    </section>
  )
}

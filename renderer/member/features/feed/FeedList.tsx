import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import type { Post } from '../../api/types'
import { useInfiniteScroll } from './useInfiniteScroll'
import { Waterfall } from './Waterfall'

export interface FeedListProps {
  posts: readonly Post[]
  isLoading: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  emptyText?: string
  columns?: number
  /** The last load failed: a message with a retry instead of an empty list or at the end of the list. */
  error?: unknown
  onRetry?: () => void
}

/** Waterfall with loading, empty and end-of-list states and infinite loading near the bottom. */
export function FeedList({ posts, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage, emptyText = '暂无内容', columns, error, onRetry }: FeedListProps) {
  const failed = error != null && onRetry
  useInfiniteScroll(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
    },
    hasNextPage && !isLoading && !failed,
  )
  if (isLoading) return <Spinner label="加载中..." />
  if (failed && posts.length === 0) return <LoadError error={error} onRetry={onRetry} />
  if (posts.length === 0) {
    return (
      <div className="feed-empty">
        <div className="feed-empty-art" aria-hidden="true" />
        <p>{emptyText}</p>
      </div>
    )
  }
  return (
    <>
      <Waterfall posts={posts} columns={columns} />
      <div className="feed-end">
        {isFetchingNextPage ? <Spinner size={22} /> : failed ? <LoadError error={error} onRetry={onRetry} /> : hasNextPage ? null : <span>没有更多内容了</span>}
      </div>
    </>
  )
}
